use super::*;

#[test]
fn keywords_the_meta_schema_refuses_are_left_out() {
    let mut schema = json!({
        "type": "object",
        "properties": {
            "code": {"type": "string", "pattern": 0},
            "form": {"type": "application/json", "description": "kept"},
            "odd": 5,
            "list": {"type": "array", "items": {"type": "string", "minLength": -1}},
            "tuple": {"prefixItems": [{"type": "string"}, {"maxLength": "4"}]}
        },
        "allOf": {"3": {"properties": {}}},
        "examples": {"a": 1}
    });
    let dropped = drop_invalid_keywords(&mut schema);
    assert_eq!(
        dropped,
        [
            "/allOf",
            "/examples",
            "/properties/code/pattern",
            "/properties/form/type",
            "/properties/list/items/minLength",
            "/properties/odd",
            "/properties/tuple/prefixItems/1/maxLength"
        ]
    );
    assert_eq!(
        schema,
        json!({
            "type": "object",
            "properties": {
                "code": {"type": "string"},
                "form": {"description": "kept"},
                "odd": {},
                "list": {"type": "array", "items": {"type": "string"}},
                "tuple": {"prefixItems": [{"type": "string"}, {}]}
            }
        })
    );
    assert!(jsonschema::draft202012::meta::is_valid(&schema));
}

#[test]
fn property_schemas_are_objects() {
    assert_eq!(as_object_schema(json!(true)), json!({}));
    assert_eq!(as_object_schema(json!(null)), json!({}));
    assert_eq!(as_object_schema(json!(false)), json!({"not": {}}));
    assert_eq!(
        as_object_schema(json!({"type": "string"})),
        json!({"type": "string"})
    );
}

#[test]
fn references_are_found_in_schema_positions_only() {
    let schema = json!({
        "properties": {"a": {"$ref": "#/$defs/A"}, "$ref": {"type": "string"}},
        "items": [{"$ref": "#/$defs/B"}],
        "examples": [{"$ref": "not a reference"}],
        "x-note": {"$ref": "nor this"},
        "$defs": {"A": {"allOf": [{"$ref": "#/$defs/C"}]}}
    });
    let mut found = references(&schema);
    found.sort_unstable();
    assert_eq!(found, ["#/$defs/A", "#/$defs/B", "#/$defs/C"]);
}
