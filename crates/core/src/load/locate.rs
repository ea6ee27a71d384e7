//! Lines and columns for JSON pointers. Parsing for data (`serde_json`, `yaml_serde`) keeps
//! no positions, so this reads the text again, only when a message needs a line, once per
//! file for all the pointers wanted: JSON with a streaming reader that skips every subtree
//! holding none of them (`struson`), YAML by walking its event stream (`saphyr-parser`).

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;

use saphyr_parser::{Event, Parser};
use struson::reader::{JsonReader, JsonStreamReader, ReaderError, ValueType};

use crate::error::push_pointer;

enum Frame {
    /// In a mapping: the pointer of the next value once its key is read, and where that
    /// key stands.
    Mapping {
        pointer: String,
        key: Option<(String, (usize, usize))>,
    },
    Sequence {
        pointer: String,
        next: usize,
    },
}

/// 1-based line and column of each pointer in `wanted` that the text has. A value in a
/// mapping is placed at its key, which is where a reader looks for it.
pub fn locate(text: &str, wanted: &HashSet<&str>) -> HashMap<String, (usize, usize)> {
    if text.trim_start().starts_with(['{', '[']) {
        locate_json(text, wanted)
    } else {
        locate_yaml(text, wanted)
    }
}

fn locate_json(text: &str, wanted: &HashSet<&str>) -> HashMap<String, (usize, usize)> {
    // Every pointer on the way to a wanted one: only those subtrees are entered.
    let mut on_the_way = HashSet::new();
    for pointer in wanted {
        let mut end = 0;
        while let Some(i) = pointer[end..].find('/') {
            on_the_way.insert(&pointer[..end + i]);
            end += i + 1;
        }
        on_the_way.insert(*pointer);
    }
    let mut walk = JsonWalk {
        reader: JsonStreamReader::new(text.as_bytes()),
        wanted,
        on_the_way: &on_the_way,
        found: HashMap::new(),
    };
    let mut pointer = String::new();
    let start = walk.here();
    // A reader error only ends the walk early: what was found stays found.
    let _ = walk.value(&mut pointer, start);
    walk.found
}

struct JsonWalk<'w, R: std::io::Read> {
    reader: JsonStreamReader<R>,
    wanted: &'w HashSet<&'w str>,
    on_the_way: &'w HashSet<&'w str>,
    found: HashMap<String, (usize, usize)>,
}

impl<R: std::io::Read> JsonWalk<'_, R> {
    fn here(&self) -> (usize, usize) {
        let position = self.reader.current_position(false).line_pos;
        position.map_or((0, 0), |p| (p.line as usize + 1, p.column as usize + 1))
    }

    /// The value at `pointer`, which stands (or whose key stands) at `at`.
    fn value(&mut self, pointer: &mut String, at: (usize, usize)) -> Result<(), ReaderError> {
        if self.wanted.contains(pointer.as_str()) {
            self.found.insert(pointer.clone(), at);
        }
        if !self.on_the_way.contains(pointer.as_str()) {
            return self.reader.skip_value();
        }
        let length = pointer.len();
        match self.reader.peek()? {
            ValueType::Object => {
                self.reader.begin_object()?;
                while self.reader.has_next()? {
                    let at = self.here();
                    let name = self.reader.next_name_owned()?;
                    *pointer = push_pointer(pointer, &name);
                    self.value(pointer, at)?;
                    pointer.truncate(length);
                }
                self.reader.end_object()
            }
            ValueType::Array => {
                self.reader.begin_array()?;
                let mut index = 0;
                while self.reader.has_next()? {
                    let at = self.here();
                    pointer.push_str(&format!("/{index}"));
                    self.value(pointer, at)?;
                    pointer.truncate(length);
                    index += 1;
                }
                self.reader.end_array()
            }
            _ => self.reader.skip_value(),
        }
    }
}

fn locate_yaml(text: &str, wanted: &HashSet<&str>) -> HashMap<String, (usize, usize)> {
    let mut found = HashMap::new();
    walk_yaml(text, &mut |_, _, node| {
        if let Some((pointer, at)) = node.filter(|(p, _)| wanted.contains(p.as_str())) {
            found.insert(pointer.clone(), *at);
        }
        match found.len() == wanted.len() {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        }
    });
    found
}

/// What [`walk_yaml`] hands on: an event, where it stands, and the node it starts.
type YamlVisit<'v> = dyn FnMut(&Event<'_>, (usize, usize), Option<&(String, (usize, usize))>) -> ControlFlow<()>
    + 'v;

/// Where a YAML text's second document starts, 1-based: JSON has one value.
pub(super) fn second_document(text: &str) -> Option<(usize, usize)> {
    let mut documents = 0;
    let mut second = None;
    walk_yaml(text, &mut |event, here, _| {
        if matches!(event, Event::DocumentStart(_)) {
            documents += 1;
            if documents == 2 {
                second = Some(here);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    second
}

/// The pointer of the last node that stands on `line` at or before `column` (1-based): a
/// value in a mapping stands at its key, so a key, or a value after it, finds its pointer.
pub(super) fn pointer_at(text: &str, (line, column): (usize, usize)) -> Option<String> {
    let mut last = None;
    walk_yaml(text, &mut |_, _, node| {
        if let Some((pointer, at)) = node {
            if *at > (line, column) {
                return ControlFlow::Break(());
            }
            if at.0 == line {
                last = Some(pointer.clone());
            }
        }
        ControlFlow::Continue(())
    });
    last
}

/// Where `pointer` stands a second time: a key written twice in one mapping, found however
/// it is written (quoted, escaped, CRLF lines).
pub(super) fn repeated_at(text: &str, pointer: &str) -> Option<(usize, usize)> {
    let mut seen = 0;
    let mut second = None;
    walk_yaml(text, &mut |_, _, node| {
        if let Some((_, at)) = node.filter(|(found, _)| found == pointer) {
            seen += 1;
            if seen == 2 {
                second = Some(*at);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    second
}

/// The first local tag on a value (`!custom`), which has no JSON value, as written, with
/// the value's pointer and where it stands, 1-based.
pub(super) fn first_local_tag(text: &str) -> Option<(String, String, (usize, usize))> {
    let mut first = None;
    walk_yaml(text, &mut |event, _, node| {
        let tag = match event {
            Event::Scalar(.., Some(tag))
            | Event::MappingStart(_, Some(tag))
            | Event::SequenceStart(_, Some(tag)) => local_tag(tag),
            _ => None,
        };
        match (tag, node) {
            (Some(tag), Some((pointer, at))) => {
                first = Some((tag, pointer.clone(), *at));
                ControlFlow::Break(())
            }
            _ => ControlFlow::Continue(()),
        }
    });
    first
}

/// A local tag as written (`!custom`, `!<!custom>`, `!`): what a JSON reader refuses. Tags of
/// YAML's core schema and those a `%TAG` directive names globally read as their values.
fn local_tag(tag: &saphyr_parser::Tag) -> Option<String> {
    match (tag.handle.as_str(), tag.suffix.as_str()) {
        ("!", suffix) => Some(format!("!{suffix}")),
        // The non-specific tag, `! value`.
        ("", "!") => Some("!".to_string()),
        ("", suffix) if suffix.starts_with('!') => Some(format!("!<{suffix}>")),
        _ => None,
    }
}

/// The alias that repeats the most values (the first of equals), where a reader refuses
/// aliases repeated past its limit, with its pointer and where it stands:
/// each anchored node's size counted with the aliases in it, so a chain of aliases to
/// aliases is weighed as what it expands to.
pub(super) fn heaviest_alias(text: &str) -> Option<(String, (usize, usize))> {
    let mut sizes: HashMap<usize, u64> = HashMap::new();
    // Each open collection's anchor and the values counted in it so far.
    let mut open: Vec<(usize, u64)> = Vec::new();
    let mut heaviest: Option<(u64, String, (usize, usize))> = None;
    walk_yaml(text, &mut |event, _, node| {
        let closed = match event {
            Event::Scalar(_, _, anchor, _) => Some((*anchor, 1)),
            Event::Alias(id) => {
                let size = sizes.get(id).copied().unwrap_or(1);
                if heaviest.as_ref().is_none_or(|(most, ..)| size > *most) {
                    let (pointer, at) = node.cloned().unwrap_or_default();
                    heaviest = Some((size, pointer, at));
                }
                Some((0, size))
            }
            Event::MappingStart(anchor, _) | Event::SequenceStart(anchor, _) => {
                open.push((*anchor, 1));
                None
            }
            Event::MappingEnd | Event::SequenceEnd => open.pop(),
            _ => None,
        };
        if let Some((anchor, size)) = closed {
            if anchor != 0 {
                sizes.insert(anchor, size);
            }
            if let Some((_, counted)) = open.last_mut() {
                *counted = counted.saturating_add(size);
            }
        }
        ControlFlow::Continue(())
    });
    heaviest.map(|(_, pointer, at)| (pointer, at))
}

/// Hands `visit` each event of a YAML text in order, with where it stands, and the pointer
/// of the node it starts and where that node stands (a value in a mapping at its key;
/// `None` for an event that starts no node, or a key), until `visit` breaks or the text
/// ends or fails.
fn walk_yaml(text: &str, visit: &mut YamlVisit<'_>) {
    let mut stack: Vec<Frame> = Vec::new();
    let text = without_surrogate_escapes(text);
    for event in Parser::new_from_str(&text) {
        let Ok((event, span)) = event else {
            break;
        };
        let here = (span.start.line(), span.start.col() + 1);
        // Where the node that starts with this event stands, and its pointer.
        let node = match stack.last_mut() {
            None => Some((String::new(), here)),
            Some(Frame::Sequence { pointer, next }) => {
                let item = format!("{pointer}/{next}");
                Some((item, here))
            }
            Some(Frame::Mapping { pointer, key }) => match key.take() {
                Some((token, at)) => Some((push_pointer(pointer, &token), at)),
                None => {
                    // This event is a key (or the mapping's end).
                    if let Event::Scalar(value, ..) = &event {
                        *key = Some((value.to_string(), here));
                    }
                    None
                }
            },
        };
        let starts_node = matches!(
            event,
            Event::Scalar(..)
                | Event::Alias(_)
                | Event::MappingStart(..)
                | Event::SequenceStart(..)
        );
        let node = node.filter(|_| starts_node);
        if node.is_some() {
            if let Some(Frame::Sequence { next, .. }) = stack.last_mut() {
                *next += 1;
            }
        }
        if visit(&event, here, node.as_ref()).is_break() {
            break;
        }
        match (event, node.map(|(pointer, _)| pointer)) {
            (Event::MappingStart(..), Some(pointer)) => {
                stack.push(Frame::Mapping { pointer, key: None })
            }
            (Event::SequenceStart(..), Some(pointer)) => {
                stack.push(Frame::Sequence { pointer, next: 0 })
            }
            (Event::MappingEnd | Event::SequenceEnd, _) => {
                stack.pop();
            }
            _ => {}
        }
    }
}

/// The line and column of one pointer.
pub fn line_of(text: &str, pointer: &str) -> Option<(usize, usize)> {
    locate(text, &HashSet::from([pointer])).remove(pointer)
}

/// JSON writes characters beyond the BMP as UTF-16 surrogate escapes (`\ud83d\udc4d`),
/// which YAML refuses. Only positions matter here, so each becomes `\u0020`, the same
/// length: every line and column stays where it was.
fn without_surrogate_escapes(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let is_surrogate = |i: usize| {
        bytes.get(i + 1) == Some(&b'u')
            && bytes
                .get(i + 2)
                .is_some_and(|b| b.eq_ignore_ascii_case(&b'd'))
            && bytes
                .get(i + 3)
                .is_some_and(|b| matches!(b.to_ascii_lowercase(), b'8'..=b'9' | b'a'..=b'f'))
            && bytes.get(i + 4).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(i + 5).is_some_and(u8::is_ascii_hexdigit)
    };
    let mut out: Option<Vec<u8>> = None;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' {
            if is_surrogate(i) {
                out.get_or_insert_with(|| bytes.to_vec())[i..i + 6].copy_from_slice(b"\\u0020");
                i += 6;
            } else {
                // An escape such as `\\` covers the next character too.
                i += 2;
            }
            continue;
        }
        i += 1;
    }
    match out {
        Some(bytes) => Cow::Owned(String::from_utf8(bytes).expect("ASCII replaced by ASCII")),
        None => Cow::Borrowed(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, pointer: &str) -> Option<(usize, usize)> {
        locate(text, &HashSet::from([pointer]))
            .get(pointer)
            .copied()
    }

    #[test]
    fn yaml_values_are_placed_at_their_keys() {
        let text = "openapi: 3.1.0\npaths:\n  /pets:\n    get:\n      tags: [a, b]\n      x:\n        - 1\n        - {k: v}\n";
        assert_eq!(at(text, "/paths/~1pets/get"), Some((4, 5)));
        assert_eq!(at(text, "/paths/~1pets/get/tags/1"), Some((5, 17)));
        assert_eq!(at(text, "/paths/~1pets/get/x/1/k"), Some((8, 12)));
        assert_eq!(at(text, ""), Some((1, 1)));
        assert_eq!(at(text, "/nope"), None);
    }

    #[test]
    fn json_is_located_the_same_way() {
        let text = "{\n  \"a\": {\n    \"b/c\": [10, {\"d\": true}]\n  }\n}\n";
        assert_eq!(at(text, "/a/b~1c/1/d"), Some((3, 18)));
        assert_eq!(at(text, "/a"), Some((2, 3)));
    }

    #[test]
    fn json_surrogate_escapes_do_not_stop_the_walk() {
        let text = "{\"a\": \"\\ud83d\\udc4d \\\\ud800\", \"b\": 1}";
        assert_eq!(at(text, "/b"), Some((1, 31)));
        let yaml = "a: \"\\ud83d\\udc4d\"\nb: 1\n";
        assert_eq!(at(yaml, "/b"), Some((2, 1)));
    }
}
