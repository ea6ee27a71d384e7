//! How deep a tool's schema nests once its `$ref`s are followed. The validator compiles a
//! schema by recursion, a level of its stack a level of the schema, so a long chain (a
//! spec's schemas each holding the next, or a manifest made by hand) would overflow it.
//! Measured here by a recursion that stops at the bound: `serve` refuses such a tool, and
//! `convert` warns of it.

use std::collections::HashMap;

use serde_json::Value;

/// The most JSON levels a tool's schema may nest, its `$ref`s followed, for serve to check
/// arguments and results against it. The deepest of the shared corpus's converted tools
/// is 28.
pub const MAX_SCHEMA_DEPTH: usize = 256;

/// Whether `schema` nests deeper than [`MAX_SCHEMA_DEPTH`] levels, its local `$ref`s
/// followed. A reference back to a schema it stands inside adds nothing: the validator
/// follows a cycle lazily.
pub fn too_deep(schema: &Value) -> bool {
    let mut depth = Depth {
        root: schema,
        heights: HashMap::new(),
        open: Vec::new(),
    };
    depth.height(schema, 0).is_none()
}

struct Depth<'s> {
    root: &'s Value,
    /// How many levels each reference's target nests, once measured.
    heights: HashMap<&'s str, usize>,
    /// The references being followed, outermost first.
    open: Vec<&'s str>,
}

impl<'s> Depth<'s> {
    /// How many levels nest below `value`, which stands `depth` levels deep; `None` when
    /// that passes the bound.
    fn height(&mut self, value: &'s Value, depth: usize) -> Option<usize> {
        if depth > MAX_SCHEMA_DEPTH {
            return None;
        }
        let mut most = match value.get("$ref").and_then(Value::as_str) {
            Some(reference) => self.through(reference, depth)?,
            None => 0,
        };
        let children: Vec<&'s Value> = match value {
            Value::Object(object) => object.values().collect(),
            Value::Array(items) => items.iter().collect(),
            _ => Vec::new(),
        };
        for child in children {
            most = most.max(self.height(child, depth + 1)? + 1);
        }
        Some(most)
    }

    /// How many levels nest below a local reference to `reference`'s target.
    fn through(&mut self, reference: &'s str, depth: usize) -> Option<usize> {
        let Some(target) = reference
            .strip_prefix('#')
            .and_then(|pointer| self.root.pointer(pointer))
        else {
            return Some(0);
        };
        if self.open.contains(&reference) {
            return Some(0);
        }
        if let Some(&height) = self.heights.get(reference) {
            return (depth + height <= MAX_SCHEMA_DEPTH).then_some(height);
        }
        self.open.push(reference);
        let height = self.height(target, depth + 1).map(|h| h + 1);
        self.open.pop();
        if let Some(height) = height {
            self.heights.insert(reference, height);
        }
        height
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A chain of `n` schemas each holding the next in `items`, in `$defs`.
    fn chain(n: usize) -> Value {
        let defs: serde_json::Map<String, Value> = (0..n)
            .map(|i| {
                let next =
                    json!({"type": "array", "items": {"$ref": format!("#/$defs/S{}", i + 1)}});
                (format!("S{i}"), next)
            })
            .chain([(format!("S{n}"), json!({"type": "string"}))])
            .collect();
        json!({"type": "object", "properties": {"body": {"$ref": "#/$defs/S0"}}, "$defs": defs})
    }

    #[test]
    fn a_long_chain_of_references_is_too_deep_a_short_one_or_a_cycle_is_not() {
        assert!(!too_deep(&chain(100)));
        assert!(too_deep(&chain(200)));
        let cycle = json!({"$ref": "#/$defs/Node", "$defs": {"Node": {"type": "object",
            "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}}}});
        assert!(!too_deep(&cycle));
        // The bound exactly: 255 wrappers put the string at level 256, one more past it.
        let mut nested = json!({"type": "string"});
        for _ in 0..MAX_SCHEMA_DEPTH - 1 {
            nested = json!({ "not": nested });
        }
        assert!(!too_deep(&nested));
        assert!(too_deep(&json!({ "not": nested })));
    }
}
