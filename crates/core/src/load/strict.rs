//! Parsing into `serde_json::Value` that refuses a key repeated in one mapping: YAML's
//! rule, and in JSON a sign of a broken merge. `serde_json`'s own visitor keeps the last
//! value silently. In YAML, merge keys (`<<: *base`, YAML 1.1's merge type, which most
//! OpenAPI tools apply) are applied.

use std::fmt;

use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

/// How `serde_json` (with `arbitrary_precision`) hands a number to a visitor: a one-entry
/// map under this key, its value the number's exact text. `tests::numbers_stay_exact`
/// fails if that ever changes.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

/// Up to this many entries, a repeated key is found by scanning; beyond, by hashing.
const SHORT_MAP: usize = 16;

/// A JSON document's value.
#[derive(Debug)]
pub struct StrictValue(pub Value);

impl<'de> Deserialize<'de> for StrictValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_any(StrictVisitor { yaml: false })
            .map(StrictValue)
    }
}

/// A YAML document's value: as [`StrictValue`], with merge keys applied.
#[derive(Debug)]
pub struct StrictYamlValue(pub Value);

impl<'de> Deserialize<'de> for StrictYamlValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_any(StrictVisitor { yaml: true })
            .map(StrictYamlValue)
    }
}

/// The YAML merge key.
const MERGE_KEY: &str = "<<";

#[derive(Clone, Copy)]
struct StrictVisitor {
    yaml: bool,
}

impl<'de> DeserializeSeed<'de> for StrictVisitor {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

/// A number from its exact text.
fn number<E: de::Error>(text: &str) -> Result<Value, E> {
    serde_json::from_str::<Number>(text)
        .map(Value::Number)
        .map_err(|_| E::custom(format!("invalid number {text}")))
}

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Value, E> {
        number(&v.to_string())
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Value, E> {
        number(&v.to_string())
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element_seed(self)? {
            items.push(item);
        }
        items.shrink_to_fit();
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        // Entries gather in a vector and become a map of exactly their number: growth by
        // doubling would leave up to half of each map unused, and a spec holds millions of
        // small maps. Repeats are found by a scan while the vector is short and by the map
        // once it is long.
        let mut entries: Vec<(String, Value)> = Vec::new();
        let mut long: Option<Map<String, Value>> = None;
        // The mappings merged in, and how many explicit entries came before them.
        let mut merged: Option<(usize, Vec<Map<String, Value>>)> = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == NUMBER_TOKEN && entries.is_empty() && long.is_none() {
                let text: String = map.next_value()?;
                return number(&text);
            }
            if self.yaml && key == MERGE_KEY {
                if merged.is_some() {
                    return Err(de::Error::custom(format!("duplicate key '{key}'")));
                }
                let sources = merge_sources(map.next_value_seed(self)?)?;
                let before = long.as_ref().map_or(entries.len(), Map::len);
                merged = Some((before, sources));
                continue;
            }
            let repeated = match &long {
                Some(object) => object.contains_key(&key),
                None => entries.iter().any(|(k, _)| *k == key),
            };
            if repeated {
                return Err(de::Error::custom(format!("duplicate key '{key}'")));
            }
            let value = map.next_value_seed(self)?;
            match &mut long {
                Some(object) => {
                    object.insert(key, value);
                }
                None if entries.len() < SHORT_MAP => entries.push((key, value)),
                None => {
                    let mut object: Map<String, Value> = entries.drain(..).collect();
                    object.insert(key, value);
                    long = Some(object);
                }
            }
        }
        let explicit: Map<String, Value> = match long {
            Some(object) => object.into_iter().collect(),
            None => entries.into_iter().collect(),
        };
        Ok(Value::Object(match merged {
            Some((before, sources)) => merge(explicit, before, sources),
            None => explicit,
        }))
    }
}

/// What a merge key's value may be: one mapping, or a sequence of mappings.
fn merge_sources<E: de::Error>(value: Value) -> Result<Vec<Map<String, Value>>, E> {
    let not_mappings = || E::custom("the merge key '<<' takes a mapping or a sequence of mappings");
    match value {
        Value::Object(object) => Ok(vec![object]),
        Value::Array(items) => items
            .into_iter()
            .map(|item| match item {
                Value::Object(object) => Ok(object),
                _ => Err(not_mappings()),
            })
            .collect(),
        _ => Err(not_mappings()),
    }
}

/// YAML 1.1 merge: the mapping's own keys win over merged ones, and among the merged
/// mappings an earlier one wins over a later one. Merged entries stand where the merge key
/// stood.
fn merge(
    explicit: Map<String, Value>,
    before: usize,
    sources: Vec<Map<String, Value>>,
) -> Map<String, Value> {
    let mut out = Map::new();
    let mut explicit = explicit.into_iter();
    out.extend(explicit.by_ref().take(before));
    let rest: Vec<(String, Value)> = explicit.collect();
    for source in sources {
        for (key, value) in source {
            if !out.contains_key(&key) && !rest.iter().any(|(k, _)| *k == key) {
                out.insert(key, value);
            }
        }
    }
    out.extend(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(text: &str) -> Result<Value, serde_json::Error> {
        serde_json::from_str::<StrictValue>(text).map(|v| v.0)
    }

    #[test]
    fn numbers_stay_exact() {
        let value = json(r#"{"a": 123456789012345678901234567890, "b": 1.50, "c": -3}"#).unwrap();
        assert_eq!(
            value.to_string(),
            r#"{"a":123456789012345678901234567890,"b":1.50,"c":-3}"#
        );
        let yaml: Value = yaml_serde::from_str::<StrictValue>(
            "a: 18446744073709552000\nb: -170141183460469231731687303715884105728\n",
        )
        .unwrap()
        .0;
        assert_eq!(
            yaml.to_string(),
            r#"{"a":18446744073709552000,"b":-170141183460469231731687303715884105728}"#
        );
    }

    #[test]
    fn duplicate_keys_are_refused_naming_the_key() {
        let error = json("{\"a\": 1,\n \"b\": {\"x\": 1, \"x\": 2}}").unwrap_err();
        assert_eq!(error.to_string(), "duplicate key 'x' at line 2 column 18");
        let error = yaml_serde::from_str::<StrictValue>("a: 1\nb:\n  x: 1\n  x: 2\n").unwrap_err();
        assert!(
            error.to_string().starts_with("b: duplicate key 'x'"),
            "{error}"
        );
        assert_eq!(error.location().map(|l| l.line()), Some(3));
    }

    #[test]
    fn duplicate_keys_are_refused_in_long_mappings_too() {
        let keys: Vec<String> = (0..2 * SHORT_MAP)
            .map(|i| format!("\"k{i}\": {i}"))
            .collect();
        let long = format!("{{{}}}", keys.join(", "));
        assert_eq!(
            json(&long).unwrap().as_object().unwrap().len(),
            2 * SHORT_MAP
        );
        let repeated = format!("{{{}, \"k3\": 0}}", keys.join(", "));
        let error = json(&repeated).unwrap_err().to_string();
        assert!(error.starts_with("duplicate key 'k3'"), "{error}");
        let parsed = json(&long).unwrap();
        let order: Vec<&String> = parsed.as_object().unwrap().keys().collect();
        assert_eq!(order[SHORT_MAP + 1], &format!("k{}", SHORT_MAP + 1));
    }

    fn yaml(text: &str) -> Result<Value, yaml_serde::Error> {
        yaml_serde::from_str::<StrictYamlValue>(text).map(|v| v.0)
    }

    #[test]
    fn yaml_merge_keys_are_applied_own_keys_first() {
        let value = yaml(
            "base: &base {type: object, description: base, x: 1}\n\
             more: &more {x: 2, y: 2}\n\
             schema: {a: 0, <<: [*base, *more], description: own}\n",
        )
        .unwrap();
        assert_eq!(
            value["schema"].to_string(),
            r#"{"a":0,"type":"object","x":1,"y":2,"description":"own"}"#
        );
        let error = yaml("a: {<<: 1}\n").unwrap_err().to_string();
        assert!(error.contains("merge key '<<' takes a mapping"), "{error}");
        // In JSON, `<<` is an ordinary key.
        assert_eq!(json(r#"{"<<": 1}"#).unwrap()["<<"], 1);
    }

    #[test]
    fn yaml_keys_that_are_not_strings_become_strings() {
        let value = yaml_serde::from_str::<StrictValue>("200: ok\ntrue: yes\n")
            .unwrap()
            .0;
        assert_eq!(value, serde_json::json!({"200": "ok", "true": "yes"}));
    }
}
