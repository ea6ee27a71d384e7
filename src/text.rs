//! Words for messages: a count with its noun, the closest name to a misspelt one.

/// `n` and the noun, plural unless `n` is 1: `1 tool`, `2 tools`, `0 tools`.
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
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

#[cfg(test)]
mod tests {
    use super::*;

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
