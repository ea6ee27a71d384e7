//! Every option of every command, declared once. Each type derives clap's `Args` (with the
//! `clap` feature: the doc comments are the `--help` text), serde's `Deserialize` (the config
//! file's keys, in kebab-case) and [`Merge`], every field optional, so that merging the
//! config file's options into the command line's lays one over the other field by field: a
//! flag given wins, a flag left out takes the file's value. Adding an option is one field
//! here and its use.

use std::path::PathBuf;

use indexmap::IndexMap;
use merge::Merge;
use serde::{Deserialize, Serialize};

pub use crate::convert::filter::FilterOptions;
use crate::convert::filter::Filters;
use crate::convert::overrides::Overrides;
use crate::convert::profile::ClientProfile;
use crate::convert::Options;
use crate::error::{Error, ErrorKind, Result};
use crate::hints::HintStyle;
use crate::lint::RuleSettings;
use crate::load::{FileAccess, DEFAULT_MAX_FILE_MIB};
use crate::tool::{KeyLocation, SchemeKind};

/// How a spec becomes tools: shared by every command that reads one.
#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema, Merge)]
#[merge(strategy = merge::option::overwrite_none)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
#[cfg_attr(feature = "clap", command(next_help_heading = "Reading the spec"))]
#[serde(rename_all = "kebab-case")]
pub struct SpecOptions {
    /// Add openWorldHint: false to every tool, for APIs that act only on the caller's own domain
    #[cfg_attr(
        feature = "clap",
        arg(long, num_args = 0, default_missing_value = "true")
    )]
    pub closed_world: Option<bool>,
    /// Longest tool name, 16 to 128 (default: the client profile's, 64 for most); longer names
    /// are cut and end in a hash
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", value_parser = NameMax::parse))]
    pub name_max: Option<NameMax>,
    /// Apply the hint decisions in FILE (see `review --write-overrides`) over the spec's
    #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
    pub overrides: Option<PathBuf>,
    /// Allow $refs to files under DIR, outside the spec's own directory (repeatable)
    #[cfg_attr(feature = "clap", arg(long, value_name = "DIR"))]
    pub allow_ref_outside: Option<Vec<PathBuf>>,
    /// For a spec given by URL: allow $refs to documents on HOST (or HOST:PORT) too, not
    /// only on the spec's own (repeatable)
    #[cfg_attr(feature = "clap", arg(long, value_name = "HOST"))]
    pub allow_ref_host: Option<Vec<String>>,
    /// Largest file read, in MiB (default 256); only regular files are read
    #[cfg_attr(feature = "clap", arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=MAX_FILE_MIB)))]
    #[schemars(range(min = 1, max = MAX_FILE_MIB))]
    pub max_file_size: Option<u64>,
    /// Which operations become tools.
    #[cfg_attr(feature = "clap", command(flatten))]
    #[serde(default)]
    #[schemars(with = "Option<FilterOptions>")]
    #[merge(strategy = FilterOptions::merge_noting_the_file)]
    pub filters: FilterOptions,
    /// Fit names and schemas to a client: claude (or claude-desktop, claude-code) and openai
    /// (the default), cursor, gemini, vscode, mcp
    #[cfg_attr(
        feature = "clap",
        arg(long, value_enum, value_name = "CLIENT", help_heading = "The client")
    )]
    pub client: Option<ClientProfile>,
    /// The name the MCP server is registered under (Cursor counts it in a tool's name; serve
    /// gives it to clients as serverInfo.name)
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "NAME", help_heading = "The client")
    )]
    pub server_name: Option<String>,
    /// Send this credential with every operation whose spec declares no security (GitHub's
    /// declares none): bearer, basic, header:NAME, query:NAME or cookie:NAME. serve reads it
    /// from OPENAPI2MCP_AUTH_DEFAULT, and calls without it while that is unset
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "KIND", value_parser = AssumedAuth::parse, help_heading = "The client")
    )]
    #[schemars(with = "Option<String>")]
    pub assume_auth: Option<AssumedAuth>,
}

/// An overrides file, each rule its entries ignore checked against lint's rules (convert,
/// which reads the file, sits below lint and cannot know them).
pub fn read_overrides(path: &std::path::Path) -> Result<Overrides> {
    let overrides = Overrides::load(path)?;
    let rules: Vec<(&str, &str)> = crate::lint::rules::ALL
        .iter()
        .map(|rule| (rule.code, rule.name))
        .collect();
    overrides.check_ignored_rules(&rules)?;
    Ok(overrides)
}

impl LintOptions {
    /// The rule severities and limits the config file's `lint:` and the flags set.
    pub fn rule_settings(&self) -> Result<RuleSettings> {
        let mut settings = RuleSettings::default();
        let limits = &mut settings.limits;
        limits.tool_tokens = self.tool_token_limit.unwrap_or(limits.tool_tokens);
        limits.list_tokens = self.token_budget.unwrap_or(limits.list_tokens);
        for (rule, level) in self.rules.iter().flatten() {
            settings
                .set(rule, level)
                .map_err(|e| Error::new(ErrorKind::Usage, e))?;
        }
        for rule in self.ignore.iter().flatten() {
            settings
                .set(rule, "off")
                .map_err(|reason| Error::new(ErrorKind::Usage, format!("--ignore: {reason}")))?;
        }
        Ok(settings)
    }
}

/// A longest tool name (`--name-max`, `name-max:` in the config file): within what every
/// client takes, and long enough for a hash to keep cut names apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "u16", into = "u16")]
pub struct NameMax(u16);

impl NameMax {
    /// The lengths a name may be cut to.
    pub const RANGE: std::ops::RangeInclusive<u16> = 16..=128;

    /// `text` read as a length in [`NameMax::RANGE`].
    pub fn parse(text: &str) -> std::result::Result<NameMax, String> {
        let n: u16 = text
            .parse()
            .map_err(|_| format!("'{text}' is not a whole number"))?;
        NameMax::try_from(n)
    }

    /// The length, in characters.
    pub fn get(self) -> usize {
        usize::from(self.0)
    }
}

impl TryFrom<u16> for NameMax {
    type Error = String;

    fn try_from(n: u16) -> std::result::Result<NameMax, String> {
        let (min, max) = (NameMax::RANGE.start(), NameMax::RANGE.end());
        if NameMax::RANGE.contains(&n) {
            Ok(NameMax(n))
        } else {
            Err(format!("{n} is not in {min}..={max}"))
        }
    }
}

impl From<NameMax> for u16 {
    fn from(n: NameMax) -> u16 {
        n.0
    }
}

impl schemars::JsonSchema for NameMax {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "NameMax".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "integer",
            "minimum": NameMax::RANGE.start(),
            "maximum": NameMax::RANGE.end(),
        })
    }
}

/// The scheme `--assume-auth` (`assume-auth:` in the config file) names, read once from its
/// text and written back as it was given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct AssumedAuth {
    text: String,
    /// The scheme the text names.
    pub scheme: SchemeKind,
}

impl AssumedAuth {
    /// `text` read: `bearer`, `basic`, or an API key as `header:NAME`, `query:NAME` or
    /// `cookie:NAME`.
    pub fn parse(text: &str) -> std::result::Result<AssumedAuth, String> {
        Ok(AssumedAuth {
            text: text.to_string(),
            scheme: assumed_scheme(text)?,
        })
    }
}

impl TryFrom<String> for AssumedAuth {
    type Error = String;

    fn try_from(text: String) -> std::result::Result<AssumedAuth, String> {
        AssumedAuth::parse(&text)
    }
}

impl From<AssumedAuth> for String {
    fn from(assumed: AssumedAuth) -> String {
        assumed.text
    }
}

/// The scheme `text` names.
fn assumed_scheme(text: &str) -> std::result::Result<SchemeKind, String> {
    let kind = match text.split_once(':') {
        None if text == "bearer" => SchemeKind::Bearer,
        None if text == "basic" => SchemeKind::Basic,
        Some((place, name)) if !name.trim().is_empty() => {
            let location = KeyLocation::parse(place)
                .ok_or_else(|| format!("'{place}' is not header, query or cookie"))?;
            let name = name.trim();
            if location == KeyLocation::Header && crate::http::is_client_owned_header(name) {
                return Err(format!("'{name}' is a header only the HTTP client sets"));
            }
            // A query parameter's name is escaped as it is sent; a header's or a cookie's
            // is sent as it is, so it must be a token (RFC 9110 section 5.6.2).
            if location != KeyLocation::Query && !crate::http::is_token(name) {
                return Err(format!(
                    "'{}' is not a token (letters, digits and !#$%&'*+-.^_`|~): no request can send it as a {place} name",
                    crate::escape::visible(name)
                ));
            }
            SchemeKind::ApiKey {
                location,
                name: name.to_string(),
            }
        }
        _ => {
            return Err(format!(
                "'{text}' is not bearer, basic, header:NAME, query:NAME or cookie:NAME"
            ))
        }
    };
    Ok(kind)
}

/// How the tools are written: for the commands that emit or serve them.
#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema, Merge)]
#[merge(strategy = merge::option::overwrite_none)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
#[cfg_attr(feature = "clap", command(next_help_heading = "Writing the tools"))]
#[serde(rename_all = "kebab-case")]
pub struct OutputOptions {
    /// Hint style: minimal (the default: only what differs from the MCP defaults) or explicit
    /// (all four)
    #[cfg_attr(feature = "clap", arg(long, value_enum, value_name = "STYLE"))]
    pub hints: Option<HintStyle>,
    /// Add outputSchema from each operation's lowest 2xx status's JSON response
    #[cfg_attr(
        feature = "clap",
        arg(long, num_args = 0, default_missing_value = "true")
    )]
    pub output_schema: Option<bool>,
    /// Smaller tools: examples out, descriptions cut to their first sentence, objects nested
    /// deeper than two levels listed without their properties (serve still checks arguments
    /// against the full schema)
    #[cfg_attr(
        feature = "clap",
        arg(long, num_args = 0, default_missing_value = "true")
    )]
    pub compact: Option<bool>,
}

/// `convert`'s own options that the config file can hold too.
#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema, Merge)]
#[merge(strategy = merge::option::overwrite_none)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
#[serde(rename_all = "kebab-case")]
pub struct ConvertOptions {
    /// Write the manifest to FILE, atomically, instead of to standard output (which - names)
    #[cfg_attr(feature = "clap", arg(short, long, value_name = "FILE"))]
    pub output: Option<PathBuf>,
    /// Fail with exit code 1, writing nothing, when hints the spec claims (x-mcp-annotations)
    /// contradict the method (an overrides entry, a person's decision, does not count)
    #[cfg_attr(
        feature = "clap",
        arg(long, num_args = 0, default_missing_value = "true")
    )]
    pub strict: Option<bool>,
}

/// `serve`'s own options that the config file can hold too (`serve:` there).
#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema, Merge)]
#[merge(strategy = merge::option::overwrite_none)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
#[serde(rename_all = "kebab-case")]
#[schemars(deny_unknown_fields)]
pub struct ServeOptions {
    /// Send every request to URL instead of the spec's server URL
    #[cfg_attr(feature = "clap", arg(long, value_name = "URL"))]
    pub base_url: Option<String>,
    /// Seconds to wait for each response from the API (default 30, at most a day)
    #[cfg_attr(feature = "clap", arg(long, value_name = "SECONDS", value_parser = Seconds::parse))]
    #[schemars(with = "Option<f64>", range(max = 86400))]
    pub timeout: Option<Seconds>,
    /// Repeat a call that timed out or got a 5xx up to N times (at most 10; default 0), only
    /// where that is safe whatever the hints claim: an idempotent HTTP method (GET, PUT,
    /// DELETE...), or a write reviewed as idempotent in the overrides file that takes an
    /// idempotency key
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_RETRIES))))]
    #[schemars(range(max = MAX_RETRIES))]
    pub retries: Option<u32>,
    /// Cut response bodies longer than BYTES, with a note saying so (default 1000000)
    #[cfg_attr(feature = "clap", arg(long, value_name = "BYTES"))]
    pub max_response_bytes: Option<usize>,
    /// List a handful of tools that search, describe and call the API's operations, instead
    /// of one tool per operation
    #[cfg_attr(
        feature = "clap",
        arg(long, num_args = 0, default_missing_value = "true")
    )]
    pub dynamic: Option<bool>,
    /// Serve the operations tagged TAG (repeatable): alone, only those; with --dynamic, list
    /// their tools beside the dynamic tools from the start (over --http, the only way: a
    /// client cannot enable a toolset there, as the list would change for every client)
    #[cfg_attr(feature = "clap", arg(long, value_name = "TAG"))]
    pub toolset: Option<Vec<String>>,
    /// With --dynamic: the most tokens the tool list may take, the toolsets listed counted;
    /// a toolset that would pass it is refused, with its size (default 100000)
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "TOKENS", requires = "dynamic")
    )]
    pub token_budget: Option<usize>,
}

/// The largest `--max-file-size`, in MiB: a tebibyte.
pub const MAX_FILE_MIB: u64 = 1 << 20;

/// The most times `serve --retries` repeats a call.
pub const MAX_RETRIES: u32 = 10;

/// A number of seconds to wait (`--timeout`, `timeout:`): above 0 and at most a day (timers
/// past that are no timeout, and some overflow).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "f64", into = "f64")]
pub struct Seconds(std::time::Duration);

impl Seconds {
    const DAY: f64 = 86_400.0;

    /// `text` read as a number of seconds.
    pub fn parse(text: &str) -> std::result::Result<Seconds, String> {
        // Refused as written: `1e20`, not the number it is.
        let seconds: f64 = text.parse().map_err(|_| Seconds::refusal(text))?;
        Seconds::try_from(seconds).map_err(|_| Seconds::refusal(text))
    }

    fn refusal(given: impl std::fmt::Display) -> String {
        format!(
            "'{given}' is not a number of seconds above 0 and at most {}",
            Seconds::DAY
        )
    }

    /// The time to wait.
    pub fn duration(self) -> std::time::Duration {
        self.0
    }
}

impl TryFrom<f64> for Seconds {
    type Error = String;

    fn try_from(seconds: f64) -> std::result::Result<Seconds, String> {
        if seconds > 0.0 && seconds <= Seconds::DAY {
            Ok(Seconds(std::time::Duration::from_secs_f64(seconds)))
        } else {
            Err(Seconds::refusal(seconds))
        }
    }
}

impl From<Seconds> for f64 {
    fn from(seconds: Seconds) -> f64 {
        seconds.0.as_secs_f64()
    }
}

/// When lint fails the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum FailOn {
    /// On an error.
    Error,
    /// On a warning or an error.
    Warning,
    /// On any finding.
    Info,
    /// Never: the findings are only reported.
    Never,
}

/// `lint`'s options (`lint:` in the config file).
#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema, Merge)]
#[merge(strategy = merge::option::overwrite_none)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
#[serde(rename_all = "kebab-case")]
#[schemars(deny_unknown_fields)]
pub struct LintOptions {
    /// Exit with code 1 when a finding is at least this severe: error (the default), warning,
    /// info, or never
    #[cfg_attr(feature = "clap", arg(long, value_enum, value_name = "LEVEL"))]
    pub fail_on: Option<FailOn>,
    /// Rule severities by code or name: error, warning, info or off (config file only)
    #[cfg_attr(feature = "clap", arg(skip))]
    pub rules: Option<IndexMap<String, String>>,
    /// Turn a rule off, by code or name (repeatable)
    #[cfg_attr(feature = "clap", arg(long = "ignore", value_name = "RULE"))]
    #[serde(skip)]
    pub ignore: Option<Vec<String>>,
    /// Tokens one tool may take before tool-too-large reports it (default 8000)
    #[cfg_attr(feature = "clap", arg(long, value_name = "TOKENS"))]
    pub tool_token_limit: Option<usize>,
    /// Tokens the whole tool list may take before too-many-tools reports it (default 100000)
    #[cfg_attr(feature = "clap", arg(long, value_name = "TOKENS"))]
    pub token_budget: Option<usize>,
    /// Report only findings that FILE, a baseline (see --write-baseline), does not hold
    #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
    pub baseline: Option<PathBuf>,
}

impl SpecOptions {
    /// Which files loading the spec may read.
    pub fn file_access(&self) -> FileAccess {
        FileAccess {
            allowed_outside: self.allow_ref_outside.clone().unwrap_or_default(),
            max_file_size: self.max_file_size.unwrap_or(DEFAULT_MAX_FILE_MIB) << 20,
            allowed_hosts: self.allow_ref_host.clone().unwrap_or_default(),
            fetch: None,
        }
    }

    /// These options for the tools of a manifest: those that only converting a spec uses
    /// (overrides, names, the client's schemas, an assumed credential), where `file` (the
    /// config file's) gave them, are dropped; returns their keys there, for a warning. Given
    /// on the command line they stay, and are refused.
    pub fn for_tools(mut self, file: &SpecOptions) -> (SpecOptions, Vec<&'static str>) {
        let mut dropped = Vec::new();
        drop_if_from_file(
            &mut self.overrides,
            &file.overrides,
            "overrides",
            &mut dropped,
        );
        drop_if_from_file(&mut self.name_max, &file.name_max, "name-max", &mut dropped);
        drop_if_from_file(&mut self.client, &file.client, "client", &mut dropped);
        drop_if_from_file(
            &mut self.assume_auth,
            &file.assume_auth,
            "assume-auth",
            &mut dropped,
        );
        (self, dropped)
    }

    /// The overrides file, read, if one is named.
    pub fn load_overrides(&self) -> Result<Option<Overrides>> {
        self.overrides.as_deref().map(read_overrides).transpose()
    }

    /// What convert needs, resolved: the client's name limit, compiled filters, `overrides`.
    pub fn convert_options(
        &self,
        overrides: Option<Overrides>,
        output: &OutputOptions,
    ) -> Result<Options> {
        let client = self.client.unwrap_or_default();
        let name_max = match self.name_max {
            Some(n) => n.get(),
            None => client
                .name_max(self.server_name.as_deref())
                .map_err(|e| Error::new(ErrorKind::Usage, e))?,
        };
        Ok(Options {
            name_max,
            client,
            closed_world: self.closed_world.unwrap_or(false),
            overrides,
            hint_style: output.hints.unwrap_or_default(),
            output_schema: output.output_schema.unwrap_or(false),
            compact: output.compact.unwrap_or(false),
            assumed_auth: self.assume_auth.as_ref().map(|a| a.scheme.clone()),
            filters: Filters::of(&self.filters)?,
            ..Options::default()
        })
    }
}

/// Clears `value` and records `key` when `value` is the config file's (`file`): an option
/// given on the command line is kept.
fn drop_if_from_file<T: PartialEq>(
    value: &mut Option<T>,
    file: &Option<T>,
    key: &'static str,
    dropped: &mut Vec<&'static str>,
) {
    if value.is_some() && value == file {
        *value = None;
        dropped.push(key);
    }
}
