//! Finding the operation that does what a person asks, for `serve --dynamic`'s
//! `search_operations`: BM25 ranking (the `bm25` crate, with English stemming and stop
//! words) over each tool's name, title, description, tags and path, identifiers split into
//! their words, with the tools whose method does what the query asks (to know or to do)
//! counted double. Judged by recall on hand-labelled tasks (`tests/search.rs`).

use bm25::{Document, Language, SearchEngine, SearchEngineBuilder};

use crate::convert::naming::snake_case;
use crate::hints::evidence::name_words;
use crate::http::Method;
use crate::tool::Tool;

/// The tools of an API, indexed for search.
pub struct OperationIndex {
    engine: SearchEngine<u32>,
    /// Whether each tool only reads, as its method says.
    reads: Vec<bool>,
}

impl OperationIndex {
    /// Indexes `tools`; a result names a tool by its position among them.
    pub fn new<'t>(tools: impl IntoIterator<Item = &'t Tool>) -> OperationIndex {
        let tools: Vec<&Tool> = tools.into_iter().collect();
        let reads = tools
            .iter()
            .map(|tool| tool.binding().is_some_and(|b| b.method.is_safe()))
            .collect();
        let documents: Vec<Document<u32>> = tools
            .into_iter()
            .zip(0u32..)
            .map(|(tool, id)| Document::new(id, document(tool)))
            .collect();
        // Term frequency saturating late (k1 2, not the usual 1.2) and length counting nearly
        // in full (b 0.9, not 0.75): measured best on the tuning half of the labelled tasks.
        let engine = SearchEngineBuilder::<u32>::with_documents(Language::English, documents)
            .k1(2.0)
            .b(0.9)
            .build();
        OperationIndex { engine, reads }
    }

    /// The positions of the tools that best match `query`, best first, at most `limit`;
    /// equal scores in the tools' order, so the same query always gives the same list.
    pub fn search(&self, query: &str, limit: usize) -> Vec<usize> {
        let mut found: Vec<(f32, u32)> = self
            .engine
            .search(&expanded(query), None)
            .into_iter()
            .map(|result| (result.score, result.document.id))
            .collect();
        // A tool whose method does what the query asks (to know, or to do) counts double:
        // "who is on the team?" wants a read, "kick bob off the team" a write. Measured on
        // the tuning half: 1.5 to 2.5 times did equally well; 3.5 worse.
        if let Some(reads) = intent(query) {
            for (score, id) in &mut found {
                if self.reads[*id as usize] == reads {
                    *score *= 2.0;
                }
            }
        }
        found.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        found
            .into_iter()
            .take(limit)
            .map(|(_, id)| id as usize)
            .collect()
    }
}

/// The text a tool is found by: its name's words and its title twice (they say what it
/// does most exactly), then its description, tags, the words of its path, and what people
/// call what its method does.
fn document(tool: &Tool) -> String {
    let name = name_words(&tool.name, None).join(" ");
    let title = tool.display_title().unwrap_or_default();
    let description = tool.description.as_deref().unwrap_or_default();
    let tags = tool.meta.tags.join(" ");
    let path = tool
        .binding()
        .map(|b| path_words(&b.path))
        .unwrap_or_default();
    let method = tool.binding().map_or("", |b| method_words(&b.method));
    [
        &name,
        &name,
        title,
        title,
        description,
        &tags,
        &path,
        method,
    ]
    .join("\n")
}

/// Whether a query asks to know something (a question, or a reading verb first: true) or
/// to do something (another verb first: false); `None` when it does not say. The verbs are
/// the hints' vocabulary's. A request for how to do something ("how do I open an issue?",
/// "please close it") asks for what its verb does.
fn intent(query: &str) -> Option<bool> {
    const QUESTIONS: [&str; 14] = [
        "who", "who's", "whose", "what", "what's", "which", "how", "is", "are", "does", "do",
        "when", "where", "why",
    ];
    const ASKING_TO_DO: [&str; 9] = [
        "how do i ",
        "how do you ",
        "how can i ",
        "how to ",
        "i want to ",
        "i need to ",
        "can you ",
        "could you ",
        "please ",
    ];
    let lower = query.trim_start().to_lowercase();
    let verb_first = ASKING_TO_DO
        .iter()
        .find_map(|phrase| lower.strip_prefix(phrase));
    let request = verb_first.unwrap_or(&lower);
    if request.starts_with("get rid of") {
        return Some(false);
    }
    let first = request
        .split_whitespace()
        .next()?
        .trim_matches(|c: char| !c.is_alphanumeric());
    let question = QUESTIONS.contains(&first) || lower.trim_end().ends_with('?');
    if verb_first.is_none() && question {
        return Some(true);
    }
    crate::hints::vocabulary::verb(first)
        .map(|verb| verb == crate::hints::vocabulary::Verb::Read)
        .or(question.then_some(true))
}

/// What people call doing what a method does ("open an issue" is a POST).
fn method_words(method: &Method) -> &'static str {
    match method {
        Method::Get => "get list show view read find",
        Method::Post => "create add new make open post submit send",
        Method::Put => "set replace update add put",
        Method::Patch => "update edit change modify set",
        Method::Delete => "delete remove",
        _ => "",
    }
}

/// Words people shorten, as the documents spell them.
const ABBREVIATIONS: [(&str, &str); 6] = [
    ("pr", "pull request"),
    ("prs", "pull requests"),
    ("repo", "repository"),
    ("repos", "repositories"),
    ("org", "organization"),
    ("orgs", "organizations"),
];

/// A query with its abbreviations spelt out too.
fn expanded(query: &str) -> String {
    query
        .split_whitespace()
        .map(|word| {
            let bare = word
                .trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase();
            ABBREVIATIONS
                .iter()
                .find(|(short, _)| *short == bare)
                .map_or(word.to_string(), |(_, long)| format!("{word} {long}"))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A path's words, its parameters left out: `/repos/{owner}/{repo}/issues` -> repos issues.
fn path_words(path: &str) -> String {
    let fixed: Vec<&str> = path
        .split('/')
        .filter(|segment| !segment.starts_with('{'))
        .collect();
    snake_case(&fixed.join("/")).replace('_', " ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::Binding;
    use serde_json::json;

    fn tool(name: &str, title: &str, path: &str) -> Tool {
        let mut tool = Tool::new(name, json!({"type": "object"}));
        tool.title = Some(title.into());
        tool.meta.http = Some(Binding::new(Method::Get, path));
        tool
    }

    #[test]
    fn the_best_match_comes_first_and_ties_keep_their_order() {
        let tools = [
            tool(
                "issues_create",
                "Create an issue",
                "/repos/{owner}/{repo}/issues",
            ),
            tool(
                "pulls_list",
                "List pull requests",
                "/repos/{owner}/{repo}/pulls",
            ),
            tool(
                "pulls_get",
                "Get a pull request",
                "/repos/{owner}/{repo}/pulls/{n}",
            ),
        ];
        let index = OperationIndex::new(&tools);
        assert_eq!(index.search("open a new issue", 5), [0]);
        assert_eq!(
            index.search("list the pull requests of a repository", 1),
            [1]
        );
        assert_eq!(index.search("repos", 5), [0, 1, 2]);
        assert!(index.search("weather", 5).is_empty());
        assert_eq!(
            path_words("/repos/{owner}/{repo}/check-runs"),
            "repos check runs"
        );
        assert_eq!(expanded("list open PRs"), "list open PRs pull requests");
    }

    /// A question or a reading verb asks to know; another verb to do; a tool whose method
    /// does what is asked comes first.
    #[test]
    fn what_a_query_asks_for_ranks_the_tools_that_do_it_first() {
        assert_eq!(intent("who's on the backend team?"), Some(true));
        assert_eq!(intent("List the teams"), Some(true));
        assert_eq!(intent("the backend team?"), Some(true));
        assert_eq!(intent("delete a branch"), Some(false));
        assert_eq!(intent("get rid of a comment"), Some(false));
        assert_eq!(intent("backend team members"), None);
        assert_eq!(intent("how do I open an issue?"), Some(false));
        assert_eq!(intent("How can I see the open issues?"), Some(true));
        assert_eq!(intent("please get rid of this comment"), Some(false));
        assert_eq!(intent("how to octopus?"), Some(true));
        assert_eq!(intent("how many stars does it have?"), Some(true));
        let mut remove = tool(
            "teams_remove_member",
            "Remove team member",
            "/teams/{t}/members/{u}",
        );
        remove.meta.http = Some(Binding::new(Method::Delete, "/teams/{t}/members/{u}"));
        let tools = [
            remove,
            tool(
                "teams_list_members",
                "List team members",
                "/teams/{t}/members",
            ),
        ];
        let index = OperationIndex::new(&tools);
        assert_eq!(index.search("who are the members of the team?", 2), [1, 0]);
        assert_eq!(index.search("drop a member from the team", 2), [0, 1]);
    }
}
