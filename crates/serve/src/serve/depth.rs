//! How deep a tool's schema nests once its `$ref`s are followed. The validator compiles a
//! schema by recursion, a level of its stack a level of the schema, so a long chain (a
//! spec's schemas each holding the next, or a manifest made by hand) would overflow it.
//! Measured here by a recursion that stops at the bound.

use std::collections::HashMap;

use serde_json::Value;

/// The most JSON levels a tool's schema may nest, its `$ref`s followed, for serve to check
/// arguments and results against it. The deepest of the shared corpus's converted tools
/// is 28.
pub(super) const MAX_SCHEMA_DEPTH: usize = 256;

/// The most schema nodes measured for one tool: mutually recursive references measured in
/// every order they can be entered would take exponential time, so a schema past this is
/// refused as if too deep. The largest of the shared corpus's converted tools takes
/// far fewer.
pub(super) const MAX_STEPS: usize = 1_000_000;

/// Whether `schema` nests deeper than [`MAX_SCHEMA_DEPTH`] levels, its local `$ref`s
/// followed (or takes more than [`MAX_STEPS`] to measure). A reference back to a schema it
/// stands inside adds nothing: the validator follows a cycle lazily.
pub(super) fn too_deep(schema: &Value) -> bool {
    let mut depth = Depth {
        root: schema,
        heights: HashMap::new(),
        open: Vec::new(),
        steps: 0,
    };
    depth.height(schema, 0).is_none()
}

struct Depth<'s> {
    root: &'s Value,
    /// How many levels each reference's target nests, once measured in a way that holds
    /// wherever it is entered from.
    heights: HashMap<&'s str, usize>,
    /// The references being followed, outermost first.
    open: Vec<&'s str>,
    /// Schema nodes measured so far.
    steps: usize,
}

/// A height, and the outermost open reference it stopped at (its place in `open`), if
/// any: a height that stopped at a reference entered before the one measured holds only
/// where that reference is open, so it is not remembered.
#[derive(Clone, Copy)]
struct Measured {
    height: usize,
    stopped_at: Option<usize>,
}

impl Measured {
    fn max(self, other: Measured) -> Measured {
        let stopped_at = match (self.stopped_at, other.stopped_at) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Measured {
            height: self.height.max(other.height),
            stopped_at,
        }
    }
}

impl<'s> Depth<'s> {
    /// How many levels nest below `value`, which stands `depth` levels deep; `None` when
    /// that passes the bound.
    fn height(&mut self, value: &'s Value, depth: usize) -> Option<Measured> {
        self.steps += 1;
        if depth > MAX_SCHEMA_DEPTH || self.steps > MAX_STEPS {
            return None;
        }
        let mut most = match value.get("$ref").and_then(Value::as_str) {
            Some(reference) => self.through(reference, depth)?,
            None => Measured {
                height: 0,
                stopped_at: None,
            },
        };
        let children: Vec<&'s Value> = match value {
            Value::Object(object) => object.values().collect(),
            Value::Array(items) => items.iter().collect(),
            _ => Vec::new(),
        };
        for child in children {
            let below = self.height(child, depth + 1)?;
            most = most.max(Measured {
                height: below.height + 1,
                ..below
            });
        }
        Some(most)
    }

    /// How many levels nest below a local reference to `reference`'s target.
    fn through(&mut self, reference: &'s str, depth: usize) -> Option<Measured> {
        let Some(target) = reference
            .strip_prefix('#')
            .and_then(|pointer| self.root.pointer(pointer))
        else {
            return Some(Measured {
                height: 0,
                stopped_at: None,
            });
        };
        if let Some(place) = self.open.iter().position(|open| *open == reference) {
            return Some(Measured {
                height: 0,
                stopped_at: Some(place),
            });
        }
        if let Some(&height) = self.heights.get(reference) {
            let fits = depth + height <= MAX_SCHEMA_DEPTH;
            return fits.then_some(Measured {
                height,
                stopped_at: None,
            });
        }
        let place = self.open.len();
        self.open.push(reference);
        let measured = self.height(target, depth + 1);
        self.open.pop();
        let measured = measured?;
        let height = measured.height + 1;
        // Stopped only at itself or at what it opened: the same from anywhere.
        let stopped_at = measured.stopped_at.filter(|&at| at < place);
        if stopped_at.is_none() {
            self.heights.insert(reference, height);
        }
        Some(Measured { height, stopped_at })
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
        let mut nested = json!({"type": "string"});
        for _ in 0..MAX_SCHEMA_DEPTH {
            nested = json!({ "not": nested });
        }
        assert!(too_deep(&nested));
    }

    /// A height measured inside a cycle holds only there: `B` measured inside `A` stops at
    /// `A`, so reached again 150 levels down it is measured again, through `A`'s chain.
    #[test]
    fn a_height_measured_inside_a_cycle_is_not_taken_elsewhere() {
        let mut schema = chain(60);
        let defs = schema["$defs"].as_object_mut().unwrap();
        defs.insert(
            "A".into(),
            json!({"properties": {"b": {"$ref": "#/$defs/B"}, "deep": {"$ref": "#/$defs/S0"}}}),
        );
        defs.insert(
            "B".into(),
            json!({"properties": {"a": {"$ref": "#/$defs/A"}}}),
        );
        let mut nested = json!({"$ref": "#/$defs/B"});
        for _ in 0..150 {
            nested = json!({ "not": nested });
        }
        schema["properties"] = json!({"first": {"$ref": "#/$defs/A"}, "then": nested});
        assert!(too_deep(&schema));
        // Either alone fits.
        schema["properties"] = json!({"first": {"$ref": "#/$defs/A"}});
        assert!(!too_deep(&schema));
    }

    /// References that all hold one another are measured within a bound of work.
    #[test]
    fn mutually_recursive_references_are_measured_within_a_bound() {
        let names: Vec<String> = (0..24).map(|i| format!("N{i}")).collect();
        let defs: serde_json::Map<String, Value> = names
            .iter()
            .map(|name| {
                let properties: serde_json::Map<String, Value> = names
                    .iter()
                    .map(|other| (other.clone(), json!({"$ref": format!("#/$defs/{other}")})))
                    .collect();
                (name.clone(), json!({"properties": properties}))
            })
            .collect();
        let schema = json!({"$ref": "#/$defs/N0", "$defs": defs});
        assert!(too_deep(&schema), "refused, not measured for ever");
    }
}
