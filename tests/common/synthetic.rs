//! Synthetic OpenAPI 3.0 specs of any size, shaped like real ones: paths with a GET and a
//! POST each, shared component schemas, parameters and responses reached by `$ref`, a
//! recursive schema. Used by the tests and the benchmarks.

use std::fmt::Write;

/// A JSON spec with `operations` operations (rounded up to even), about 1.4 KB each, with
/// as much prose as real specs have (GitHub's parses into about six times its size).
pub fn spec(operations: usize) -> String {
    let paths = operations.div_ceil(2);
    let mut out = String::with_capacity(paths * 2_200 + 4_096);
    out.push_str(r#"{"openapi":"3.0.3","info":{"title":"Synthetic","version":"1"},"servers":[{"url":"https://api.example.com/v1"}],"paths":{"#);
    for i in 0..paths {
        if i > 0 {
            out.push(',');
        }
        write!(
            out,
            r##""/resources{i}/{{id}}":{{"parameters":[{{"$ref":"#/components/parameters/Id"}}],"get":{{"operationId":"getResource{i}","summary":"Get resource {i}","description":"Returns resource {i} by its identifier, with its children and its owner. The caller must be allowed to read the resource; otherwise the API answers 404 rather than 403, so that the existence of a resource is not revealed. Children are listed newest first and limited by the `limit` parameter. See the guide on pagination for walking through long lists, and the guide on expansion for the `expand` parameter.","tags":["group{g}"],"parameters":[{{"$ref":"#/components/parameters/Limit"}},{{"name":"expand","in":"query","description":"Related records to include in the response, as a comma-separated list. Each expansion costs one more query on the server.","schema":{{"type":"array","items":{{"type":"string","enum":["owner","children"]}}}}}}],"responses":{{"200":{{"description":"ok","content":{{"application/json":{{"schema":{{"$ref":"#/components/schemas/Resource"}}}}}}}},"default":{{"$ref":"#/components/responses/Error"}}}}}},"post":{{"operationId":"updateResource{i}","summary":"Update resource {i}","description":"Updates resource {i}. Fields left out keep their values; send null to clear a field. The update is applied atomically and the response holds the resource as stored, with its new version number.","requestBody":{{"required":true,"content":{{"application/json":{{"schema":{{"$ref":"#/components/schemas/ResourceUpdate"}}}}}}}},"responses":{{"200":{{"description":"ok","content":{{"application/json":{{"schema":{{"$ref":"#/components/schemas/Resource"}}}}}}}},"default":{{"$ref":"#/components/responses/Error"}}}}}}}}"##,
            g = i % 50
        )
        .expect("writing to a String");
    }
    out.push_str(r##"},"components":{"parameters":{"Id":{"name":"id","in":"path","required":true,"schema":{"type":"string","format":"uuid"}},"Limit":{"name":"limit","in":"query","schema":{"type":"integer","minimum":1,"maximum":100,"default":20}}},"responses":{"Error":{"description":"error","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Error"}}}}},"schemas":{"Error":{"type":"object","required":["code"],"properties":{"code":{"type":"integer"},"message":{"type":"string"}}},"Owner":{"type":"object","properties":{"id":{"type":"string","readOnly":true},"name":{"type":"string"},"email":{"type":"string","format":"email","nullable":true}}},"Resource":{"type":"object","required":["id","name"],"properties":{"id":{"type":"string","readOnly":true},"name":{"type":"string","maxLength":200},"owner":{"$ref":"#/components/schemas/Owner"},"children":{"type":"array","items":{"$ref":"#/components/schemas/Resource"}},"labels":{"type":"object","additionalProperties":{"type":"string"}}}},"ResourceUpdate":{"type":"object","properties":{"name":{"type":"string","maxLength":200},"owner":{"$ref":"#/components/schemas/Owner"},"labels":{"type":"object","additionalProperties":{"type":"string"}},"parent":{"$ref":"#/components/schemas/Resource"}}}}}}"##);
    out
}

/// Hostile inputs: each must be refused or converted in time linear in its size. The tests
/// run them with a deadline that only catches hangs; the benchmark holds them to their
/// budget in release mode (`cargo bench --bench convert -- --budget`).
pub mod hostile {
    const HEAD_JSON: &str = r#""openapi":"3.0.3","info":{"title":"t","version":"1"}"#;

    /// YAML flow collections nested `depth` deep: `[[[...` or `{a: {a: ...`.
    pub fn nested_flow(depth: usize, mapping: bool) -> String {
        let opener = if mapping { "{a: " } else { "[" };
        format!(
            "openapi: 3.0.3\ninfo: {{title: t, version: '1'}}\npaths: {{}}\nx: {}\n",
            opener.repeat(depth)
        )
    }

    /// One parameter reached through a chain of `length` parameter `$ref`s.
    pub fn parameter_chain(length: usize) -> String {
        let mut parameters: Vec<String> = (0..length)
            .map(|i| {
                format!(
                    r##""p{i}":{{"$ref":"#/components/parameters/p{}"}}"##,
                    i + 1
                )
            })
            .collect();
        parameters.push(format!(
            r#""p{length}":{{"name":"q","in":"query","schema":{{"type":"string"}}}}"#
        ));
        format!(
            r##"{{{HEAD_JSON},"paths":{{"/a":{{"get":{{"parameters":[{{"$ref":"#/components/parameters/p0"}}],"responses":{{"200":{{"description":"ok"}}}}}}}}}},"components":{{"parameters":{{{}}}}}}}"##,
            parameters.join(",")
        )
    }

    /// One path item reached through a chain of `length` path-item `$ref`s.
    pub fn path_item_chain(length: usize) -> String {
        let mut items: Vec<String> = (0..length)
            .map(|i| format!(r##""i{i}":{{"$ref":"#/x-items/i{}"}}"##, i + 1))
            .collect();
        items.push(format!(
            r#""i{length}":{{"get":{{"responses":{{"200":{{"description":"ok"}}}}}}}}"#
        ));
        format!(
            r##"{{{HEAD_JSON},"paths":{{"/a":{{"$ref":"#/x-items/i0"}}}},"x-items":{{{}}}}}"##,
            items.join(",")
        )
    }

    /// A request body whose schema is a chain of `length` schemas, each the `next`
    /// property of the one before.
    pub fn schema_chain(length: usize) -> String {
        let mut schemas: Vec<String> = (0..length)
            .map(|i| {
                format!(
                    r##""S{i}":{{"type":"object","properties":{{"next":{{"$ref":"#/components/schemas/S{}"}}}}}}"##,
                    i + 1
                )
            })
            .collect();
        schemas.push(format!(r#""S{length}":{{"type":"string"}}"#));
        format!(
            r##"{{{HEAD_JSON},"paths":{{"/a":{{"post":{{"requestBody":{{"content":{{"application/json":{{"schema":{{"$ref":"#/components/schemas/S0"}}}}}}}},"responses":{{"200":{{"description":"ok"}}}}}}}}}},"components":{{"schemas":{{{}}}}}}}"##,
            schemas.join(",")
        )
    }

    /// A request body whose schema names the one below it `fan` times, `levels` deep:
    /// inlined whole it would hold `fan` to the power `levels` copies of the last one.
    pub fn schema_fan_out(levels: usize, fan: usize) -> String {
        let mut schemas: Vec<String> = (0..levels)
            .map(|i| {
                let properties: Vec<String> = (0..fan)
                    .map(|p| format!(r##""p{p}":{{"$ref":"#/components/schemas/S{}"}}"##, i + 1))
                    .collect();
                format!(
                    r#""S{i}":{{"type":"object","properties":{{{}}}}}"#,
                    properties.join(",")
                )
            })
            .collect();
        schemas.push(format!(
            r#""S{levels}":{{"type":"object","properties":{{"name":{{"type":"string","description":"the name"}},"size":{{"type":"integer","minimum":0,"maximum":100}},"tags":{{"type":"array","items":{{"type":"string","enum":["a","b","c"]}}}}}}}}"#
        ));
        format!(
            r##"{{{HEAD_JSON},"paths":{{"/a":{{"post":{{"requestBody":{{"content":{{"application/json":{{"schema":{{"$ref":"#/components/schemas/S0"}}}}}}}},"responses":{{"200":{{"description":"ok","content":{{"application/json":{{"schema":{{"$ref":"#/components/schemas/S0"}}}}}}}}}}}}}}}},"components":{{"schemas":{{{}}}}}}}"##,
            schemas.join(",")
        )
    }
}
