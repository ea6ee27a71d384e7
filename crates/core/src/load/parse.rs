//! Parsing a document's text: JSON or YAML told apart by content, YAML that nests too
//! deep or repeats a key refused, and every error placed at its line and column.

use saphyr_parser::Event;
use serde_json::Value;

use super::strict::{StrictValue, StrictYamlValue};
use crate::error::{Error, ErrorKind, Result};

/// Parses a document: a UTF-8 byte-order mark is skipped; content that starts with `{` or
/// `[` is JSON, anything else YAML. Returns the value and the text (without the mark). The
/// error carries line and column when known.
pub fn parse_document(bytes: Vec<u8>) -> Result<(Value, String)> {
    let text = String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let valid = e.utf8_error().valid_up_to();
        let (line, col) = line_col(&bytes[..valid]);
        Error::new(ErrorKind::Input, "the file is not valid UTF-8").at_line(line, col)
    })?;
    let text = match text.strip_prefix('\u{FEFF}') {
        Some(rest) => rest.to_string(),
        None => text,
    };
    let trimmed = text.trim_start();
    if trimmed.is_empty() {
        return Err(Error::new(ErrorKind::Input, "the file is empty"));
    }
    let value = if trimmed.starts_with(['{', '[']) {
        serde_json::from_str::<StrictValue>(&text)
            .map(|v| v.0)
            .map_err(|e| {
                Error::new(
                    ErrorKind::Input,
                    format!("invalid JSON: {}", json_message(&e)),
                )
                .at_line(e.line(), e.column())
            })?
    } else {
        refuse_deep_yaml(&text)?;
        yaml_serde::from_str::<StrictYamlValue>(&text)
            .map(|v| v.0)
            .map_err(|e| yaml_error(&e, &text, "invalid YAML"))?
    };
    Ok((value, text))
}

/// The deepest nesting of YAML collections read: yaml_serde's own limit.
const MAX_YAML_DEPTH: usize = 128;

/// Refuses YAML nested deeper than [`MAX_YAML_DEPTH`] as soon as the nesting is met.
/// libyaml (under yaml_serde) slows with the square of the depth of flow collections,
/// and reads the whole document before yaml_serde counts depth: 100k `[` took a minute to
/// refuse. saphyr's parser stops at the limit. Only a text with more `[` and `{` than the
/// limit can be nested that deep in flow style, so others skip the walk.
fn refuse_deep_yaml(text: &str) -> Result<()> {
    let openers = text.bytes().filter(|b| matches!(b, b'[' | b'{')).count();
    if openers <= MAX_YAML_DEPTH {
        return Ok(());
    }
    let too_deep = |line: usize, col: usize| {
        Err(Error::new(
            ErrorKind::Input,
            format!(
            "invalid YAML: nested deeper than {MAX_YAML_DEPTH} levels (recursion limit exceeded)"
        ),
        )
        .at_line(line, col))
    };
    let mut depth = 0;
    for event in saphyr_parser::Parser::new_from_str(text) {
        match event {
            Ok((Event::SequenceStart(..) | Event::MappingStart(..), span)) => {
                depth += 1;
                if depth > MAX_YAML_DEPTH {
                    return too_deep(span.start.line(), span.start.col() + 1);
                }
            }
            Ok((Event::SequenceEnd | Event::MappingEnd, _)) => depth -= 1,
            Ok(_) => {}
            // saphyr counts flow depth in a byte and refuses past 255 itself.
            Err(e) if e.info() == "recursion limit exceeded" => {
                return too_deep(e.marker().line(), e.marker().col() + 1);
            }
            // Any other error is yaml_serde's to report, in its words.
            Err(_) => return Ok(()),
        }
    }
    Ok(())
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
pub(super) fn yaml_error(e: &yaml_serde::Error, source: &str, what: &str) -> Error {
    let text = e.to_string();
    let message = match text.find(" at line ") {
        Some(i) => format!("{}{}", &text[..i], tail_after_position(&text[i..])),
        None => text,
    };
    let message = crate::error::plain_expectation(&message);
    // Some errors place themselves only by a byte offset, at the end of the message
    // ("control characters are not allowed at position 85"): that is the line and column.
    let indexed = message
        .rsplit_once(" at position ")
        .and_then(|(head, offset)| {
            let offset: usize = offset.parse().ok()?;
            let (line, column) = line_col(&source.as_bytes()[..offset.min(source.len())]);
            Some((head.to_string(), line, column))
        });
    if let Some((head, line, column)) = indexed {
        return Error::new(ErrorKind::Input, format!("{what}: {head}")).at_line(line, column);
    }
    if let Some(error) = not_json_error(&message, source, what) {
        return error;
    }
    let message = match message.as_str() {
        "recursion limit exceeded" => format!(
            "nested deeper than {MAX_YAML_DEPTH} levels, or an alias that holds itself (recursion limit exceeded)"
        ),
        _ => message,
    };
    let Some(at) = e.location() else {
        return Error::new(ErrorKind::Input, format!("{what}: {message}"));
    };
    // The parser places a repeated key at its mapping's first key: find the repeat.
    let repeat = message
        .split_once("duplicate key '")
        .and_then(|(_, rest)| rest.rsplit_once('\''))
        .and_then(|(key, _)| repeated_key_at(source, key, at.line(), at.column()));
    let (line, column) = repeat.unwrap_or((at.line(), at.column()));
    match dotted_path_as_pointer(&message, source, (line, column)) {
        Some((rest, pointer)) => {
            // A repeated key's second place, found by its pointer however it is written.
            let (line, column) = (rest.starts_with("duplicate key"))
                .then(|| super::locate::repeated_at(source, &pointer))
                .flatten()
                .unwrap_or((line, column));
            Error::new(ErrorKind::Input, format!("{what}: {rest}"))
                .at(pointer)
                .at_line(line, column)
        }
        None => Error::new(ErrorKind::Input, format!("{what}: {message}")).at_line(line, column),
    }
}

/// A message that yaml_serde opens with the dotted path of where it stands
/// (`paths./a.get: duplicate key 'operationId'`, `parameters[1].in: ...`), as the rest of it
/// and the JSON pointer of what it is about: a repeated key's, under the mapping the path
/// names; else the node at `at`, whose path (or whose mapping's) it is. `None` when the
/// path is neither: a key with a dot in it is not split by guess.
fn dotted_path_as_pointer(
    message: &str,
    source: &str,
    at: (usize, usize),
) -> Option<(String, String)> {
    let pointer = super::locate::pointer_at(source, at)?;
    let keys: Vec<String> = (pointer.split('/').skip(1))
        .map(|key| key.replace("~1", "/").replace("~0", "~"))
        .collect();
    let own = dotted(&keys);
    let parent = dotted(&keys[..keys.len().saturating_sub(1)]);
    let after = |path: &str| {
        let rest = message.strip_prefix(path)?.strip_prefix(": ")?;
        (!path.is_empty()).then(|| rest.to_string())
    };
    // The mapping the path names: the node's own, or its parent's.
    let (rest, mapping) = match after(&own) {
        Some(rest) => (rest, pointer.as_str()),
        None => (after(&parent)?, &pointer[..pointer.rfind('/').unwrap_or(0)]),
    };
    // A repeated key, which the parser places at its mapping: named, not guessed.
    let repeated = (rest.strip_prefix("duplicate key '"))
        .and_then(|key| key.strip_suffix('\''))
        .map(|key| crate::error::push_pointer(mapping, key));
    Some((rest.clone(), repeated.unwrap_or(pointer)))
}

/// Keys as yaml_serde writes a path: `paths./a.get.parameters[1].in`.
fn dotted(keys: &[String]) -> String {
    let mut path = String::new();
    for key in keys {
        if !key.is_empty() && key.bytes().all(|b| b.is_ascii_digit()) && !path.is_empty() {
            path.push_str(&format!("[{key}]"));
        } else {
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(key);
        }
    }
    path
}

/// yaml_serde's error for what YAML holds and JSON has no value for (a second document,
/// aliases repeated past its limit, a custom tag), which it places nowhere or by a dotted
/// path: said in our words, at its JSON pointer and line.
fn not_json_error(message: &str, source: &str, what: &str) -> Option<Error> {
    use super::locate::{first_local_tag, heaviest_alias, second_document};
    let (words, pointer, (line, column)) = if message.contains("more than one document") {
        let words = "a second document starts here: the file is read as one YAML document";
        (words.to_string(), String::new(), second_document(source)?)
    } else if message.contains("repetition limit exceeded") {
        let words = "its aliases repeat more values than are read, this one the most \
             (repetition limit exceeded)";
        let (pointer, at) = heaviest_alias(source)?;
        (words.to_string(), pointer, at)
    } else if message.contains("invalid type: enum") {
        let (tag, pointer, at) = first_local_tag(source)?;
        let tag = crate::escape::visible(&tag);
        let words = format!("the tag {tag} has no JSON value: only JSON values are read");
        (words, pointer, at)
    } else {
        return None;
    };
    let error = Error::new(ErrorKind::Input, format!("{what}: {words}")).at_line(line, column);
    Some(match pointer.is_empty() {
        true => error,
        false => error.at(pointer),
    })
}

/// Where `key` stands a second time in the block mapping whose first key is at `line`,
/// `column` (1-based, in characters): the lines at that indentation until one with less
/// ends the mapping. `None` for a flow mapping, a key written in a way not matched here, or
/// a file whose lines the parser counted otherwise (YAML 1.1 also breaks lines at NEL, LS
/// and PS, which `str::lines` does not: those files keep the mapping's place).
fn repeated_key_at(source: &str, key: &str, line: usize, column: usize) -> Option<(usize, usize)> {
    if source.contains(['\r', '\u{85}', '\u{2028}', '\u{2029}']) {
        return None;
    }
    let indent = column.checked_sub(1)?;
    let forms = [
        format!("{key}:"),
        format!("\"{key}\":"),
        format!("'{key}':"),
    ];
    let mut seen = 0;
    for (i, text) in source.lines().enumerate().skip(line.checked_sub(1)?) {
        let content = text.trim_start_matches(' ');
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let depth = text.len() - content.len();
        let first = i + 1 == line;
        if depth < indent && !first {
            return None;
        }
        // The first key of a mapping that is a list item stands after its `- `.
        let at = if first {
            let start = text.char_indices().nth(indent).map(|(at, _)| at)?;
            &text[start..]
        } else if depth == indent {
            content
        } else {
            continue;
        };
        if forms.iter().any(|form| at.starts_with(form.as_str())) {
            seen += 1;
            if seen == 2 {
                return Some((i + 1, indent + 1));
            }
        }
    }
    None
}

/// Reads a small YAML file of our own (overrides, configuration) into its typed shape;
/// an empty file is the default. Errors name the file and line; `what` says which file.
pub(crate) fn parse_typed_yaml<T: serde::de::DeserializeOwned + Default>(
    file: &str,
    text: &str,
    what: &str,
) -> Result<T> {
    if text.trim().is_empty() {
        return Ok(T::default());
    }
    // Read strictly first: a repeated key is a mistake, not a value to drop silently.
    yaml_serde::from_str::<StrictYamlValue>(text)
        .map_err(|e| yaml_error(&e, text, what).in_file(file))?;
    yaml_serde::from_str(text).map_err(|e| yaml_error(&e, text, what).in_file(file))
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

    /// The parser places a control character only by its byte offset in the text.
    #[test]
    fn an_error_placed_by_its_offset_is_placed_at_its_line() {
        let text = "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      summary: \"a\u{1}b\"\n";
        let error = parse_document(text.as_bytes().to_vec()).unwrap_err();
        assert_eq!(error.line_col, Some((5, 18)));
        // Past text that is not ASCII: an offset in bytes, not characters.
        let text = "a: \u{65e5}\u{672c}\nb: \"x\u{1}\"\n";
        let error = parse_document(text.as_bytes().to_vec()).unwrap_err();
        assert_eq!(error.line_col, Some((2, 6)));
        assert_eq!(
            error.message,
            "invalid YAML: control characters are not allowed"
        );
    }
}
