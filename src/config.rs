//! The configuration file, `openapi2mcp.yaml`: found from the working directory upward,
//! or named with `--config`. It holds every option of convert, review and lint, so that a
//! pipeline runs `openapi2mcp convert --check` and nothing more; command-line flags win.
//! Paths in it are relative to the file. Unknown keys are errors with the file and line.
//!
//! ```yaml
//! spec: api.yaml
//! output: tools.json
//! hints: minimal                  # or explicit
//! closed-world: false
//! name-max: 64
//! output-schema: false
//! strict: false
//! overrides: hints.yaml
//! allow-ref-outside: [../common]
//! client: cursor                 # claude, openai, cursor, gemini, vscode, mcp
//! server-name: petstore
//! filters:
//!   include-tags: [pets]
//!   exclude-tags: [internal]
//!   include-paths: ["/pets/**"]
//!   exclude-paths: ["/admin/**"]
//!   methods: [GET, POST]
//!   operations: [listPets]
//!   read-only: false
//! lint:
//!   fail-on: error                # error, warning, info or never
//!   rules:
//!     redundant-default: off      # by name or code; error, warning, info or off
//!     OAM004: error
//! ```

use std::path::{Path, PathBuf};

use indexmap::IndexMap;
use serde::Deserialize;

use crate::convert::client::Client;
use crate::error::{push_pointer, Error, Result};
use crate::hints::HintStyle;
use crate::lint::Settings;
use crate::load::locate::line_of;
use crate::load::parse_typed_yaml;

pub const FILE_NAME: &str = "openapi2mcp.yaml";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Shape {
    spec: Option<String>,
    output: Option<String>,
    hints: Option<HintStyle>,
    closed_world: Option<bool>,
    name_max: Option<u16>,
    output_schema: Option<bool>,
    strict: Option<bool>,
    overrides: Option<String>,
    allow_ref_outside: Option<Vec<String>>,
    filters: Option<Filters>,
    client: Option<Client>,
    server_name: Option<String>,
    lint: Option<LintShape>,
}

/// The filters, as `--include-tag` and the others set them.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Filters {
    #[serde(default)]
    pub include_tags: Vec<String>,
    #[serde(default)]
    pub exclude_tags: Vec<String>,
    #[serde(default)]
    pub include_paths: Vec<String>,
    #[serde(default)]
    pub exclude_paths: Vec<String>,
    #[serde(default)]
    pub methods: Vec<String>,
    #[serde(default)]
    pub operations: Vec<String>,
    #[serde(default)]
    pub read_only: bool,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct LintShape {
    fail_on: Option<String>,
    rules: Option<IndexMap<String, String>>,
}

/// What the file says; `None` where it says nothing.
#[derive(Debug, Default)]
pub struct Config {
    pub spec: Option<PathBuf>,
    pub output: Option<PathBuf>,
    pub hints: Option<HintStyle>,
    pub closed_world: bool,
    pub name_max: Option<u16>,
    pub output_schema: bool,
    pub strict: bool,
    pub overrides: Option<PathBuf>,
    pub allow_ref_outside: Vec<PathBuf>,
    pub filters: Filters,
    pub client: Option<Client>,
    pub server_name: Option<String>,
    pub lint_fail_on: Option<String>,
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
        let invalid = |pointer: String, reason: String| {
            let error = Error::new(format!("invalid config: {reason}"))
                .in_file(file.clone())
                .at(pointer.clone());
            match line_of(&text, &pointer) {
                Some((line, col)) => error.at_line(line, col),
                None => error,
            }
        };
        let lint_shape = shape.lint.unwrap_or_default();
        let mut lint = Settings::default();
        for (rule, level) in lint_shape.rules.unwrap_or_default() {
            lint.set(&rule, &level)
                .map_err(|reason| invalid(push_pointer("/lint/rules", &rule), reason))?;
        }
        if let Some(level) = &lint_shape.fail_on {
            if !matches!(level.as_str(), "error" | "warning" | "info" | "never") {
                return Err(invalid(
                    "/lint/fail-on".into(),
                    format!("fail-on '{level}': error, warning, info or never"),
                ));
            }
        }
        if let Some(n) = shape.name_max.filter(|n| !(16..=128).contains(n)) {
            return Err(invalid(
                "/name-max".into(),
                format!("name-max {n} is not in 16..=128"),
            ));
        }
        // Paths in the file are relative to it.
        let base = path.parent().unwrap_or(Path::new(""));
        let relative = |p: String| base.join(p);
        Ok(Config {
            spec: shape.spec.map(relative),
            output: shape.output.map(relative),
            hints: shape.hints,
            closed_world: shape.closed_world.unwrap_or(false),
            name_max: shape.name_max,
            output_schema: shape.output_schema.unwrap_or(false),
            strict: shape.strict.unwrap_or(false),
            overrides: shape.overrides.map(relative),
            allow_ref_outside: shape
                .allow_ref_outside
                .unwrap_or_default()
                .into_iter()
                .map(relative)
                .collect(),
            filters: shape.filters.unwrap_or_default(),
            client: shape.client,
            server_name: shape.server_name,
            lint_fail_on: lint_shape.fail_on,
            lint,
        })
    }
}
