//! Words: a count with its noun, a number with its thousands marked, the closest name to a
//! misspelt one, and descriptions written in HTML made Markdown for the model.

use std::borrow::Cow;
use std::sync::LazyLock;

/// `n` and the noun, plural unless `n` is 1: `1 tool`, `2 tools`, `0 tools`.
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A number with its thousands marked: 1,080,312.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// " (did you mean 'X'?)", X the name in `among` most like `text` when one is alike enough
/// to be a likely typo; else nothing.
pub fn did_you_mean<'a>(text: &str, among: impl IntoIterator<Item = &'a str>) -> String {
    among
        .into_iter()
        .map(|candidate| (strsim::jaro_winkler(text, candidate), candidate))
        .filter(|(similarity, _)| *similarity >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, candidate)| format!(" (did you mean '{candidate}'?)"))
        .unwrap_or_default()
}

/// Elements that start an HTML document rather than a Markdown one.
const BLOCK_ELEMENTS: [&str; 17] = [
    "p",
    "div",
    "ul",
    "ol",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "table",
    "pre",
    "blockquote",
    "dl",
    "section",
    "article",
    "details",
];

/// A description as the model should read it. One written in HTML (it starts with a block
/// element, `<p>`, `<ul>`, `<div>`..., and ends with a tag) becomes Markdown; in Markdown,
/// which allows raw HTML, only `<br>` is changed, to a line break, and the rest stays as
/// written (Markdown that merely starts with an HTML block is Markdown).
pub(crate) fn markdown_from_html(text: &str) -> Cow<'_, str> {
    if !text.contains('<') {
        return Cow::Borrowed(text);
    }
    let trimmed = text.trim();
    if starts_with_block_element(trimmed) && trimmed.ends_with('>') {
        if let Ok(markdown) = htmd::convert(text) {
            return Cow::Owned(without_intraword_underscore_escapes(&markdown));
        }
    }
    line_breaks_from_br(text)
}

/// A summary or description as the hints reader reads it: any HTML in it (inline tags,
/// comments, styles) made Markdown, each tag leaving a space and each link its text, so
/// that its words read as the text's own (`<b>deletes</b>` is the verb "deletes"), then the
/// text as written after it: a `<` that opens no tag (`a<b`, `` `<script>` ``) swallows
/// what follows in the first, never in the second. "&" between words is "and". A line
/// that goes on with a lower-case word is joined to the one before. Text with none of these
/// stays as it is.
pub(crate) fn for_reading(text: &str) -> Cow<'_, str> {
    static READER: LazyLock<htmd::HtmlToMarkdown> = LazyLock::new(|| {
        htmd::HtmlToMarkdown::builder()
            .skip_tags(vec!["script", "style"])
            .add_handler(
                vec!["a"],
                |handlers: &dyn htmd::element_handler::Handlers, element: htmd::Element| {
                    Some(handlers.walk_children(element.node))
                },
            )
            .build()
    });
    let tag = text.as_bytes().windows(2).any(|pair| {
        pair[0] == b'<' && (pair[1].is_ascii_alphabetic() || matches!(pair[1], b'/' | b'!'))
    });
    let text = match tag {
        true => (READER.convert(&text.replace('<', " <")).ok())
            .map_or(Cow::Borrowed(text), |read| {
                Cow::Owned(format!("{read}\n\n{text}"))
            }),
        false => Cow::Borrowed(text),
    };
    let text = match text.contains(" & ") {
        true => Cow::Owned(text.replace(" & ", " and ")),
        false => text,
    };
    without_contractions(soft_breaks_joined(text))
}

/// A paragraph's lines joined by spaces where a line goes on with a lower-case word, as a
/// wrapped sentence does: a phrase wrapped in a YAML block ("is\nincremented", "used
/// only\nonce") reads as one. A line that starts otherwise (a capital, a list item, a
/// heading, a table row) keeps its own, so a line without a full stop still ends its
/// sentence; so does every line of a fenced code block.
fn soft_breaks_joined(text: Cow<'_, str>) -> Cow<'_, str> {
    if !text.contains('\n') {
        return text;
    }
    let lines: Vec<&str> = text.split('\n').collect();
    let mut fenced = false;
    let joins: Vec<bool> = (lines.iter().enumerate())
        .map(|(i, line)| {
            let fence = line.trim_start().starts_with("```");
            fenced ^= fence;
            let goes_on = line.trim_start().starts_with(|c: char| c.is_lowercase());
            let before = i.checked_sub(1).map(|j| lines[j].trim());
            !fenced && !fence && goes_on && before.is_some_and(|b| !b.is_empty())
        })
        .collect();
    if !joins.contains(&true) {
        return text;
    }
    let mut joined = String::with_capacity(text.len());
    for (i, (line, joins)) in lines.iter().zip(joins).enumerate() {
        if joins {
            joined.truncate(joined.trim_end().len());
            joined.push(' ');
            joined.push_str(line.trim_start());
        } else {
            if i > 0 {
                joined.push('\n');
            }
            joined.push_str(line);
        }
    }
    Cow::Owned(joined)
}

/// "can't" as "cannot", "doesn't" as "does not" (and with a typographic apostrophe): the
/// phrases the reader looks for are written out.
fn without_contractions(text: Cow<'_, str>) -> Cow<'_, str> {
    if !text.contains("n't") && !text.contains("n\u{2019}t") {
        return text;
    }
    let mut out = text.replace('\u{2019}', "'");
    let forms = [
        ("won't", "will not"),
        ("Won't", "Will not"),
        ("an't", "annot"),
        ("on't", "o not"),
    ];
    for (short, long) in forms {
        out = out.replace(short, long);
    }
    Cow::Owned(out.replace("n't", " not"))
}

fn starts_with_block_element(text: &str) -> bool {
    let Some(rest) = text.strip_prefix('<') else {
        return false;
    };
    BLOCK_ELEMENTS.iter().any(|element| {
        rest.get(..element.len())
            .is_some_and(|name| name.eq_ignore_ascii_case(element))
            && rest[element.len()..].starts_with(|c: char| c == '>' || c.is_ascii_whitespace())
    })
}

/// `<br>`, `<br/>` and `<br />` (any case) as line breaks.
fn line_breaks_from_br(text: &str) -> Cow<'_, str> {
    let lower = text.to_ascii_lowercase();
    if !lower.contains("<br") {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = 0;
    let mut from = 0;
    while let Some(found) = lower[from..].find("<br") {
        let start = from + found;
        let tail = lower[start + 3..].trim_start_matches(' ');
        let tail = tail.strip_prefix('/').unwrap_or(tail);
        let end = match tail.strip_prefix('>') {
            Some(after) => lower.len() - after.len(),
            None => {
                from = start + 3;
                continue;
            }
        };
        out.push_str(&text[rest..start]);
        out.push('\n');
        rest = end;
        from = end;
    }
    out.push_str(&text[rest..]);
    Cow::Owned(out)
}

/// The converter escapes every `_`; between two letters or digits CommonMark never reads
/// one as emphasis, so `user\_id` goes back to `user_id`.
fn without_intraword_underscore_escapes(markdown: &str) -> String {
    let chars: Vec<char> = markdown.chars().collect();
    let mut out = String::with_capacity(markdown.len());
    for (i, &c) in chars.iter().enumerate() {
        let intraword = c == '\\'
            && chars.get(i + 1) == Some(&'_')
            && i > 0
            && chars[i - 1].is_alphanumeric()
            && chars.get(i + 2).is_some_and(|c| c.is_alphanumeric());
        if !intraword {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A paragraph wrapped over lines reads as one ("is\nincremented"); a blank line, a
    /// heading, a list item or a table row keeps its own line.
    #[test]
    fn soft_line_breaks_are_spaces_to_the_reader() {
        let read = |text: &str| for_reading(text).into_owned();
        assert_eq!(
            read("The version number is\n  incremented on each restore."),
            "The version number is incremented on each restore."
        );
        let blocks = "Links can be used only\n\n## Once issued\n- used\n- once\n1. first\n| a |";
        assert_eq!(read(blocks), blocks);
        // A line without a full stop still ends its sentence; code keeps its lines.
        let lines = "Returns the next message\nDeletes it from the queue.\n```\nx = 1\ny = 2\n```";
        assert_eq!(read(lines), lines);
        assert!(matches!(for_reading("One line."), Cow::Borrowed(_)));
    }

    #[test]
    fn thousands_are_marked() {
        let marked = [0, 999, 1_000, 81_234, 1_080_312].map(thousands);
        assert_eq!(marked, ["0", "999", "1,000", "81,234", "1,080,312"]);
    }

    #[test]
    fn html_descriptions_become_markdown_and_markdown_keeps_its_own() {
        assert_eq!(
            markdown_from_html("<p>Updates the <code>user_id</code> of a <b>repo</b>.</p><p>See <a href=\"https://x.test/a\">the docs</a>; user_id and *stars*.</p>"),
            "Updates the `user_id` of a **repo**.\n\nSee [the docs](https://x.test/a); user_id and \\*stars\\*."
        );
        assert_eq!(
            markdown_from_html("<UL><li>one &amp; two</li></UL>"),
            "*   one & two"
        );
        // Markdown with raw HTML in it: only the breaks change.
        assert_eq!(
            markdown_from_html("Estimates a [price](http://x.test/a_b).<br><br>Its surge_multiplier is <b>set</b>.<BR/>End <br />"),
            "Estimates a [price](http://x.test/a_b).\n\nIts surge_multiplier is <b>set</b>.\nEnd \n"
        );
        assert_eq!(
            markdown_from_html("1 < 2 and <brr> <br"),
            "1 < 2 and <brr> <br"
        );
        // Markdown that starts with an HTML block stays Markdown.
        let mixed = "<div>Beta</div>\n\nLists **orders**.\n\n- a\n- b";
        assert_eq!(markdown_from_html(mixed), mixed);
        assert!(matches!(
            markdown_from_html("plain"),
            Cow::Borrowed("plain")
        ));
    }

    #[test]
    fn counts_and_near_names() {
        assert_eq!(
            [counted(0, "tool"), counted(1, "tool"), counted(2, "file")],
            ["0 tools", "1 tool", "2 files"]
        );
        assert_eq!(
            did_you_mean("nots", ["admin", "notes"]),
            " (did you mean 'notes'?)"
        );
        assert_eq!(did_you_mean("zzz", ["admin", "notes"]), "");
    }
}
