//! What a tool costs a model's context: its definition as `tools/list` gives it to a client,
//! without `_meta` (which clients keep to themselves), as compact JSON, counted in tokens of
//! OpenAI's o200k vocabulary (the `bpe-openai` crate, which embeds it). Other models' tokenizers
//! differ by some percent either way; the counts are for comparing tools and budgets.

use crate::tool::Tool;

/// The tokens a whole tool list may take unless the user says otherwise: lint's
/// too-many-tools and `serve --dynamic`'s toolsets. A tenth of a 1M-token context window,
/// half of a 200k one.
pub const LIST_BUDGET: usize = 100_000;

/// The tokens `tool` takes in a model's context.
pub fn count(tool: &Tool) -> usize {
    let mut value = serde_json::to_value(tool).expect("a tool serializes");
    if let Some(object) = value.as_object_mut() {
        object.remove("_meta");
    }
    bpe_openai::o200k_base().count(value.to_string().as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::{Binding, Tool};

    #[test]
    fn a_tool_is_counted_as_clients_send_it() {
        let mut tool = Tool::new("get_pet", serde_json::json!({"type": "object"}));
        tool.description = Some("Get a pet by its id.".into());
        let without_binding = count(&tool);
        let json = r#"{"name":"get_pet","description":"Get a pet by its id.","inputSchema":{"type":"object"}}"#;
        assert_eq!(without_binding, bpe_openai::o200k_base().count(json));
        tool.meta.http = Some(Binding::new(crate::http::Method::Get, "/pets/{id}"));
        assert_eq!(count(&tool), without_binding, "_meta is not counted");
        assert_eq!(bpe_openai::o200k_base().count("Hello, world!"), 4);
    }
}
