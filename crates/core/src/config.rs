//! The configuration file, `openapi2mcp.yaml`: found from the working directory upward
//! (no higher than the repository's root, marked by `.git`, or the home directory; only
//! the working directory itself outside both), or named with `--config`. It holds every
//! option of convert, review and lint, and serve's (in the types of [`crate::options`],
//! which the command line shares), so that a pipeline runs
//! `openapi2mcp convert --check` and nothing more; command-line flags win. Paths in it are
//! relative to the file. Unknown keys are errors with the file and line.
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
//! allow-ref-host: [schemas.example.com]
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
//!   tool-token-limit: 8000        # tool-too-large
//!   token-budget: 100000          # too-many-tools
//!   rules:
//!     redundant-default: off      # by name or code; error, warning, info or off
//!     OAM004: error
//! serve:
//!   base-url: https://staging.example.com
//!   timeout: 30                   # seconds
//!   retries: 0                    # at most 10
//!   max-response-bytes: 1000000
//!   dynamic: false
//!   toolset: [pets]
//!   token-budget: 100000          # with dynamic
//! ```

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::error::{from_value_at, push_pointer, Error, ErrorKind, Result};
use crate::lint::RuleSettings;
use crate::load::locate::line_of;
use crate::load::parse_typed_yaml;
use crate::options::{
    ConvertOptions, LintOptions, OutputOptions, ServeOptions, SpecOptions, MAX_FILE_MIB,
    MAX_RETRIES,
};

/// The file's name, looked for from the working directory upward.
pub const FILE_NAME: &str = "openapi2mcp.yaml";
/// The file's other spelling, read where the first is absent.
pub const OTHER_FILE_NAME: &str = "openapi2mcp.yml";

/// What the file says; `None` where it says nothing. (Serialized, it lists every key the
/// file may hold.)
#[derive(Debug, Default, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[schemars(deny_unknown_fields)]
pub struct Config {
    /// The spec the commands read when none is named
    pub spec: Option<PathBuf>,
    /// convert's own options (`output`, `strict`), at the file's top level.
    #[serde(flatten)]
    pub convert: ConvertOptions,
    /// How the tools are written (`hints`, `output-schema`, `compact`), at the top level. Where
    /// they are written is [`Config::convert`]'s `output`.
    #[serde(flatten)]
    pub output: OutputOptions,
    /// How the spec is read and becomes tools (`closed-world`, `overrides`, `filters`, `client`
    /// and the rest), at the top level.
    #[serde(flatten)]
    pub spec_options: SpecOptions,
    /// lint's options
    #[serde(default)]
    #[schemars(with = "Option<LintOptions>")]
    pub lint: LintOptions,
    /// serve's options
    #[serde(default)]
    #[schemars(with = "Option<ServeOptions>")]
    pub serve: ServeOptions,
    /// The file read, if any, and whether the user named it (`--config`).
    #[serde(skip)]
    #[schemars(skip)]
    pub source: Option<(PathBuf, bool)>,
}

impl Config {
    /// The file's JSON Schema, from these types (`docs/schemas/openapi2mcp.schema.json`,
    /// for editors: `# yaml-language-server: $schema=...`).
    pub fn json_schema() -> serde_json::Value {
        let mut schema = schemars::schema_for!(Config).to_value();
        schema["title"] = "openapi2mcp.yaml".into();
        schema["description"] =
            "openapi2mcp's configuration file: every option of convert, review and lint, and serve's"
                .into();
        schema
    }

    /// The file named, or the first `openapi2mcp.yaml` (or `.yml`) from `start` upward, or
    /// nothing.
    pub fn find(named: Option<&Path>, start: &Path) -> Result<Config> {
        match Config::locate(named, start) {
            Some(path) => {
                // Both spellings side by side: which one holds the settings is not clear.
                let other = path.with_file_name(OTHER_FILE_NAME);
                if named.is_none() && path.ends_with(FILE_NAME) && other.is_file() {
                    return Err(Error::new(
                        ErrorKind::Usage,
                        format!(
                            "two config files: {} and {}; keep one",
                            path.display(),
                            other.display()
                        ),
                    ));
                }
                let mut config = Config::load(&path)?;
                if named.is_none() {
                    config.check_writes_inside(&path)?;
                }
                config.source = Some((path, named.is_some()));
                Ok(config)
            }
            None => Ok(Config::default()),
        }
    }

    /// A config file the user did not name writes nothing outside its own directory: one
    /// planted above a project must not make `convert` replace `~/.bashrc`.
    fn check_writes_inside(&self, path: &Path) -> Result<()> {
        let Some(output) = &self.convert.output else {
            return Ok(());
        };
        // Where the system would write: a symbolic link the project ships (`tools.json` ->
        // `~/.bashrc`, `link/..`) is followed as writing follows it.
        let directory = resolved(path.parent().unwrap_or(Path::new("")));
        let inside = match (resolved(output), directory) {
            (Some(output), Some(directory)) => output.starts_with(directory),
            _ => false,
        };
        if inside {
            return Ok(());
        }
        Err(Error::new(ErrorKind::Usage, format!(
            "the config file {} (found, not named) writes its output to {}, outside its directory: name the file with --config to allow that",
            path.display(),
            output.display()
        )))
    }

    /// Where [`Config::find`] reads: the file named, or the first `openapi2mcp.yaml` (or
    /// `openapi2mcp.yml`) from `start` upward, no higher than the repository's root or the
    /// home directory, whichever comes first; outside both, `start` alone.
    pub fn locate(named: Option<&Path>, start: &Path) -> Option<PathBuf> {
        if let Some(path) = named {
            return Some(path.to_path_buf());
        }
        let home = std::env::var_os("HOME").map(PathBuf::from);
        let is_boundary = |dir: &Path| dir.join(".git").exists() || home.as_deref() == Some(dir);
        let searched: Vec<&Path> = match start.ancestors().position(is_boundary) {
            Some(last) => start.ancestors().take(last + 1).collect(),
            None => vec![start],
        };
        searched
            .into_iter()
            .flat_map(|d| [d.join(FILE_NAME), d.join(OTHER_FILE_NAME)])
            // Whatever holds the name is the config: a FIFO or a directory there is an
            // error when read, never skipped for a file further up.
            .find(|p| p.symlink_metadata().is_ok())
    }

    fn load(path: &Path) -> Result<Config> {
        let (file, text) = crate::load::read_own_file(path, "the config file")?;
        let invalid = |pointer: String, reason: String| {
            let error = Error::new(ErrorKind::Input, format!("invalid config: {reason}"))
                .in_file(file.clone())
                .at(pointer.clone());
            match line_of(&text, &pointer) {
                Some((line, col)) => error.at_line(line, col),
                None => error,
            }
        };
        // Unknown keys first, each at its line: the typed reading cannot say which key of a
        // flattened group it did not know.
        let mut raw: Value = parse_typed_yaml(&file, &text, "invalid config")?;
        if raw.is_null() {
            raw = Value::Object(serde_json::Map::new());
        }
        if !raw.is_object() {
            return Err(invalid(
                String::new(),
                "the file must be a mapping of keys".into(),
            ));
        }
        // An empty section (`filters:` with nothing under it) is null in YAML: no options.
        for section in ["filters", "lint"] {
            if raw.get(section).is_some_and(Value::is_null) {
                raw[section] = Value::Object(serde_json::Map::new());
            }
        }
        let known = serde_json::to_value(Config::default()).expect("options serialize");
        if let Some((pointer, key, expected)) = unknown_key(&raw, &known, "") {
            return Err(invalid(
                pointer,
                format!("unknown field {key}, expected one of {expected}"),
            ));
        }
        // Each group of options is read from the whole file (each takes its own keys), so
        // that a value of the wrong type is placed at its line.
        fn read<T: DeserializeOwned>(
            value: &Value,
            base: &str,
            invalid: &dyn Fn(String, String) -> Error,
        ) -> Result<T> {
            from_value_at(value, base).map_err(|(pointer, reason)| invalid(pointer, reason))
        }
        let mut config = Config {
            spec: read(&raw["spec"], "/spec", &invalid)?,
            convert: read(&raw, "", &invalid)?,
            output: read(&raw, "", &invalid)?,
            spec_options: read(&raw, "", &invalid)?,
            lint: match raw.get("lint") {
                Some(lint) => read(lint, "/lint", &invalid)?,
                None => LintOptions::default(),
            },
            serve: match raw.get("serve") {
                Some(serve) => read(serve, "/serve", &invalid)?,
                None => ServeOptions::default(),
            },
            source: None,
        };
        config.check_values(&invalid)?;
        config.relative_to(path.parent().unwrap_or(Path::new("")));
        Ok(config)
    }

    /// What the typed reading does not hold: the ranges the flags' parsers hold, and each
    /// lint rule named once.
    fn check_values(&self, invalid: &dyn Fn(String, String) -> Error) -> Result<()> {
        // The ranges the flags' parsers hold: typed reading takes any number (`retries:
        // 1000`, a size in MiB so large it wraps to nothing when made bytes).
        if let Some(retries) = self.serve.retries.filter(|&n| n > MAX_RETRIES) {
            return Err(invalid(
                "/serve/retries".into(),
                format!("{retries} is more than {MAX_RETRIES}"),
            ));
        }
        let sizes = 1..=MAX_FILE_MIB;
        if let Some(mib) = self
            .spec_options
            .max_file_size
            .filter(|n| !sizes.contains(n))
        {
            return Err(invalid(
                "/max-file-size".into(),
                format!("{mib} is not from 1 to {MAX_FILE_MIB}"),
            ));
        }
        // Each rule once: by its code and by its name, the last would win unseen.
        let mut named: Vec<(&str, &str)> = Vec::new();
        for (rule, level) in self.lint.rules.iter().flatten() {
            RuleSettings::default()
                .set(rule, level)
                .map_err(|reason| invalid(push_pointer("/lint/rules", rule), reason))?;
            let code = crate::lint::rules::find(rule).map_or("", |r| r.code);
            if let Some((first, _)) = named.iter().find(|(_, c)| *c == code) {
                return Err(invalid(
                    push_pointer("/lint/rules", rule),
                    format!("'{first}' and '{rule}' name the same rule: keep one"),
                ));
            }
            named.push((rule, code));
        }
        Ok(())
    }

    /// Paths in the file are relative to it (`base`, its directory).
    fn relative_to(&mut self, base: &Path) {
        let relative = |p: &mut PathBuf| *p = base.join(&*p);
        // A URL stays as written: it is downloaded.
        let url = |p: &PathBuf| p.to_string_lossy().contains("://");
        self.spec.as_mut().filter(|p| !url(p)).map(relative);
        // `-` is standard output, wherever the file is.
        self.convert
            .output
            .as_mut()
            .filter(|p| p.as_os_str() != "-")
            .map(relative);
        self.spec_options.overrides.as_mut().map(relative);
        self.lint.baseline.as_mut().map(relative);
        for dir in self.spec_options.allow_ref_outside.iter_mut().flatten() {
            relative(dir);
        }
    }
}

/// `path` as the system resolves it: its longest existing part with every symbolic link
/// followed, the rest as written. `None` when a link leads nowhere.
fn resolved(path: &Path) -> Option<PathBuf> {
    let absolute = std::env::current_dir().ok()?.join(path);
    let existing = absolute
        .ancestors()
        .find(|ancestor| ancestor.symlink_metadata().is_ok())?;
    let real = existing.canonicalize().ok()?;
    Some(lexical(&real.join(absolute.strip_prefix(existing).ok()?)))
}

/// `path` with `.` and `..` taken out by the words alone (it may not exist yet).
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// The first key of `given` that `known` (the keys every option serializes to) lacks: its
/// pointer, the key quoted (with the closest known key when one is near), and the keys
/// expected there.
fn unknown_key(given: &Value, known: &Value, pointer: &str) -> Option<(String, String, String)> {
    let (Value::Object(given), Value::Object(known)) = (given, known) else {
        return None;
    };
    for (key, value) in given {
        let at = push_pointer(pointer, key);
        match known.get(key) {
            None => {
                let expected: Vec<String> = known.keys().map(|k| format!("`{k}`")).collect();
                let near = crate::text::did_you_mean(key, known.keys().map(String::as_str));
                return Some((at, format!("`{key}`{near}"), expected.join(", ")));
            }
            Some(known) => {
                if let Some(found) = unknown_key(value, known, &at) {
                    return Some(found);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Result<Config> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        std::fs::write(&path, text).unwrap();
        Config::load(&path)
    }

    #[test]
    fn every_group_of_options_reads_its_own_keys_with_paths_relative_to_the_file() {
        let config = load(
            "spec: api.yaml\noutput: out/tools.json\nstrict: true\nhints: explicit\n\
             closed-world: true\nfilters:\n  methods: [GET]\nlint:\n  fail-on: never\n",
        )
        .unwrap();
        assert!(config.spec.unwrap().ends_with("api.yaml"));
        assert!(config.convert.output.unwrap().ends_with("out/tools.json"));
        assert_eq!(config.convert.strict, Some(true));
        assert_eq!(config.output.hints, Some(crate::hints::HintStyle::Explicit));
        assert_eq!(config.spec_options.closed_world, Some(true));
        assert_eq!(
            config.spec_options.filters.methods,
            Some(vec!["GET".to_string()])
        );
        assert_eq!(config.lint.fail_on, Some(crate::options::FailOn::Never));
    }

    #[test]
    fn a_found_name_that_is_no_regular_file_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(".git")).unwrap();
        std::fs::create_dir(dir.path().join(FILE_NAME)).unwrap();
        assert_eq!(
            Config::locate(None, dir.path()),
            Some(dir.path().join(FILE_NAME))
        );
        assert!(Config::find(None, dir.path()).is_err());
    }

    #[test]
    fn the_file_is_found_upward_by_either_spelling() {
        let dir = tempfile::tempdir().unwrap();
        let below = dir.path().join("a/b");
        std::fs::create_dir_all(&below).unwrap();
        // The search stops at the repository's root.
        std::fs::create_dir(dir.path().join(".git")).unwrap();
        assert_eq!(Config::locate(None, &below), None);
        std::fs::write(dir.path().join(OTHER_FILE_NAME), "strict: true\n").unwrap();
        assert_eq!(
            Config::locate(None, &below),
            Some(dir.path().join(OTHER_FILE_NAME))
        );
        std::fs::write(dir.path().join("a").join(FILE_NAME), "strict: true\n").unwrap();
        assert_eq!(
            Config::locate(None, &below),
            Some(dir.path().join("a").join(FILE_NAME))
        );
        std::fs::write(dir.path().join("a").join(OTHER_FILE_NAME), "").unwrap();
        assert_eq!(
            Config::locate(None, &below),
            Some(dir.path().join("a").join(FILE_NAME)),
            "the .yaml first"
        );
        // Read, two spellings side by side are refused: which one holds the settings?
        let error = Config::find(None, &below).unwrap_err();
        assert!(error.message.starts_with("two config files: "), "{error}");
        assert!(
            error.message.ends_with("openapi2mcp.yml; keep one"),
            "{error}"
        );
        let named = dir.path().join("a").join(FILE_NAME);
        assert!(
            Config::find(Some(&named), &below).is_ok(),
            "--config names one"
        );
    }

    #[test]
    fn unknown_keys_and_wrong_types_are_placed_at_their_lines() {
        let error = load("spec: a.yaml\nfilters:\n  include-tag: [a]\n").unwrap_err();
        assert_eq!(error.line_col.map(|l| l.0), Some(3));
        assert_eq!(error.pointer.as_deref(), Some("/filters/include-tag"));
        assert!(error.message.contains("unknown field `include-tag`"));
        // A type error inside a group of options read from the top level.
        let error = load("spec: a.yaml\n\nname-max: \"x\"\n").unwrap_err();
        assert_eq!(error.line_col.map(|l| l.0), Some(3));
        assert_eq!(error.pointer.as_deref(), Some("/name-max"));
        // Empty sections are no options.
        let config = load("filters:\nlint:\n").unwrap();
        assert!(config.spec_options.filters.methods.is_none());
        // The command line's `--ignore` is not a key of the file.
        let error = load("lint:\n  ignore: [OAM001]\n").unwrap_err();
        assert_eq!(error.pointer.as_deref(), Some("/lint/ignore"));
    }
}
