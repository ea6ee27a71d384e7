//! Text from a spec (or a server, or a client) is data: each format it goes into gets it
//! escaped for that format here, so no spec can end a YAML comment, open an HTML comment in
//! a pull-request comment, break a table row, or move a terminal's cursor.

use std::borrow::Cow;

/// Whether `c` must not reach a line of output as itself: a control character (C0, DEL,
/// C1), a line or paragraph separator (YAML 1.1 and JavaScript read them as line breaks),
/// or a bidirectional override, which reorders what a reader sees.
fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}')
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `text` on one line, every hidden character shown as an escape (`\n`, `\t`, `\u{1b}`):
/// for a terminal, a YAML comment, a log line.
pub fn visible(text: &str) -> Cow<'_, str> {
    escaped(text, |_| true)
}

/// An HTML page whose text came from a spec (markup already escaped by the template): every
/// hidden character but a line break or a tab, which HTML reads as space, shown as an
/// escape, so no control character or bidirectional override reaches the page.
pub(crate) fn html_page(page: String) -> String {
    escaped(&page, |c| !matches!(c, '\n' | '\t')).into_owned()
}

/// `text` with each hidden character that `shown` picks written as an escape (`\n`, `\t`,
/// `\u{1b}`).
fn escaped(text: &str, shown: impl Fn(char) -> bool) -> Cow<'_, str> {
    let hides = |c: char| is_hidden(c) && shown(c);
    if !text.chars().any(hides) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            c if !hides(c) => out.push(c),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        }
    }
    Cow::Owned(out)
}

/// A YAML double-quoted scalar holding exactly `text`. JSON's string syntax is YAML's, but
/// JSON leaves U+0085, U+2028 and U+2029 raw, which YAML folds as line breaks.
pub(crate) fn yaml_quoted(text: &str) -> String {
    let json = serde_json::to_string(text).expect("strings serialize");
    json.replace('\u{85}', "\\N")
        .replace('\u{2028}', "\\L")
        .replace('\u{2029}', "\\P")
}

/// ASCII punctuation that means something inline in GitHub markdown: emphasis, code,
/// links and images, HTML (`<!--` hides the rest of a comment), tables, entities, math,
/// strikethrough, headings.
const MARKDOWN_ACTIVE: &str = "\\`*_[]<>|&$~#";

/// `text` as plain words in a line of GitHub markdown (a list item or a table cell): one
/// line, every active character backslash-escaped (CommonMark allows it before any ASCII
/// punctuation; GFM reads `\|` in a table cell).
pub(crate) fn markdown_text(text: &str) -> String {
    let chars: Vec<char> = visible(text).chars().collect();
    let mut out = String::with_capacity(chars.len() + 8);
    for (i, &c) in chars.iter().enumerate() {
        // Between two letters or digits, CommonMark never reads `_` as emphasis:
        // `user_id` stays as it is written.
        let intraword = |i: Option<usize>| {
            i.and_then(|i| chars.get(i))
                .is_some_and(|c| c.is_alphanumeric())
        };
        let plain_underscore = c == '_' && intraword(i.checked_sub(1)) && intraword(Some(i + 1));
        if MARKDOWN_ACTIVE.contains(c) && !plain_underscore {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `text` as a code span, on one line, fenced with more backticks than it holds in a row and
/// spaced when it starts or ends with one (CommonMark's rule).
pub(crate) fn markdown_code(text: &str) -> String {
    let text = visible(text);
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    if longest == 0 {
        format!("{fence}{text}{fence}")
    } else {
        format!("{fence} {text} {fence}")
    }
}

/// `text` as a code span in a table cell. GFM splits a row into cells before it reads code
/// spans, so a `|` is escaped; its `\|` unescaping would eat a backslash of the text, so
/// text with one is written as plain escaped words instead.
pub(crate) fn markdown_cell_code(text: &str) -> String {
    if text.contains('\\') {
        markdown_text(text)
    } else {
        markdown_code(&text.replace('|', "\\|"))
    }
}

/// GitHub's escaping for a workflow command's data (`property` false) or a property value.
pub(crate) fn github_command(text: &str, property: bool) -> String {
    let mut out = text
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A");
    if property {
        out = out.replace(':', "%3A").replace(',', "%2C");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visible_text_is_one_line_without_controls() {
        assert_eq!(visible("plain"), "plain");
        assert_eq!(
            visible("a\nb\r\tc\u{1b}[2J\u{2028}\u{202e}"),
            "a\\nb\\r\\tc\\u{1b}[2J\\u{2028}\\u{202e}"
        );
    }

    #[test]
    fn yaml_quoted_text_reads_back_as_itself() {
        for text in [
            "a\nb: c",
            "\u{85}x\u{2028}y\u{2029}",
            "\"quoted\" \\ # not a comment",
        ] {
            let quoted = yaml_quoted(text);
            assert!(!quoted.contains(['\n', '\u{85}', '\u{2028}', '\u{2029}']));
            let back: String = yaml_serde::from_str(&quoted).unwrap();
            assert_eq!(back, text);
        }
    }

    #[test]
    fn markdown_text_opens_nothing() {
        assert_eq!(
            markdown_text("a | b <!-- c\n`d` *e* _f_ user_id"),
            "a \\| b \\<!-- c\\\\n\\`d\\` \\*e\\* \\_f\\_ user_id"
        );
    }

    /// A code span holds any text: its fence is longer than the backticks inside.
    #[test]
    fn code_spans_survive_backticks_pipes_and_line_breaks() {
        assert_eq!(markdown_code("/items"), "`/items`");
        assert_eq!(markdown_code("/a`b"), "`` /a`b ``");
        assert_eq!(markdown_code("``x"), "``` ``x ```");
        assert_eq!(markdown_code("a|b\nc"), "`a|b\\nc`");
        assert_eq!(markdown_cell_code("a|b"), "`a\\|b`");
        assert_eq!(markdown_cell_code("a\\|b"), "a\\\\\\|b");
    }
}
