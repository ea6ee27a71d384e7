//! The one error type of the pipeline. Every stage says *where* a problem is (file, JSON
//! pointer, line and column when the parser knows them) so that `main` can print one clear
//! line and exit with code 2.

use std::fmt;
use std::sync::Arc;

/// What kind of failure an [`Error`] is, for a caller to match on. Every error says its
/// kind where it is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A spec, manifest, config or overrides file that is not what it must be; a `$ref`
    /// to a file that cannot be read too, as the spec is what names it.
    Input,
    /// A file, stream or other system resource that could not be read, written or opened.
    Io,
    /// Options that do not fit together, or name nothing.
    Usage,
    /// A server, MCP or HTTP, that could not be started, reached or understood.
    Server,
}

/// A failure of some stage: what went wrong and, as far as it is known, where. It displays
/// as `file:line:col: message (at /json/pointer)`.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Error {
    /// What kind of failure this is.
    pub kind: ErrorKind,
    /// What went wrong, without the place: the other fields say that.
    pub message: String,
    /// The file as the user named it (`-` for standard input).
    pub file: Option<String>,
    /// A JSON pointer into that file (RFC 6901), when the problem is at a node.
    pub pointer: Option<String>,
    /// 1-based line and column, when the parser reported them.
    pub line_col: Option<(usize, usize)>,
    /// The error this one comes from, if another library's.
    pub source: Option<Arc<dyn std::error::Error + Send + Sync>>,
}

/// Errors are equal when they say the same thing at the same place.
impl PartialEq for Error {
    fn eq(&self, other: &Self) -> bool {
        (
            self.kind,
            &self.message,
            &self.file,
            &self.pointer,
            self.line_col,
        ) == (
            other.kind,
            &other.message,
            &other.file,
            &other.pointer,
            other.line_col,
        )
    }
}

impl Eq for Error {}

impl Error {
    /// An error of `kind` that says `message`, with no place or source yet.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
            file: None,
            pointer: None,
            line_col: None,
            source: None,
        }
    }

    /// The same error, recording the other library's error it comes from as its source.
    pub fn caused_by(mut self, source: impl std::error::Error + Send + Sync + 'static) -> Self {
        self.source = Some(Arc::new(source));
        self
    }

    /// The same error, in `file` as the user named it (`-` for standard input).
    pub fn in_file(mut self, file: impl Into<String>) -> Self {
        self.file = Some(file.into());
        self
    }

    /// The same error, at the node of the file that the JSON pointer `pointer` names.
    pub fn at(mut self, pointer: impl Into<String>) -> Self {
        self.pointer = Some(pointer.into());
        self
    }

    /// The same error, at a 1-based line and column of the file.
    pub fn at_line(mut self, line: usize, column: usize) -> Self {
        self.line_col = Some((line, column));
        self
    }
}

impl fmt::Display for Error {
    /// `file:line:col: message (at /json/pointer)`, leaving out what is unknown.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}:")?;
            if let Some((line, col)) = self.line_col {
                write!(f, "{line}:{col}:")?;
            }
            write!(f, " ")?;
        }
        write!(f, "{}", self.message)?;
        if let Some(pointer) = &self.pointer {
            // A spec's key may hold a line break: the pointer stays on this line.
            let shown = if pointer.is_empty() { "/" } else { pointer };
            write!(f, " (at {})", crate::escape::visible(shown))?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_deref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// A result whose error is an [`Error`] unless said otherwise.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Reads a `T` from a JSON value; an error names the JSON pointer of the value at fault,
/// below `base` (the pointer of `value` itself).
pub(crate) fn from_value_at<'de, T: serde::Deserialize<'de>>(
    value: &'de serde_json::Value,
    base: &str,
) -> std::result::Result<T, (String, String)> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let mut pointer = base.to_string();
        for segment in e.path().iter() {
            pointer = match segment {
                serde_path_to_error::Segment::Seq { index } => format!("{pointer}/{index}"),
                serde_path_to_error::Segment::Map { key } => push_pointer(&pointer, key),
                _ => pointer,
            };
        }
        (pointer, plain_expectation(&e.into_inner().to_string()))
    })
}

/// A serde message with what it expected in the words of a file's reader, not of Rust's
/// types: `expected u16` says "a whole number from 0 to 65535", `expected struct
/// BaselineFile` "a mapping".
pub(crate) fn plain_expectation(message: &str) -> String {
    const PLAIN: [(&str, &str); 11] = [
        ("u8", "a whole number from 0 to 255"),
        ("u16", "a whole number from 0 to 65535"),
        ("u32", "a whole number from 0 to 4294967295"),
        ("u64", "a whole number of 0 or more"),
        ("usize", "a whole number of 0 or more"),
        ("i8", "a whole number"),
        ("i16", "a whole number"),
        ("i32", "a whole number"),
        ("i64", "a whole number"),
        ("f32", "a number"),
        ("f64", "a number"),
    ];
    let Some((before, expected)) = message.rsplit_once("expected ") else {
        return message.to_string();
    };
    let word_end = |text: &str| {
        text.find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(text.len())
    };
    // `struct Name` is one thing expected; anything else, its first word.
    let taken = match expected.strip_prefix("struct ") {
        Some(rest) => "struct ".len() + word_end(rest),
        None => word_end(expected),
    };
    let (what, after) = expected.split_at(taken);
    let plain = match PLAIN.iter().find(|(rust, _)| *rust == what) {
        Some((_, plain)) => plain,
        None if what.starts_with("struct ") || what == "map" => "a mapping",
        None => return message.to_string(),
    };
    format!("{before}expected {plain}{after}")
}

/// Appends one reference token to a JSON pointer, escaping `~` and `/` (RFC 6901).
pub(crate) fn push_pointer(pointer: &str, token: &str) -> String {
    let mut out = String::with_capacity(pointer.len() + token.len() + 1);
    out.push_str(pointer);
    out.push('/');
    for c in token.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{plain_expectation, Error, ErrorKind};

    #[test]
    fn a_pointer_with_a_line_break_stays_on_its_line() {
        let error = Error::new(ErrorKind::Input, "bad").at("/paths/~1a\nerror: forged");
        assert_eq!(error.to_string(), "bad (at /paths/~1a\\nerror: forged)");
    }

    #[test]
    fn serde_expectations_are_said_in_plain_words() {
        for (serde, plain) in [
            (
                "invalid type: string \"lots\", expected usize",
                "invalid type: string \"lots\", expected a whole number of 0 or more",
            ),
            (
                "invalid value: integer `-3`, expected u16",
                "invalid value: integer `-3`, expected a whole number from 0 to 65535",
            ),
            (
                "invalid type: sequence, expected struct BaselineFile",
                "invalid type: sequence, expected a mapping",
            ),
            (
                "invalid type: integer `3`, expected a sequence",
                "invalid type: integer `3`, expected a sequence",
            ),
            (
                "unknown field `x`, expected one of `a`, `b`",
                "unknown field `x`, expected one of `a`, `b`",
            ),
            (
                "invalid length 1, expected struct Pair with 2 elements",
                "invalid length 1, expected a mapping with 2 elements",
            ),
            (
                "invalid type: string, expected map",
                "invalid type: string, expected a mapping",
            ),
            (
                "invalid type: map, expected mapping of rules",
                "invalid type: map, expected mapping of rules",
            ),
        ] {
            assert_eq!(plain_expectation(serde), plain);
        }
    }
}
