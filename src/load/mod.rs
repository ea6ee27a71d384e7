//! Stage 1, load: read bytes, parse them (JSON or YAML, told apart by content), and resolve
//! `$ref`s. The parsed documents are kept as plain `serde_json::Value`s with key order
//! preserved, so nothing the spec says is dropped before the later stages look at it.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

pub mod locate;
mod strict;

use serde_json::Value;

use crate::error::{Error, ErrorKind, Result};
use strict::StrictValue;

/// Where a spec comes from.
#[derive(Debug, Clone)]
pub enum Input {
    Stdin,
    Path(PathBuf),
}

impl Input {
    /// `-` means standard input, anything else a path.
    pub fn from_arg(arg: &str) -> Self {
        if arg == "-" {
            Input::Stdin
        } else {
            Input::Path(PathBuf::from(arg))
        }
    }

    /// The name used in messages: the path as given, or `-`.
    pub fn display_name(&self) -> String {
        match self {
            Input::Stdin => "-".to_string(),
            Input::Path(path) => path.display().to_string(),
        }
    }

    fn read(&self) -> Result<Vec<u8>> {
        let name = self.display_name();
        let mut bytes = Vec::new();
        let read = match self {
            Input::Stdin => std::io::stdin().read_to_end(&mut bytes).map(|_| ()),
            Input::Path(path) => std::fs::read(path).map(|b| bytes = b),
        };
        read.map_err(|e| {
            Error::new(format!("cannot read the file: {e}"))
                .with_kind(ErrorKind::Io)
                .caused_by(e)
                .in_file(name)
        })?;
        Ok(bytes)
    }
}

/// Index of a file in a [`Spec`]; the root document is always file 0.
pub type FileId = usize;

/// A place in the spec: a file and a JSON pointer into it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    pub file: FileId,
    pub pointer: String,
}

#[derive(Debug)]
pub struct File {
    /// The name used in messages.
    pub name: String,
    pub value: Value,
    /// Where it was read from, for its text; `None` when the text was given whole.
    path: Option<PathBuf>,
    /// The source text, for finding lines when a message needs one. A file's is not kept
    /// while the spec is converted (a large spec's text is as large as the spec); it is
    /// read again, once, by the first message that needs a line.
    text: OnceLock<String>,
}

impl File {
    fn on_disk(name: String, value: Value, path: PathBuf) -> File {
        File {
            name,
            value,
            path: Some(path),
            text: OnceLock::new(),
        }
    }

    fn in_memory(name: String, value: Value, text: String) -> File {
        File {
            name,
            value,
            path: None,
            text: OnceLock::from(text),
        }
    }

    /// The text as it was parsed (without a byte-order mark); empty if the file can no
    /// longer be read.
    pub fn text(&self) -> &str {
        self.text.get_or_init(|| {
            let text = self
                .path
                .as_ref()
                .and_then(|path| fs::read_to_string(path).ok())
                .unwrap_or_default();
            match text.strip_prefix('\u{FEFF}') {
                Some(rest) => rest.to_string(),
                None => text,
            }
        })
    }
}

/// Every document of one spec, parsed once each, and what each relative reference to
/// another file came to: the file, or why it was refused.
#[derive(Debug)]
pub struct Spec {
    files: Vec<File>,
    /// Per file, the directory its relative references start from.
    directories: Vec<PathBuf>,
    /// By the path as joined (directory + reference): the loaded file or the refusal.
    documents: HashMap<PathBuf, Result<FileId, String>>,
}

impl Spec {
    pub fn root(&self) -> &Value {
        &self.files[0].value
    }

    pub fn file_count(&self) -> usize {
        self.files.len()
    }

    pub fn file(&self, id: FileId) -> &File {
        &self.files[id]
    }

    /// An error about `location`, naming its file and pointer.
    pub fn error_at(&self, location: &Location, message: impl Into<String>) -> Error {
        Error::new(message)
            .in_file(self.files[location.file].name.clone())
            .at(location.pointer.clone())
    }

    /// The text of a line (1-based) of the file named `file`.
    pub fn line(&self, file: &str, line: usize) -> Option<&str> {
        let file = self.files.iter().find(|f| f.name == file)?;
        file.text().lines().nth(line.checked_sub(1)?)
    }

    /// Fills in the line and column of errors that point into this spec's files, walking
    /// each file's text once for all its pointers.
    pub fn add_lines(&self, errors: &mut [Error]) {
        for file in &self.files {
            let mut wanted = HashSet::new();
            for error in errors.iter() {
                if let (Some(name), Some(pointer), None) =
                    (&error.file, &error.pointer, error.line_col)
                {
                    if *name == file.name {
                        wanted.insert(pointer.as_str());
                    }
                }
            }
            if wanted.is_empty() {
                continue;
            }
            let found = locate::locate(file.text(), &wanted);
            for error in errors.iter_mut() {
                if error.file.as_deref() == Some(&file.name) && error.line_col.is_none() {
                    if let Some(&(line, col)) = error.pointer.as_ref().and_then(|p| found.get(p)) {
                        error.line_col = Some((line, col));
                    }
                }
            }
        }
    }

    /// Resolves `reference` (the string of a `$ref`) written in file `from`.
    /// On failure returns the reason, for the caller to place.
    pub fn resolve(&self, from: FileId, reference: &str) -> Result<(Location, &Value), String> {
        let (document, fragment) = reference.split_once('#').unwrap_or((reference, ""));
        let file = if document.is_empty() {
            from
        } else if is_url(document) {
            return Err(format!(
                "$ref '{reference}' is a URL: openapi2mcp never fetches from the network"
            ));
        } else {
            let joined = self.directories[from].join(document);
            match self.documents.get(&joined) {
                Some(Ok(id)) => *id,
                Some(Err(reason)) => return Err(format!("$ref '{reference}': {reason}")),
                None => return Err(format!("$ref '{reference}': the file was not loaded")),
            }
        };
        let pointer = percent_encoding::percent_decode_str(fragment)
            .decode_utf8()
            .map_err(|_| format!("$ref '{reference}' is not valid UTF-8 once decoded"))?;
        if !pointer.is_empty() && !pointer.starts_with('/') {
            return Err(format!(
                "$ref '{reference}' is not a JSON pointer (anchors are not supported)"
            ));
        }
        let value = self.files[file]
            .value
            .pointer(&pointer)
            .ok_or_else(|| format!("$ref '{reference}' does not resolve: nothing is there"))?;
        let location = Location {
            file,
            pointer: pointer.into_owned(),
        };
        Ok((location, value))
    }
}

/// Reads and parses a spec, and every file its relative `$ref`s lead to, each once.
/// A reference may not leave the root document's directory, or one of `allowed_outside`.
pub fn load(input: &Input, allowed_outside: &[PathBuf]) -> Result<Spec> {
    let name = input.display_name();
    let bytes = input.read()?;
    let (value, text) = parse_document(bytes).map_err(|e| e.in_file(name.clone()))?;
    let (directory, file) = match input {
        Input::Path(path) => {
            drop(text);
            let directory = path.parent().map(Path::to_path_buf).unwrap_or_default();
            (directory, File::on_disk(name, value, path.clone()))
        }
        Input::Stdin => (PathBuf::new(), File::in_memory(name, value, text)),
    };
    let spec = Spec {
        files: vec![file],
        directories: vec![directory],
        documents: HashMap::new(),
    };
    load_referenced_files(spec, allowed_outside)
}

/// A document held in memory, as a whole spec: references to other files are not followed
/// (each is reported, where an operation uses it, as not loaded).
pub fn load_bytes(name: &str, bytes: Vec<u8>) -> Result<Spec> {
    let (value, text) = parse_document(bytes).map_err(|e| e.in_file(name))?;
    Ok(Spec {
        files: vec![File::in_memory(name.to_string(), value, text)],
        directories: vec![PathBuf::new()],
        documents: HashMap::new(),
    })
}

/// Adds every file the relative `$ref`s of `spec`'s files lead to, transitively.
fn load_referenced_files(mut spec: Spec, allowed_outside: &[PathBuf]) -> Result<Spec> {
    let directory = spec.directories[0].clone();
    let mut allowed = vec![canonical_directory(&directory)?];
    for extra in allowed_outside {
        allowed.push(canonical_directory(extra)?);
    }
    let mut by_canonical: HashMap<PathBuf, FileId> = HashMap::new();
    let mut next = 0;
    while next < spec.files.len() {
        let mut references = Vec::new();
        collect_documents(&spec.files[next].value, &mut references);
        for document in references {
            let joined = spec.directories[next].join(&document);
            if spec.documents.contains_key(&joined) {
                continue;
            }
            let outcome = match fs::canonicalize(&joined) {
                Err(e) => Err(format!("cannot open {}: {e}", joined.display())),
                Ok(canonical) if !allowed.iter().any(|dir| canonical.starts_with(dir)) => {
                    Err(format!(
                        "{} is outside the spec's directory (--allow-ref-outside DIR permits it)",
                        joined.display()
                    ))
                }
                Ok(canonical) => match by_canonical.get(&canonical) {
                    Some(&id) => Ok(id),
                    None => {
                        let id = spec.files.len();
                        let file_name = joined.display().to_string();
                        let bytes = fs::read(&canonical).map_err(|e| {
                            Error::new(format!("cannot read the file: {e}"))
                                .with_kind(ErrorKind::Io)
                                .caused_by(e)
                                .in_file(file_name.clone())
                        })?;
                        let (value, _) =
                            parse_document(bytes).map_err(|e| e.in_file(file_name.clone()))?;
                        spec.files
                            .push(File::on_disk(file_name, value, canonical.clone()));
                        spec.directories.push(
                            canonical
                                .parent()
                                .map(Path::to_path_buf)
                                .unwrap_or_default(),
                        );
                        by_canonical.insert(canonical, id);
                        Ok(id)
                    }
                },
            };
            spec.documents.insert(joined, outcome);
        }
        next += 1;
    }
    Ok(spec)
}

fn canonical_directory(directory: &Path) -> Result<PathBuf> {
    let directory = if directory.as_os_str().is_empty() {
        Path::new(".")
    } else {
        directory
    };
    fs::canonicalize(directory).map_err(|e| {
        Error::new(format!("cannot open the directory: {e}"))
            .with_kind(ErrorKind::Io)
            .caused_by(e)
            .in_file(directory.display().to_string())
    })
}

/// `http://...`, `https://...`, `//host/...`: anything with a scheme or an authority.
fn is_url(document: &str) -> bool {
    document.starts_with("//")
        || document.split_once(':').is_some_and(|(scheme, _)| {
            !scheme.is_empty()
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
                && scheme.len() > 1
        })
}

/// The other documents a file's `$ref`s name (the part before `#`), URLs left out.
fn collect_documents(value: &Value, out: &mut Vec<String>) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Object(object) => {
                if let Some(Value::String(reference)) = object.get("$ref") {
                    let document = reference.split('#').next().unwrap_or("");
                    if !document.is_empty() && !is_url(document) {
                        out.push(document.to_string());
                    }
                }
                stack.extend(object.values());
            }
            Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
}

/// Parses a document: a UTF-8 byte-order mark is skipped; content that starts with `{` or
/// `[` is JSON, anything else YAML. Returns the value and the text (without the mark). The
/// error carries line and column when known.
pub fn parse_document(bytes: Vec<u8>) -> Result<(Value, String)> {
    let text = String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let valid = e.utf8_error().valid_up_to();
        let (line, col) = line_col(&bytes[..valid]);
        Error::new("the file is not valid UTF-8").at_line(line, col)
    })?;
    let text = match text.strip_prefix('\u{FEFF}') {
        Some(rest) => rest.to_string(),
        None => text,
    };
    let trimmed = text.trim_start();
    if trimmed.is_empty() {
        return Err(Error::new("the file is empty"));
    }
    let value = if trimmed.starts_with(['{', '[']) {
        serde_json::from_str::<StrictValue>(&text)
            .map(|v| v.0)
            .map_err(|e| {
                Error::new(format!("invalid JSON: {}", json_message(&e)))
                    .at_line(e.line(), e.column())
            })?
    } else {
        yaml_serde::from_str::<StrictValue>(&text)
            .map(|v| v.0)
            .map_err(|e| yaml_error(&e, "invalid YAML"))?
    };
    Ok((value, text))
}

/// serde_json's message without its trailing " at line L column C", which we print first.
fn json_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// A YAML error as ours: `{what}: message`, the position moved from the text to the line.
fn yaml_error(e: &yaml_serde::Error, what: &str) -> Error {
    let text = e.to_string();
    let message = match text.find(" at line ") {
        Some(i) => format!("{}{}", &text[..i], tail_after_position(&text[i..])),
        None => text,
    };
    let error = Error::new(format!("{what}: {message}"));
    match e.location() {
        Some(at) => error.at_line(at.line(), at.column()),
        None => error,
    }
}

/// Reads a small YAML file of our own (overrides, configuration) into its typed shape;
/// an empty file is the default. Errors name the file and line; `what` says which file.
pub fn parse_typed_yaml<T: serde::de::DeserializeOwned + Default>(
    file: &str,
    text: &str,
    what: &str,
) -> Result<T> {
    if text.trim().is_empty() {
        return Ok(T::default());
    }
    yaml_serde::from_str(text).map_err(|e| yaml_error(&e, what).in_file(file))
}

/// The part of a YAML message after " at line L column C", such as ", while parsing ...".
fn tail_after_position(position: &str) -> &str {
    position.find(',').map_or("", |i| &position[i..])
}

/// 1-based line and column of the end of `prefix`.
fn line_col(prefix: &[u8]) -> (usize, usize) {
    let line = prefix.iter().filter(|&&b| b == b'\n').count() + 1;
    let col = prefix.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_cannot_be_read_is_an_io_error_carrying_its_cause() {
        let error = load(&Input::Path("no/such/spec.yaml".into()), &[]).unwrap_err();
        assert_eq!(error.kind, crate::error::ErrorKind::Io);
        let cause = std::error::Error::source(&error).expect("the io::Error");
        let io = cause
            .downcast_ref::<std::io::Error>()
            .expect("an io::Error");
        assert_eq!(io.kind(), std::io::ErrorKind::NotFound);
        assert_eq!(error.file.as_deref(), Some("no/such/spec.yaml"));
    }

    #[test]
    fn json_and_yaml_are_told_apart_by_content() {
        let json = parse_document(b"  {\"openapi\": \"3.1.0\"}".to_vec())
            .unwrap()
            .0;
        let yaml = parse_document(b"openapi: 3.1.0\n".to_vec()).unwrap().0;
        assert_eq!(json["openapi"], "3.1.0");
        assert_eq!(yaml["openapi"], "3.1.0");
    }

    #[test]
    fn byte_order_mark_is_skipped() {
        let value = parse_document(b"\xEF\xBB\xBF{\"a\": 1}".to_vec())
            .unwrap()
            .0;
        assert_eq!(value["a"], 1);
    }

    #[test]
    fn errors_carry_line_and_column() {
        let error = parse_document(b"{\n  \"a\": [1,\n".to_vec()).unwrap_err();
        assert_eq!(error.line_col, Some((3, 0)));
        assert!(error.message.starts_with("invalid JSON: EOF"), "{error}");
        let error = parse_document(b"a: [1,\n".to_vec()).unwrap_err();
        assert_eq!(error.line_col, Some((2, 1)));
        assert!(error.message.starts_with("invalid YAML"), "{error}");
    }

    #[test]
    fn invalid_utf8_and_empty_input_are_refused() {
        let error = parse_document(b"a: 1\nb: \xFF\n".to_vec()).unwrap_err();
        assert_eq!(error.message, "the file is not valid UTF-8");
        assert_eq!(error.line_col, Some((2, 4)));
        assert_eq!(
            parse_document(b" \n".to_vec()).unwrap_err().message,
            "the file is empty"
        );
    }

    #[test]
    fn references_are_percent_decoded_json_pointers() {
        let spec = Spec {
            files: vec![File::in_memory(
                "t".into(),
                serde_json::json!({"paths": {"/a{b}": {"x": 1}}}),
                String::new(),
            )],
            directories: vec![PathBuf::new()],
            documents: HashMap::new(),
        };
        let (location, value) = spec.resolve(0, "#/paths/~1a%7Bb%7D/x").unwrap();
        assert_eq!(value, 1);
        assert_eq!(location.pointer, "/paths/~1a{b}/x");
        assert!(spec
            .resolve(0, "#/nope")
            .unwrap_err()
            .contains("does not resolve"));
        assert!(spec
            .resolve(0, "other.yaml#/x")
            .unwrap_err()
            .contains("not loaded"));
        assert!(spec
            .resolve(0, "https://example.com/x.yaml")
            .unwrap_err()
            .contains("URL"));
    }

    #[test]
    fn each_file_is_parsed_once_however_it_is_spelled() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::fs::write(dir.path().join("a.yaml"), "A: {type: string}\n").unwrap();
        let root = dir.path().join("api.yaml");
        std::fs::write(
            &root,
            "x: {$ref: 'a.yaml#/A'}\ny: {$ref: './a.yaml#/A'}\nz: {$ref: 'sub/../a.yaml'}\n",
        )
        .unwrap();
        let spec = load(&Input::Path(root), &[]).unwrap();
        assert_eq!(spec.files.len(), 2);
        let ids: Vec<FileId> = ["a.yaml#/A", "./a.yaml#/A", "sub/../a.yaml"]
            .iter()
            .map(|r| spec.resolve(0, r).unwrap().0.file)
            .collect();
        assert_eq!(ids, [1, 1, 1]);
    }
}
