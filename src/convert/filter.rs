//! Which operations become tools: `--include-tag`, `--exclude-tag`, `--include-path`,
//! `--exclude-path`, `--methods`, `--operation`, `--read-only`, and `x-mcp: false` in the
//! spec. Names are given to every operation first, so a filter never renames the tools it
//! keeps.

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

use crate::error::{Error, Result};
use crate::model::Operation;

#[derive(Debug, Clone, Default)]
pub struct Filters {
    pub include_tags: Vec<String>,
    pub exclude_tags: Vec<String>,
    include_paths: Option<GlobSet>,
    exclude_paths: Option<GlobSet>,
    /// Upper case.
    pub methods: Vec<String>,
    /// operationIds or tool names.
    pub operations: Vec<String>,
    /// Keep only tools whose effective hints are read-only: the safe subset for an agent.
    pub read_only: bool,
}

/// The glob patterns as one set; `None` when there are none.
fn glob_set(patterns: &[String], flag: &str) -> Result<Option<GlobSet>> {
    if patterns.is_empty() {
        return Ok(None);
    }
    let mut builder = GlobSetBuilder::new();
    for pattern in patterns {
        // As in a shell: `*` stays within a path segment, `**` crosses them.
        let glob = GlobBuilder::new(pattern)
            .literal_separator(true)
            .build()
            .map_err(|e| Error::new(format!("{flag} '{pattern}': {e}")))?;
        builder.add(glob);
    }
    builder
        .build()
        .map(Some)
        .map_err(|e| Error::new(format!("{flag}: {e}")))
}

impl Filters {
    pub fn new(
        include_tags: Vec<String>,
        exclude_tags: Vec<String>,
        include_paths: &[String],
        exclude_paths: &[String],
        methods: &[String],
        operations: Vec<String>,
        read_only: bool,
    ) -> Result<Filters> {
        Ok(Filters {
            include_tags,
            exclude_tags,
            include_paths: glob_set(include_paths, "--include-path")?,
            exclude_paths: glob_set(exclude_paths, "--exclude-path")?,
            methods: methods
                .iter()
                .flat_map(|m| m.split(','))
                .map(|m| m.trim().to_ascii_uppercase())
                .filter(|m| !m.is_empty())
                .collect(),
            operations,
            read_only,
        })
    }

    /// Whether an operation, named `name`, is kept (before its hints are known).
    pub fn keeps(&self, operation: &Operation<'_>, name: &str) -> bool {
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
}
