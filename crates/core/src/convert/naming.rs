//! Tool names: snake_case from the operationId (or the method and path), shortened and
//! made unique deterministically, always within `^[a-zA-Z0-9_-]{1,N}$`.

use std::collections::{HashMap, HashSet};

use crate::model::Operation;
use crate::words::snake_case;

/// The name an operation asks for before shortening and de-duplication.
pub fn base_name(operation: &Operation<'_>) -> String {
    if let Some(name) = operation
        .operation_id
        .map(snake_case)
        .filter(|n| !n.is_empty())
    {
        return name;
    }
    // `GET /pets/{petId}` -> `get_pets_by_pet_id`.
    let mut words = vec![snake_case(operation.method.as_str())];
    for segment in operation.path.split('/').filter(|s| !s.is_empty()) {
        let word = match segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            Some(parameter) => format!("by_{}", snake_case(parameter)),
            None => snake_case(segment),
        };
        if !word.is_empty() {
            words.push(word);
        }
    }
    if words.len() == 1 {
        words.push("root".into());
    }
    words.retain(|w| !w.is_empty());
    if words.is_empty() {
        return "operation".into();
    }
    words.join("_")
}

/// Cuts `name` to at most `max` characters. A cut name ends in `_` and eight hex digits of
/// a hash of the whole name, so two long names that share a prefix stay apart.
pub fn shorten(name: &str, max: usize) -> String {
    if name.len() <= max {
        return name.to_string();
    }
    let hash = format!("{:08x}", xxhash_rust::xxh3::xxh3_64(name.as_bytes()) as u32);
    let keep = max.saturating_sub(hash.len() + 1);
    let prefix = name[..keep].trim_end_matches('_');
    if prefix.is_empty() {
        return hash[..max.min(hash.len())].to_string();
    }
    format!("{prefix}_{hash}")
}

/// Hands out unique names in order: the first to ask gets the name, later ones `_2`, `_3`...
pub struct NameAllocator {
    max: usize,
    used: HashSet<String>,
    next_suffix: HashMap<String, usize>,
}

impl NameAllocator {
    pub fn new(max: usize) -> Self {
        NameAllocator {
            max,
            used: HashSet::new(),
            next_suffix: HashMap::new(),
        }
    }

    pub fn allocate(&mut self, base: &str) -> String {
        let first = shorten(base, self.max);
        if self.used.insert(first.clone()) {
            return first;
        }
        // Remember where the count stopped, so that many equal names stay linear.
        let counter = self.next_suffix.entry(first).or_insert(2);
        loop {
            let suffix = format!("_{counter}");
            *counter += 1;
            let candidate = shorten(base, self.max - suffix.len()) + &suffix;
            if self.used.insert(candidate.clone()) {
                return candidate;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortening_is_deterministic_and_keeps_long_names_apart() {
        let a = "a".repeat(70) + "_one";
        let b = "a".repeat(70) + "_two";
        assert_eq!(shorten(&a, 64).len(), 64);
        assert_eq!(shorten(&a, 64), shorten(&a, 64));
        assert_ne!(shorten(&a, 64), shorten(&b, 64));
        assert_eq!(shorten("short", 64), "short");
    }

    #[test]
    fn collisions_get_numbered_suffixes() {
        let mut names = NameAllocator::new(64);
        assert_eq!(names.allocate("get_pets"), "get_pets");
        assert_eq!(names.allocate("get_pets"), "get_pets_2");
        assert_eq!(names.allocate("get_pets_2"), "get_pets_2_2");
        assert_eq!(names.allocate("get_pets"), "get_pets_3");
    }

    #[test]
    fn suffixed_names_stay_within_the_limit() {
        let mut names = NameAllocator::new(20);
        let base = "list_all_the_things_in_the_store";
        let first = names.allocate(base);
        let second = names.allocate(base);
        assert!(first.len() <= 20 && second.len() <= 20, "{first} {second}");
        assert!(second.ends_with("_2"), "{second}");
        assert_ne!(first, second);
    }
}
