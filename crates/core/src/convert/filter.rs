//! Which operations become tools: `--include-tag`, `--exclude-tag`, `--include-path`,
//! `--exclude-path`, `--methods`, `--operation`, `--read-only`, and `x-mcp: false` in the
//! spec. Names are given to every operation first, so a filter never renames the tools it
//! keeps.

use std::collections::BTreeSet;

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};
use merge::Merge;
use serde::{Deserialize, Serialize};

use crate::error::{Error, ErrorKind, Result};
use crate::model::Operation;
use crate::text::did_you_mean;
use crate::tool::Tool;

/// Which operations become tools (`filters:` in the config file).
#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema, Merge)]
#[merge(strategy = merge::option::overwrite_none)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
#[cfg_attr(feature = "clap", command(next_help_heading = "Choosing operations"))]
#[serde(rename_all = "kebab-case")]
#[schemars(deny_unknown_fields)]
pub struct FilterOptions {
    /// Keep only operations tagged TAG (repeatable: any of them)
    #[cfg_attr(feature = "clap", arg(long = "include-tag", value_name = "TAG"))]
    pub include_tags: Option<Vec<String>>,
    /// Leave out operations tagged TAG (repeatable)
    #[cfg_attr(feature = "clap", arg(long = "exclude-tag", value_name = "TAG"))]
    pub exclude_tags: Option<Vec<String>>,
    /// Keep only operations whose path matches GLOB, such as '/pets/**' (repeatable)
    #[cfg_attr(feature = "clap", arg(long = "include-path", value_name = "GLOB"))]
    pub include_paths: Option<Vec<String>>,
    /// Leave out operations whose path matches GLOB (repeatable)
    #[cfg_attr(feature = "clap", arg(long = "exclude-path", value_name = "GLOB"))]
    pub exclude_paths: Option<Vec<String>>,
    /// Keep only these HTTP methods, comma-separated: GET,POST
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "METHODS", value_delimiter = ',')
    )]
    pub methods: Option<Vec<String>>,
    /// Keep only the operation with this operationId or tool name (repeatable)
    #[cfg_attr(feature = "clap", arg(long = "operation", value_name = "ID"))]
    pub operations: Option<Vec<String>>,
    /// Keep only tools that are read-only by their hints, with a safe method, nothing in
    /// their words saying they may act and, for a GET, something saying it reads (or that
    /// an overrides entry with a reason says are read-only): the safe subset for an agent
    #[cfg_attr(
        feature = "clap",
        arg(long, num_args = 0, default_missing_value = "true")
    )]
    pub read_only: Option<bool>,
    /// The filters above that the config file gave (by their key there), so that a problem
    /// with one names where it was written.
    #[cfg_attr(feature = "clap", arg(skip))]
    #[serde(skip)]
    #[schemars(skip)]
    #[merge(skip)]
    pub from_config: Vec<String>,
}

impl FilterOptions {
    /// Merges `file`'s filters (the config file's) into `given` (the command line's),
    /// noting which of them came from the file.
    pub(crate) fn merge_noting_the_file(given: &mut FilterOptions, file: FilterOptions) {
        let on_the_command_line = given.keys_set();
        given.from_config = file
            .keys_set()
            .into_iter()
            .filter(|key| !on_the_command_line.contains(key))
            .collect();
        Merge::merge(given, file);
    }

    /// The config file's keys of the filters set.
    fn keys_set(&self) -> Vec<String> {
        let value = serde_json::to_value(self).expect("filters serialize");
        let object = value.as_object().into_iter().flatten();
        object
            .filter(|(_, value)| !value.is_null())
            .map(|(key, _)| key.clone())
            .collect()
    }
}

/// Which operations become tools, made from [`FilterOptions`] by [`Filters::of`]: an empty
/// list keeps every operation.
#[derive(Debug, Clone, Default)]
pub struct Filters {
    /// Keep only operations tagged with any of these.
    pub include_tags: Vec<String>,
    /// Leave out operations tagged with any of these.
    pub exclude_tags: Vec<String>,
    include_paths: Option<GlobSet>,
    exclude_paths: Option<GlobSet>,
    /// The patterns as given, to name one that matches nothing.
    path_patterns: [Vec<String>; 2],
    /// Upper case.
    pub methods: Vec<String>,
    /// operationIds or tool names.
    pub operations: Vec<String>,
    /// Keep only tools whose effective hints are read-only: the safe subset for an agent.
    pub read_only: bool,
    /// The filters the config file gave, by their key there (`include-tags`).
    from_config: Vec<String>,
}

/// `pattern` with each `{...}` that holds no comma escaped: `/pets/{petId}` matches the
/// spec's path `/pets/{petId}`, while `/pets/{a,b}` still means either.
fn literal_templates(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|i| open + i) else {
            break;
        };
        let inner = &rest[open + 1..close];
        out.push_str(&rest[..open]);
        if inner.contains(',') || inner.contains('{') {
            out.push_str(&rest[open..=close]);
        } else {
            out.push_str(&format!("\\{{{inner}\\}}"));
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The glob patterns as one set; `None` when there are none.
fn glob_set(patterns: &[String], flag: &str) -> Result<Option<GlobSet>> {
    if patterns.is_empty() {
        return Ok(None);
    }
    let mut builder = GlobSetBuilder::new();
    for pattern in patterns {
        // As in a shell: `*` stays within a path segment, `**` crosses them. A path
        // template's `{param}` is itself: only `{a,b}` is a choice.
        let glob = GlobBuilder::new(&literal_templates(pattern))
            .literal_separator(true)
            .build()
            .map_err(|e| Error::new(ErrorKind::Usage, format!("{flag} '{pattern}': {e}")))?;
        builder.add(glob);
    }
    builder
        .build()
        .map(Some)
        .map_err(|e| Error::new(ErrorKind::Usage, format!("{flag}: {e}")))
}

impl Filters {
    /// The filters the options give (the command line's over the config file's), path
    /// globs compiled.
    pub fn of(given: &FilterOptions) -> Result<Filters> {
        let list = |values: &Option<Vec<String>>| values.clone().unwrap_or_default();
        let mut filters = Filters {
            include_tags: list(&given.include_tags),
            exclude_tags: list(&given.exclude_tags),
            include_paths: None,
            exclude_paths: None,
            path_patterns: [list(&given.include_paths), list(&given.exclude_paths)],
            methods: list(&given.methods)
                .iter()
                .flat_map(|m| m.split(','))
                .map(|m| m.trim().to_ascii_uppercase())
                .filter(|m| !m.is_empty())
                .collect(),
            operations: list(&given.operations),
            read_only: given.read_only.unwrap_or(false),
            from_config: given.from_config.clone(),
        };
        filters.include_paths = glob_set(
            &filters.path_patterns[0],
            &filters.label("include-paths", "--include-path"),
        )?;
        filters.exclude_paths = glob_set(
            &filters.path_patterns[1],
            &filters.label("exclude-paths", "--exclude-path"),
        )?;
        Ok(filters)
    }

    /// How a problem names the filter `key`: by the config file's key when it came from
    /// there, else by its flag.
    fn label(&self, key: &str, flag: &str) -> String {
        if self.from_config.iter().any(|given| given == key) {
            format!("the config file's filters.{key}")
        } else {
            flag.to_string()
        }
    }

    /// Whether an operation, named `name`, is kept (before its hints are known).
    pub(crate) fn keeps(&self, operation: &Operation<'_>, name: &str) -> bool {
        let tagged = |tags: &[String]| operation.tags.iter().any(|t| tags.iter().any(|w| w == t));
        !operation.excluded
            && (self.include_tags.is_empty() || tagged(&self.include_tags))
            && !tagged(&self.exclude_tags)
            && self
                .include_paths
                .as_ref()
                .is_none_or(|g| g.is_match(operation.path))
            && !self
                .exclude_paths
                .as_ref()
                .is_some_and(|g| g.is_match(operation.path))
            && (self.methods.is_empty()
                || self
                    .methods
                    .contains(&operation.method.as_str().to_ascii_uppercase()))
            && (self.operations.is_empty()
                || self
                    .operations
                    .iter()
                    .any(|o| Some(o.as_str()) == operation.operation_id || o == name))
    }

    /// Whether a tool already made (read from a manifest, with its binding) is kept: the
    /// same filters, on what the tool keeps of its operation (its tags, method and path; its
    /// name for `--operation`). `--read-only` is judged by the caller, which reads hints.
    pub fn keeps_tool(&self, tool: &Tool) -> bool {
        let Some(binding) = tool.binding() else {
            return false;
        };
        let tags = &tool.meta.tags;
        let tagged = |wanted: &[String]| tags.iter().any(|t| wanted.contains(t));
        (self.include_tags.is_empty() || tagged(&self.include_tags))
            && !tagged(&self.exclude_tags)
            && self
                .include_paths
                .as_ref()
                .is_none_or(|g| g.is_match(&binding.path))
            && !self
                .exclude_paths
                .as_ref()
                .is_some_and(|g| g.is_match(&binding.path))
            && (self.methods.is_empty()
                || self
                    .methods
                    .contains(&binding.method.as_str().to_ascii_uppercase()))
            && (self.operations.is_empty() || self.operations.contains(&tool.name))
    }

    /// Whether any filter names values of the spec (what [`Filters::check_matched`] checks).
    pub fn names_values(&self) -> bool {
        !(self.include_tags.is_empty()
            && self.exclude_tags.is_empty()
            && self.methods.is_empty()
            && self.operations.is_empty()
            && self.path_patterns.iter().all(Vec::is_empty))
    }

    /// Fails on a filter value that matches no operation of the spec: a misspelt tag, name
    /// or method is a mistake, not an empty API (and an exclusion that matches nothing
    /// leaves in what it was meant to leave out). Names the closest value the spec has.
    pub fn check_matched(&self, seen: &Seen) -> Result<()> {
        let named =
            |(key, flag): (&str, &str), values: &[String], among: &BTreeSet<String>, what: &str| {
                let unmatched = values.iter().find(|v| !among.contains(*v))?;
                Some(Error::new(
                    ErrorKind::Usage,
                    format!(
                        "{} '{unmatched}' matches no {what} of the spec{}",
                        self.label(key, flag),
                        did_you_mean(unmatched, among.iter().map(String::as_str))
                    ),
                ))
            };
        let problem = named(("operations", "--operation"), &self.operations, &seen.names, "operationId or tool name")
            .or_else(|| named(("include-tags", "--include-tag"), &self.include_tags, &seen.tags, "tag"))
            .or_else(|| named(("exclude-tags", "--exclude-tag"), &self.exclude_tags, &seen.tags, "tag"))
            .or_else(|| {
                let unmatched = self.methods.iter().find(|m| !seen.methods.contains(*m))?;
                let has: Vec<&str> = seen.methods.iter().map(String::as_str).collect();
                Some(Error::new(ErrorKind::Usage, format!(
                    "{} {unmatched} matches no operation of the spec (its methods: {})",
                    self.label("methods", "--methods"),
                    has.join(", ")
                )))
            })
            .or_else(|| {
                let flags = [("include-paths", "--include-path"), ("exclude-paths", "--exclude-path")];
                flags.iter().zip(&self.path_patterns).find_map(|((key, flag), patterns)| {
                    let pattern = patterns.iter().find(|p| {
                        let one = glob_set(std::slice::from_ref(*p), flag).ok().flatten();
                        !seen.paths.iter().any(|path| one.as_ref().is_some_and(|g| g.is_match(path)))
                    })?;
                    Some(Error::new(ErrorKind::Usage, format!(
                        "{} '{pattern}' matches no path of the spec (`*` stays within a segment, `**` crosses them)",
                        self.label(key, flag)
                    )))
                })
            });
        problem.map_or(Ok(()), Err)
    }
}

/// What the spec holds that filters name: every operation's names, tags, method and path.
#[derive(Debug, Default)]
pub struct Seen {
    names: BTreeSet<String>,
    tags: BTreeSet<String>,
    /// Upper case.
    methods: BTreeSet<String>,
    paths: BTreeSet<String>,
}

impl Seen {
    /// What a tool already made holds that filters name.
    pub fn add_tool(&mut self, tool: &Tool) {
        self.names.insert(tool.name.clone());
        self.tags.extend(tool.meta.tags.iter().cloned());
        if let Some(binding) = tool.binding() {
            self.methods
                .insert(binding.method.as_str().to_ascii_uppercase());
            self.paths.insert(binding.path.clone());
        }
    }

    /// What an operation, named `name`, holds that filters name: that name, its
    /// operationId, tags, method and path.
    pub(crate) fn add(&mut self, operation: &Operation<'_>, name: &str) {
        self.names.insert(name.to_string());
        if let Some(id) = operation.operation_id {
            self.names.insert(id.to_string());
        }
        self.tags
            .extend(operation.tags.iter().map(|t| t.to_string()));
        self.methods
            .insert(operation.method.as_str().to_ascii_uppercase());
        self.paths.insert(operation.path.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::literal_templates;

    #[test]
    fn path_templates_in_globs_are_themselves() {
        assert_eq!(literal_templates("/pets/{petId}"), "/pets/\\{petId\\}");
        assert_eq!(
            literal_templates("/repos/{owner}/{repo}/actions/**"),
            "/repos/\\{owner\\}/\\{repo\\}/actions/**"
        );
        assert_eq!(literal_templates("/pets/{a,b}"), "/pets/{a,b}");
        assert_eq!(literal_templates("/x/{open"), "/x/{open");
    }
}
