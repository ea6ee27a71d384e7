//! What a tool costs a model's context: its definition as `tools/list` gives it to a client,
//! without `_meta` (which clients keep to themselves), as compact JSON, counted in tokens of
//! OpenAI's o200k vocabulary (the `tiktoken-rs` crate, which embeds it). Other models' tokenizers
//! differ by some percent either way; the counts are for comparing tools and budgets.

use crate::tool::Tool;

/// The tokens a whole tool list may take unless the user says otherwise: lint's
/// too-many-tools and `serve --dynamic`'s toolsets. A tenth of a 1M-token context window,
/// half of a 200k one.
pub const LIST_BUDGET: usize = 100_000;

/// The tokens `tool` takes in a model's context.
pub fn count(tool: &Tool) -> usize {
    count_text(&text_of(tool))
}

/// The text of `tool` a model reads: compact JSON without `_meta`.
fn text_of(tool: &Tool) -> String {
    let mut value = serde_json::to_value(tool).expect("a tool serializes");
    if let Some(object) = value.as_object_mut() {
        object.remove("_meta");
    }
    value.to_string()
}

fn count_text(text: &str) -> usize {
    tiktoken_rs::o200k_base_singleton()
        .encode_ordinary(text)
        .len()
}

/// The tokens each tool takes, where a limit could be passed: `None` when every tool's text
/// is within `per_tool` bytes and all of them within `list` bytes, since a token is at
/// least one byte and neither limit can then be reached (the vocabulary, some 50 MB once
/// loaded, is not read).
pub(crate) fn count_near_limits(
    tools: &[&Tool],
    per_tool: usize,
    list: usize,
) -> Option<Vec<usize>> {
    let texts: Vec<String> = tools.iter().map(|tool| text_of(tool)).collect();
    let total: usize = texts.iter().map(String::len).sum();
    if total <= list && texts.iter().all(|text| text.len() <= per_tool) {
        return None;
    }
    Some(texts.iter().map(|text| count_text(text)).collect())
}

/// Whether a list of tools, given one at a time, takes more than a number of tokens; the
/// vocabulary (some 50 MB once loaded) is read only when their text passes that many bytes
/// (a token is at least one byte), so a small API costs no count.
#[derive(Debug)]
pub struct OverBudget {
    budget: usize,
    /// The tools' texts while they are no more than `budget` bytes together.
    texts: Vec<String>,
    bytes: usize,
    /// The tokens counted, once the texts passed `budget` bytes (counting stops past it).
    tokens: Option<usize>,
}

impl OverBudget {
    /// A list of no tools, against `budget` tokens.
    pub fn new(budget: usize) -> OverBudget {
        OverBudget {
            budget,
            texts: Vec::new(),
            bytes: 0,
            tokens: None,
        }
    }

    /// Adds one tool to the list.
    pub fn add(&mut self, tool: &Tool) {
        match self.tokens {
            Some(tokens) if tokens > self.budget => {}
            Some(tokens) => self.tokens = Some(tokens + count(tool)),
            None => {
                let text = text_of(tool);
                self.bytes += text.len();
                self.texts.push(text);
                if self.bytes > self.budget {
                    let texts = std::mem::take(&mut self.texts);
                    self.tokens = Some(texts.iter().map(|text| count_text(text)).sum());
                }
            }
        }
    }

    /// Whether the tools added take more tokens than the budget.
    pub fn is_over(&self) -> bool {
        self.tokens.is_some_and(|tokens| tokens > self.budget)
    }
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
        assert_eq!(without_binding, count_text(json));
        tool.meta.http = Some(Binding::new(crate::http::Method::Get, "/pets/{id}"));
        assert_eq!(count(&tool), without_binding, "_meta is not counted");
        assert_eq!(count_text("Hello, world!"), 4);
    }

    #[test]
    fn tools_are_counted_only_where_a_limit_could_be_passed() {
        let mut tool = Tool::new("get_pet", serde_json::json!({"type": "object"}));
        tool.description = Some("word ".repeat(100));
        let bytes = text_of(&tool).len();
        assert_eq!(count_near_limits(&[&tool, &tool], bytes, 2 * bytes), None);
        let counted = Some(vec![count(&tool); 2]);
        assert_eq!(
            count_near_limits(&[&tool, &tool], bytes - 1, 2 * bytes),
            counted
        );
        assert_eq!(
            count_near_limits(&[&tool, &tool], bytes, 2 * bytes - 1),
            counted
        );
    }

    #[test]
    fn a_list_is_over_its_budget_only_past_it_and_counted_only_past_its_bytes() {
        let tool = |n: usize| {
            let mut tool = Tool::new(format!("tool_{n}"), serde_json::json!({"type": "object"}));
            tool.description = Some("word ".repeat(200));
            tool
        };
        let one = count(&tool(0));
        let mut list = OverBudget::new(one * 3);
        for n in 0..3 {
            list.add(&tool(n));
            assert!(!list.is_over(), "{n}");
        }
        list.add(&tool(3));
        assert!(list.is_over());
        let mut small = OverBudget::new(1_000_000);
        small.add(&tool(0));
        assert!(!small.is_over());
        assert!(small.tokens.is_none(), "{} bytes: not counted", small.bytes);
    }
}
