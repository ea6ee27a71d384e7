//! A baseline: the findings a project has accepted (in a third-party spec, say), so that
//! lint reports only new ones, as Redocly's ignore file does. A finding is matched by its
//! file, rule, tool and JSON pointer, never by its line or message, which move with
//! unrelated edits; the same finding twice in one place is accepted only as often as the
//! baseline holds it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::Finding;
use crate::error::Result;

/// The file: its findings, sorted, one per line of JSON for readable diffs.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BaselineFile {
    findings: Vec<Accepted>,
}

/// One accepted finding. `message` is for the person reading the file; it is not matched.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Accepted {
    file: String,
    rule: String,
    tool: String,
    pointer: String,
    message: String,
}

/// What a finding is matched by.
type Key = (String, String, String, String);

impl Accepted {
    fn key(self) -> Key {
        (self.file, self.rule, self.tool, self.pointer)
    }
}

/// A baseline read from, or to be written to, a file.
#[derive(Debug)]
pub struct Baseline {
    path: PathBuf,
    accepted: Vec<Accepted>,
}

/// What a baseline left out of a run.
#[derive(Debug, PartialEq, Eq)]
pub struct Filtered {
    /// Findings the baseline accepts.
    pub accepted: usize,
    /// Entries of the baseline, for the files linted, that no finding matched: fixed since
    /// it was written.
    pub gone: usize,
    /// Entries for files this run did not read.
    pub elsewhere: usize,
}

impl Baseline {
    /// The baseline in `path`; an error names the file (and the line of a bad entry).
    pub fn load(path: &Path) -> Result<Baseline> {
        let (name, text) = crate::load::read_own_file(path, "the baseline")?;
        let file: BaselineFile = crate::load::parse_typed_yaml(&name, &text, "invalid baseline")?;
        Ok(Baseline {
            path: path.to_path_buf(),
            accepted: file.findings,
        })
    }

    /// A baseline to be written to `path`, accepting `findings`.
    pub fn of(path: &Path, findings: &[Finding]) -> Baseline {
        let mut baseline = Baseline {
            path: path.to_path_buf(),
            accepted: Vec::new(),
        };
        baseline.accepted = findings.iter().map(|f| baseline.accept(f)).collect();
        baseline.accepted.sort();
        baseline
    }

    /// The file's text: deterministic, sorted, one finding per line.
    pub fn render(&self) -> String {
        let mut out = String::from("{\n  \"findings\": [");
        for (i, accepted) in self.accepted.iter().enumerate() {
            let line = serde_json::to_string(accepted).expect("strings serialize");
            out.push_str(if i == 0 { "\n    " } else { ",\n    " });
            out.push_str(&line);
        }
        out.push_str(if self.accepted.is_empty() {
            "]\n}\n"
        } else {
            "\n  ]\n}\n"
        });
        out
    }

    /// How many findings the baseline accepts.
    pub fn len(&self) -> usize {
        self.accepted.len()
    }

    /// Whether the baseline accepts no finding.
    pub fn is_empty(&self) -> bool {
        self.accepted.is_empty()
    }

    /// Leaves out of `findings` those the baseline accepts; `linted` names every file read
    /// (entries for other files are neither used nor gone).
    pub fn filter(&self, findings: &mut Vec<Finding>, linted: &[String]) -> Filtered {
        let linted: Vec<String> = linted.iter().map(|file| self.relative(file)).collect();
        let mut left: BTreeMap<Key, usize> = BTreeMap::new();
        for accepted in &self.accepted {
            *left.entry(accepted.clone().key()).or_default() += 1;
        }
        let before = findings.len();
        findings.retain(|finding| match left.get_mut(&self.accept(finding).key()) {
            Some(n) if *n > 0 => {
                *n -= 1;
                false
            }
            _ => true,
        });
        Filtered {
            accepted: before - findings.len(),
            gone: left
                .iter()
                .filter(|(key, _)| linted.contains(&key.0))
                .map(|(_, n)| n)
                .sum(),
            elsewhere: self
                .accepted
                .iter()
                .filter(|a| !linted.contains(&a.file))
                .count(),
        }
    }

    /// A finding as the baseline holds it: its file relative to the baseline's directory (so
    /// the baseline holds wherever the repository is cloned, `../specs/api.yaml` too).
    fn accept(&self, finding: &Finding) -> Accepted {
        Accepted {
            file: self.relative(&finding.location.file),
            rule: finding.rule.code.to_string(),
            tool: finding.tool.clone(),
            pointer: finding.location.pointer.clone(),
            message: finding.message.clone(),
        }
    }

    fn relative(&self, file: &str) -> String {
        // Standard input and a server have no path of their own.
        if file == "-" || !Path::new(file).exists() {
            return file.to_string();
        }
        // Links resolved on both sides: `./api.yaml`, `api.yaml` and its absolute path are
        // one file.
        let real = |p: &Path| {
            std::fs::canonicalize(p)
                .or_else(|_| std::path::absolute(p))
                .ok()
        };
        let base = match self.path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let (Some(file_path), Some(base)) = (real(Path::new(file)), real(base)) else {
            return file.to_string();
        };
        match pathdiff::diff_paths(&file_path, &base) {
            Some(relative) => relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/"),
            None => file_path.to_string_lossy().into_owned(),
        }
    }
}
