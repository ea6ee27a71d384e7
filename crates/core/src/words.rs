//! Identifiers to words: what naming (tool names) and the hints' evidence reader (the words
//! of an operationId or a path) share.

/// The words of an identifier in any case style, lower-cased and joined with `_`:
/// `listPets`, `repos/get-content`, `HTTPResponse`, `users.delete`.
pub(crate) fn snake_case(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_ascii_alphanumeric() {
            if !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
            continue;
        }
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let next = chars.get(i + 1);
        let starts_word = c.is_ascii_uppercase()
            && match prev {
                Some(p) if p.is_ascii_lowercase() || p.is_ascii_digit() => true,
                Some(p) if p.is_ascii_uppercase() => next.is_some_and(|n| n.is_ascii_lowercase()),
                _ => false,
            };
        if starts_word && !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out.trim_end_matches('_').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_case_handles_every_case_style() {
        assert_eq!(snake_case("listPets"), "list_pets");
        assert_eq!(snake_case("repos/get-content"), "repos_get_content");
        assert_eq!(snake_case("getHTTPResponse"), "get_http_response");
        assert_eq!(snake_case("DeleteUser"), "delete_user");
        assert_eq!(snake_case("users.delete"), "users_delete");
        assert_eq!(snake_case("getV2Users"), "get_v2_users");
        assert_eq!(snake_case("  --a__b--  "), "a_b");
        assert_eq!(snake_case("データ"), "");
    }
}
