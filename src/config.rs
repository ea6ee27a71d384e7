//! The configuration file, `openapi2mcp.yaml`: found from the working directory upward,
//! or named with `--config`. Today it sets lint rule severities:
//!
//! ```yaml
//! lint:
//!   rules:
//!     redundant-default: off      # by name or code; error, warning, info or off
//!     OAM004: error
//! ```
//!
//! Unknown keys are errors with the file and line.

use std::path::{Path, PathBuf};

use indexmap::IndexMap;
use serde::Deserialize;

use crate::error::{push_pointer, Error, Result};
use crate::lint::Settings;
use crate::load::locate::line_of;
use crate::load::parse_typed_yaml;

pub const FILE_NAME: &str = "openapi2mcp.yaml";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Shape {
    lint: Option<LintShape>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct LintShape {
    rules: Option<IndexMap<String, String>>,
}

#[derive(Debug, Default)]
pub struct Config {
    /// Where it was read from, if anywhere.
    pub file: Option<PathBuf>,
    pub lint: Settings,
}

impl Config {
    /// The file named, or the first `openapi2mcp.yaml` from `start` upward, or nothing.
    pub fn find(named: Option<&Path>, start: &Path) -> Result<Config> {
        let path = match named {
            Some(path) => Some(path.to_path_buf()),
            None => start
                .ancestors()
                .map(|d| d.join(FILE_NAME))
                .find(|p| p.is_file()),
        };
        match path {
            Some(path) => Config::load(&path),
            None => Ok(Config::default()),
        }
    }

    fn load(path: &Path) -> Result<Config> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| {
            Error::new(format!("cannot read the config file: {e}")).in_file(file.clone())
        })?;
        let shape: Shape = parse_typed_yaml(&file, &text, "invalid config")?;
        let mut lint = Settings::default();
        for (rule, level) in shape.lint.and_then(|l| l.rules).unwrap_or_default() {
            lint.set(&rule, &level).map_err(|reason| {
                let pointer = push_pointer("/lint/rules", &rule);
                let error = Error::new(format!("invalid config: {reason}"))
                    .in_file(file.clone())
                    .at(pointer.clone());
                match line_of(&text, &pointer) {
                    Some((line, col)) => error.at_line(line, col),
                    None => error,
                }
            })?;
        }
        Ok(Config {
            file: Some(path.to_path_buf()),
            lint,
        })
    }
}
