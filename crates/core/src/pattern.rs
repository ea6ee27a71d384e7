//! Rewrites JSON Schema `pattern`s written for other regex dialects (Java, Python,
//! PCRE, Ruby) into ECMA-262 unicode-mode syntax, which is what ajv compiles with
//! `new RegExp(p, "u")`. Only rewrites whose meaning is certain are made.

/// What became of a JSON Schema `pattern` written for some other regex dialect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Translated {
    /// Already compiles in unicode mode; nothing was touched.
    Same,
    /// An equivalent pattern that compiles in unicode mode.
    Changed(String),
    /// No certain translation exists; the reason is short and lower-case.
    Untranslatable(String),
}

/// The only characters unicode mode accepts as identity escapes (plus `-` in a class).
const SYNTAX_CHARS: &str = r"^$\.*+?()[]{}|/";
/// Escape letters ECMA-262 gives a meaning to; regress judges whatever follows them.
const ECMA_ESCAPE_LETTERS: &str = "bBcdDfknpPrsStuvwWx";

/// Translates `pattern` to ECMA-262 unicode mode, validating the result with regress.
pub(crate) fn to_unicode_ecma262(pattern: &str) -> Translated {
    if compile(pattern).is_ok() {
        return Translated::Same;
    }
    // The original failed, so a translation that compiles necessarily differs from it.
    match translate(pattern).and_then(|out| compile(&out).map(|()| out)) {
        Ok(out) => Translated::Changed(out),
        Err(reason) => Translated::Untranslatable(reason),
    }
}

/// Whether `pattern` compiles as ECMA-262 in unicode mode; if not, why, in a few words.
pub fn compile(pattern: &str) -> Result<(), String> {
    regress::Regex::with_flags(pattern, "u")
        .map(|_| ())
        .map_err(|e| e.to_string().to_lowercase())
}

fn translate(pattern: &str) -> Result<String, String> {
    let s: Vec<char> = pattern.chars().collect();
    let mut out = String::with_capacity(pattern.len() + 8);
    let mut i = 0;
    let mut in_class = false;
    // Inside a class: the previous item was a set (`\w`, `[:alpha:]`), so a `-` is literal.
    let mut after_set = false;
    // Outside a class: the previous token was a quantifier, so a `+` would make it possessive.
    let mut after_quantifier = false;
    while i < s.len() {
        let c = s[i];
        if in_class {
            // The closing `]` falls through and is copied by the catch-all arm below.
            in_class = c != ']';
            if in_class {
                (i, after_set) = class_item(&s, i, after_set, &mut out)?;
                continue;
            }
        }
        let mut quantifier = false;
        i += match c {
            '\\' => escape(&s, i, false, &mut out)?,
            '[' => {
                in_class = true;
                after_set = false;
                let len = if s.get(i + 1) == Some(&'^') { 2 } else { 1 };
                out.extend(&s[i..i + len]);
                len
            }
            '(' if s.get(i + 1) == Some(&'?') => group(&s, i, &mut out)?,
            '+' if after_quantifier => return Err("possessive quantifier".into()),
            '*' | '+' | '?' => {
                // A `?` right after a quantifier makes it lazy rather than quantifying again.
                quantifier = !after_quantifier;
                out.push(c);
                1
            }
            // Python reads `{,n}` as `{0,n}`, PCRE (before 10.43) as literal text.
            '{' if s.get(i + 1) == Some(&',') => return Err("ambiguous {,n} quantifier".into()),
            '{' | '}' => match quantifier_len(&s, i) {
                Some(len) => {
                    out.extend(&s[i..i + len]);
                    quantifier = true;
                    len
                }
                // A brace outside a quantifier is a literal in the dialects that accept it.
                None => {
                    out.push('\\');
                    out.push(c);
                    1
                }
            },
            _ => {
                out.push(c);
                1
            }
        };
        after_quantifier = quantifier;
    }
    Ok(out)
}

/// Rewrites the escape starting at `s[i]` (a backslash); returns how many chars it spans.
fn escape(s: &[char], i: usize, in_class: bool, out: &mut String) -> Result<usize, String> {
    let Some(&e) = s.get(i + 1) else {
        return Err("trailing backslash".into());
    };
    match e {
        // Without the `m` flag, ECMA-262 `^`/`$` match only at the ends of the input.
        'A' if !in_class => out.push('^'),
        'z' if !in_class => out.push('$'),
        // Java/PCRE/Ruby `\Z` also matches before a final newline, Python's does not:
        // with the dialect unknown there is no certain translation.
        'Z' => return Err(r"\Z is ambiguous across dialects".into()),
        '-' if in_class => out.push_str(r"\-"),
        // The braces of `\u{...}` and `\p{...}` belong to the escape, not to a quantifier.
        'u' | 'p' | 'P' if s.get(i + 2) == Some(&'{') => {
            let len = s[i..]
                .iter()
                .position(|&c| c == '}')
                .map_or(s.len() - i, |p| p + 1);
            out.extend(&s[i..i + len]);
            return Ok(len);
        }
        _ if SYNTAX_CHARS.contains(e) || ECMA_ESCAPE_LETTERS.contains(e) || e.is_ascii_digit() => {
            out.push('\\');
            out.push(e);
        }
        _ if e.is_ascii_alphanumeric() => return Err(format!(r"unsupported escape \{e}")),
        // An identity escape of a non-syntax character: the backslash is needless.
        _ => out.push(e),
    }
    Ok(2)
}

/// Rewrites one item inside a character class; returns where it ends and whether it is a set.
fn class_item(
    s: &[char],
    i: usize,
    after_set: bool,
    out: &mut String,
) -> Result<(usize, bool), String> {
    if let Some((name, end)) = posix_class(s, i) {
        out.push_str(posix_set(&name)?);
        return Ok((end, true));
    }
    match s[i] {
        '\\' => Ok((i + escape(s, i, true, out)?, is_set_escape(s, i))),
        // A `-` next to a set cannot form a range; unicode mode wants it escaped.
        '-' => {
            let next_is_set = is_set_escape(s, i + 1) || posix_class(s, i + 1).is_some();
            out.push_str(if after_set || next_is_set { r"\-" } else { "-" });
            Ok((i + 1, false))
        }
        c => {
            out.push(c);
            Ok((i + 1, false))
        }
    }
}

/// Whether `s[i]` starts an escape standing for a set of characters, which cannot end a range.
fn is_set_escape(s: &[char], i: usize) -> bool {
    s.get(i) == Some(&'\\') && s.get(i + 1).is_some_and(|c| "dDpPsSwW".contains(*c))
}

/// A POSIX bracket class `[:name:]` at `s[i]`: its name and the index just past it.
fn posix_class(s: &[char], i: usize) -> Option<(String, usize)> {
    if s.get(i) != Some(&'[') || s.get(i + 1) != Some(&':') {
        return None;
    }
    let name: String = s[i + 2..]
        .iter()
        .take_while(|c| c.is_ascii_lowercase() || **c == '^')
        .collect();
    let end = i + 2 + name.len();
    (s.get(end) == Some(&':') && s.get(end + 1) == Some(&']')).then_some((name, end + 2))
}

/// Class contents equivalent to a POSIX class, which is ASCII-only in Java and
/// PCRE (Ruby's are Unicode-aware for Unicode strings; ASCII is the common reading).
fn posix_set(name: &str) -> Result<&'static str, String> {
    Ok(match name {
        "alpha" => "a-zA-Z",
        "digit" => "0-9",
        "alnum" => "a-zA-Z0-9",
        "upper" => "A-Z",
        "lower" => "a-z",
        "xdigit" => "0-9A-Fa-f",
        // JS `\s` also matches Unicode spaces, so spell out the ASCII set.
        "space" => r" \t\n\v\f\r",
        "blank" => r" \t",
        "punct" => r"!-\/:-@\[-\x60\{-~",
        "cntrl" => r"\x00-\x1F\x7F",
        "graph" => "!-~",
        "print" => " -~",
        "word" => r"\w", // PCRE extension, ASCII like `\w`.
        _ => return Err(format!("unsupported posix class [:{name}:]")),
    })
}

/// Rewrites a `(?` group opener at `s[i]`; returns how many chars it spans.
fn group(s: &[char], i: usize, out: &mut String) -> Result<usize, String> {
    let rest: String = s[i + 2..].iter().take(2).collect();
    if rest == "P<" {
        out.push_str("(?<"); // Python named group.
        return Ok(4);
    }
    if rest == "P=" {
        // Python named backreference `(?P=name)`.
        let len = s[i + 4..]
            .iter()
            .position(|&c| c == ')')
            .ok_or("unterminated group")?;
        let name: String = s[i + 4..i + 4 + len].iter().collect();
        out.push_str(&format!(r"\k<{name}>"));
        return Ok(4 + len + 1);
    }
    if rest.starts_with('>') {
        return Err("atomic group".into());
    }
    // `(?i)` has no ECMA-262 form (the scoped `(?i:...)` is left for regress to judge).
    let flags = s[i + 2..]
        .iter()
        .take_while(|c| c.is_ascii_alphabetic() || matches!(c, '-' | '^'))
        .count();
    if flags > 0 && s.get(i + 2 + flags) == Some(&')') {
        return Err("inline flags".into());
    }
    out.push_str("(?");
    Ok(2)
}

/// Length of a `{n}`, `{n,}` or `{n,m}` quantifier starting at `s[i]`, if there is one.
fn quantifier_len(s: &[char], i: usize) -> Option<usize> {
    let body: String = s[i + 1..]
        .iter()
        .take_while(|c| c.is_ascii_digit() || **c == ',')
        .collect();
    let (min, max) = body.split_once(',').unwrap_or((&body, ""));
    let closed = s.get(i + 1 + body.len()) == Some(&'}');
    (s[i] == '{' && closed && !min.is_empty() && !max.contains(',')).then_some(body.len() + 2)
}

#[cfg(test)]
mod tests {
    use super::{to_unicode_ecma262 as t, Translated::*};

    #[test]
    fn valid_patterns_are_left_alone() {
        for p in [
            r"^[a-z]+$",
            r"^\d{3}-\d{4}$",
            r"\/",
            r"\\",
            r"(?<y>a)\k<y>",
            "(?i:a)",
        ] {
            assert_eq!(t(p), Same, "{p}");
        }
    }

    #[test]
    fn certain_rewrites_are_made() {
        for (p, want) in [
            (r"\_", "_"),
            (r"foo\-bar", "foo-bar"),
            (r#"[^\"]"#, r#"[^"]"#),
            (r"\@\ \#[\_\'-]", r"@ #[_'-]"),
            // Escape payloads are copied untouched.
            (r"\u{1F600}\p{Lu}\x41\_", r"\u{1F600}\p{Lu}\x41_"),
            (r"[\w-.+]", r"[\w\-.+]"),
            (r"[a-\d]", r"[a\-\d]"),
            (r"[[:digit:]-x]", r"[0-9\-x]"),
            (r"\Aabc\z", "^abc$"),
            ("[[:alpha:]]+", "[a-zA-Z]+"),
            ("[^[:space:]]", r"[^ \t\n\v\f\r]"),
            ("[[:word:][:punct:]]", r"[\w!-\/:-@\[-\x60\{-~]"),
            (r"(?P<year>\d{4})", r"(?<year>\d{4})"),
            (r"(?P<q>.)(?P=q)", r"(?<q>.)\k<q>"),
            ("a{", r"a\{"),
            ("x{a}", r"x\{a\}"),
            // Lazy, not possessive.
            (r"a+?\_", "a+?_"),
            (r"a{2}?\_", "a{2}?_"),
        ] {
            assert_eq!(t(p), Changed(want.to_string()), "{p}");
        }
    }

    #[test]
    fn uncertain_or_unsupported_constructs_are_refused() {
        for p in [
            r"\p{Print}",
            "a++",
            r"\d{2}+",
            "(?>a)",
            "(?i)abc",
            r"abc\Z",
            r"\h",
            "[[:^alpha:]]",
            "a{,3}",
            "[a-z[0-9]]",
            "\\",
        ] {
            assert!(matches!(t(p), Untranslatable(_)), "{p}: {:?}", t(p));
        }
        assert_eq!(t("a++"), Untranslatable("possessive quantifier".into()));
    }
}
