//! Finding the operation that does what a person asks, for `serve --dynamic`'s
//! `search_operations`. Two BM25 rankings (the `bm25` crate) are fused by reciprocal rank:
//! one of words (English stemming and stop words) over each tool's name, title,
//! description, tags and path, identifiers split into their words; one of four-letter
//! pieces of the query's words that no tool's name or title holds whole, which finds a
//! word's other forms and the compounds it is part of ("registration" finds "register",
//! "webhook" "hook"); a query's word that the API says whole is not cut (where it says
//! "profile", "profile" finds no "file"). A third
//! ranking, by meaning (`meaning.rs`), finds what no word of the query names ("stop paying
//! for this server"). The tools whose method does what the query asks (to know or to do)
//! count double. Judged by recall on hand-labelled tasks (`tests/search.rs`).

mod meaning;

use std::collections::HashSet;

use bm25::{Embedder, EmbedderBuilder, Scorer, Tokenizer};
use rust_stemmers::{Algorithm, Stemmer};

use crate::convert::compact::first_sentence;
use crate::hints::evidence::name_words;
use crate::hints::vocabulary::{self, verb, Verb};
use crate::http::Method;
use crate::tool::{HintKind, Tool};
use crate::words::snake_case;

/// The tools of an API, indexed for search.
pub struct OperationIndex {
    words: Ranking<Words>,
    pieces: Ranking<Pieces>,
    /// The whole words the pieces are cut from, and how a query is cut into words to
    /// compare with them.
    piece_words: HashSet<String>,
    plain_words: Words,
    /// Whether each tool only reads, as its method says.
    reads: Vec<bool>,
    /// The most harm each tool's call can do, as its hints and method say.
    harms: Vec<Harm>,
    /// Each tool's meaning, where the model knows a word of it.
    meanings: Vec<Option<Vec<f32>>>,
}

/// How much a place in the meaning ranking counts against the same place in the words'.
const MEANING_WEIGHT: f32 = 1.0;
/// How many of the tools nearest a query's meaning are fused, and how near they must be
/// (cosine): past them, nearness says little, and a query about nothing the API does finds
/// nothing. Both measured on the tuning APIs: floors from 0.15 to 0.25 within three tasks.
const MEANING_DEPTH: usize = 100;
const MEANING_FLOOR: f32 = 0.15;

/// How much a place in the pieces' ranking counts against the same place in the words'.
/// Measured on the tuning APIs, with the meaning ranking: from 0 to 0.6 within three tasks
/// (0.25 the best, by one), 0.75 seven worse, 1 seventeen; kept above 0 so that a word the
/// API never says whole still finds its other forms.
const PIECES_WEIGHT: f32 = 0.25;
/// Reciprocal rank fusion's constant: a tool at place `p` (from 0) of a ranking gets
/// `weight / (RANK_OFFSET + p)`. Small, so the first few places count most. Both measured
/// best on the tuning half (weights 0.5 to 1 and offsets 10 to 60 within two tasks of it).
const RANK_OFFSET: f32 = 10.0;
/// A query's words past this many are not read: a query comes from a model, and each word
/// costs a pass over the tools that have it.
const QUERY_WORDS: usize = 32;
/// A query word's characters past this many are not read: longer than any word a tool's
/// text has, and each costs a pass over its pieces.
const WORD_CHARS: usize = 64;

/// `word` cut to [`WORD_CHARS`] characters.
fn bounded(word: &str) -> &str {
    match word.char_indices().nth(WORD_CHARS) {
        Some((end, _)) => &word[..end],
        None => word,
    }
}

impl OperationIndex {
    /// Indexes `tools`; a result names a tool by its position among them.
    pub fn new<'t>(tools: impl IntoIterator<Item = &'t Tool>) -> OperationIndex {
        let tools: Vec<&Tool> = tools.into_iter().collect();
        let reads = tools
            .iter()
            .map(|tool| tool.binding().is_some_and(|b| b.method.is_safe()))
            .collect();
        let harms = tools.iter().map(|tool| harm(tool)).collect();
        let model = meaning::Model::shipped();
        let meanings = tools.iter().map(|tool| model.embed(&gist(tool))).collect();
        let texts = |text: fn(&Tool) -> String| tools.iter().map(|tool| text(tool)).collect();
        let names_and_titles: Vec<String> = texts(name_and_title);
        let plain_words = Words::new(false);
        let piece_words = names_and_titles
            .iter()
            .flat_map(|text| plain_words.tokenize(text))
            .collect();
        OperationIndex {
            piece_words,
            plain_words,
            words: Ranking::new(Words::new(true), texts(document)),
            pieces: Ranking::new(Pieces::new(), names_and_titles),
            reads,
            harms,
            meanings,
        }
    }

    /// The words of `query` that no tool's name or title holds whole: only their pieces
    /// are looked for ("profile" finds no file through "file").
    fn unknown_words(&self, query: &str) -> String {
        let words = self.plain_words.tokenize(query);
        let unknown: Vec<String> = words
            .into_iter()
            .filter(|w| !self.piece_words.contains(w))
            .collect();
        unknown.join(" ")
    }

    /// The positions of the tools that best match `query`, best first, at most `limit`;
    /// equal scores in the tools' order, so the same query always gives the same list.
    pub fn search(&self, query: &str, limit: usize) -> Vec<usize> {
        let query: Vec<&str> = query
            .split_whitespace()
            .take(QUERY_WORDS)
            .map(bounded)
            .collect();
        let query = query.join(" ");
        let expanded = expanded(&query);
        let mut fused = vec![0f32; self.reads.len()];
        for (ranked, weight) in [
            (self.words.ranked(&expanded), 1.0),
            (
                self.pieces.ranked(&self.unknown_words(&expanded)),
                PIECES_WEIGHT,
            ),
            (self.nearest(&query), MEANING_WEIGHT),
        ] {
            for (place, id) in ranked.into_iter().enumerate() {
                fused[id] += weight / (RANK_OFFSET + place as f32);
            }
        }
        // A tool whose method does what the query asks (to know, or to do) counts double:
        // "who is on the team?" wants a read, "kick bob off the team" a write. Measured on
        // the tuning half, after fusion: 2 to 2.5 times did best; 1.5 two tasks worse, 3 one.
        let intent = intent(&query);
        if let Some(reads) = intent {
            for (score, reads_too) in fused.iter_mut().zip(&self.reads) {
                if *reads_too == reads {
                    *score *= 2.0;
                }
            }
        }
        let mut found: Vec<(f32, usize)> = fused
            .into_iter()
            .enumerate()
            .filter(|(_, score)| *score > 0.0)
            .map(|(id, score)| (score, id))
            .collect();
        found.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        // What does more harm than the query asks for comes after what does not, among
        // twice as many as are returned: a model takes the first result, and "pause the
        // folder's retention" must not get a DELETE of the folder first, nor lose the
        // right one in sixth place to five that delete.
        let mut best: Vec<usize> = found
            .into_iter()
            .take(limit.saturating_mul(2))
            .map(|(_, id)| id)
            .collect();
        let asked = asked_harm(&query, intent);
        best.sort_by_key(|&id| self.harms[id] > asked);
        best.truncate(limit);
        best
    }

    /// The tools nearest `query` in meaning, nearest first, at most [`MEANING_DEPTH`];
    /// equal ones in the tools' order.
    fn nearest(&self, query: &str) -> Vec<usize> {
        let Some(query) = meaning::Model::shipped().embed(query) else {
            return Vec::new();
        };
        let mut near: Vec<(f32, usize)> = self
            .meanings
            .iter()
            .enumerate()
            .filter_map(|(id, tool)| Some((meaning::cosine(&query, tool.as_ref()?), id)))
            .filter(|(near, _)| *near >= MEANING_FLOOR)
            .collect();
        let nearer = |a: &(f32, usize), b: &(f32, usize)| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1));
        // Only the nearest are sorted: a query may be near all of 100,000 tools.
        if near.len() > MEANING_DEPTH {
            near.select_nth_unstable_by(MEANING_DEPTH, nearer);
            near.truncate(MEANING_DEPTH);
        }
        near.sort_by(nearer);
        near.into_iter().map(|(_, id)| id).collect()
    }
}

/// What a tool does, in a few words, for the meaning ranking: its name's words, title,
/// first sentence, the words of its path and its tags.
fn gist(tool: &Tool) -> String {
    let first_sentence = first_sentence(tool.description.as_deref().unwrap_or_default());
    let path = tool
        .binding()
        .map(|b| path_words(&b.path))
        .unwrap_or_default();
    [
        name_and_title(tool).as_str(),
        &first_sentence,
        &path,
        &tool.meta.tags.join(" "),
    ]
    .join("\n")
}

/// How much harm a call can do, least first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Harm {
    /// It only reads.
    Reads,
    /// It adds, or changes what is trivially changed back.
    Adds,
    /// It changes what exists.
    Changes,
    /// It removes or ends something: a DELETE, or a method named for destroying.
    Removes,
}

/// The most harm `tool` can do, as its effective hints, method and words say.
fn harm(tool: &Tool) -> Harm {
    let hints = &tool.annotations;
    if hints.effective(HintKind::ReadOnly) {
        return Harm::Reads;
    }
    if tool.binding().is_some_and(|b| b.method == Method::Delete) {
        return Harm::Removes;
    }
    if !hints.effective(HintKind::Destructive) {
        return Harm::Adds;
    }
    let title = tool.display_title().unwrap_or_default();
    let mut words = name_words(&tool.name, None).into_iter();
    let destroys =
        words.any(|word| destroying(&word)) || snake_case(title).split('_').any(destroying);
    if destroys {
        Harm::Removes
    } else {
        Harm::Changes
    }
}

/// The most harm a query asks for: removing when it names a destroying verb ("delete",
/// "cancel", "get rid of") that nothing before it puts aside ("don't delete", "instead of
/// deleting", "before I delete") and that is no adjective ("reopen *a closed* issue",
/// "restore *the deleted* file"), only reading when it asks to know (its [`intent`]), else
/// changing.
fn asked_harm(query: &str, intent: Option<bool>) -> Harm {
    /// Words that put aside a verb up to three words after them. (Chosen on the tuning APIs'
    /// tasks, where the DELETE came first for "don't revoke it yet - first show me...".)
    const PUT_ASIDE: [&str; 10] = [
        "don't", "dont", "not", "never", "without", "instead", "rather", "before", "when", "keep",
    ];
    let lower = query.to_lowercase().replace('\u{2019}', "'");
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|word| !word.is_empty())
        .collect();
    let destroys = words.iter().enumerate().any(|(i, word)| {
        let rid = *word == "get" && words.get(i + 1) == Some(&"rid");
        let adjective =
            word.ends_with("ed") && i > 0 && vocabulary::DETERMINERS.contains(&words[i - 1]);
        // Detaching, unlinking or unbinding ends a relation, not the things it joins:
        // "detach the volume from the droplet" does not ask to delete the volume.
        let relation = in_any_form(word, |form| {
            form != "remove" && vocabulary::DETACH.contains(&form)
        });
        (rid || destroying(word))
            && !relation
            && !adjective
            && !words[i.saturating_sub(3)..i]
                .iter()
                .any(|before| PUT_ASIDE.contains(before))
    });
    if destroys {
        Harm::Removes
    } else if intent == Some(true) {
        Harm::Reads
    } else {
        Harm::Changes
    }
}

/// Whether `word` is a destroying verb in any of its forms: delete, deletes, deleted,
/// deleting.
fn destroying(word: &str) -> bool {
    in_any_form(word, |form| verb(form) == Some(Verb::Destroy))
}

/// Whether `word`, or the verb it is a form of (`detaching`, `unlinked`), passes `test`.
fn in_any_form(word: &str, test: impl Fn(&str) -> bool) -> bool {
    let stems = [
        ("ing", ""),
        ("ing", "e"),
        ("ed", ""),
        ("ed", "e"),
        ("d", ""),
        ("es", ""),
        ("s", ""),
    ];
    test(word)
        || stems.iter().any(|(suffix, ending)| {
            word.strip_suffix(suffix)
                .is_some_and(|stem| test(&format!("{stem}{ending}")))
        })
}

/// One BM25 ranking of the tools, over the text `T` cuts into tokens.
struct Ranking<T> {
    embedder: Embedder<u32, T>,
    scorer: Scorer<usize>,
}

impl<T: Tokenizer + Sync> Ranking<T> {
    fn new(tokenizer: T, texts: Vec<String>) -> Ranking<T> {
        let corpus: Vec<&str> = texts.iter().map(String::as_str).collect();
        // Term frequency saturating late (k1 2, not the usual 1.2) and length counting nearly
        // in full (b 0.9, not 0.75): measured best on the tuning half of the labelled tasks,
        // for words and for pieces alike.
        let embedder = EmbedderBuilder::with_tokenizer_and_fit_to_corpus(tokenizer, &corpus)
            .k1(2.0)
            .b(0.9)
            .build();
        let mut scorer = Scorer::new();
        for (id, text) in corpus.into_iter().enumerate() {
            scorer.upsert(&id, embedder.embed(text));
        }
        Ranking { embedder, scorer }
    }

    /// The tools that match `query`, best first; equal scores in the tools' order. (Equal
    /// scores sharing one place, fairer in principle, measured two tasks worse.)
    fn ranked(&self, query: &str) -> Vec<usize> {
        let mut scored: Vec<(f32, usize)> = self
            .scorer
            .matches(&self.embedder.embed(query))
            .into_iter()
            .map(|scored| (scored.score, scored.id))
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.into_iter().map(|(_, id)| id).collect()
    }
}

/// The words of a text as the rankings read them: letters made ASCII, lower case, cut at
/// word boundaries (UAX #29), English stop words (NLTK's: "the", "how", "do"...) left out
/// (keeping them measured worse, here and for the pieces), and each word's stem (Porter2)
/// where `stems`. As `bm25`'s default tokenizer does, from the same crates, without the
/// caching macros it brings for its stop-word list (10 crates of a fresh build).
struct Words {
    stop_words: HashSet<String>,
    stemmer: Option<Stemmer>,
}

impl Words {
    fn new(stems: bool) -> Words {
        Words {
            stop_words: stop_words::get(stop_words::LANGUAGE::English)
                .iter()
                .map(|w| ascii(w).into_owned())
                .collect(),
            stemmer: stems.then(|| Stemmer::create(Algorithm::English)),
        }
    }
}

/// Letters made ASCII (`Café` -> `Cafe`); what has no ASCII form becomes `[?]`.
fn ascii(text: &str) -> std::borrow::Cow<'_, str> {
    deunicode::deunicode_with_tofu_cow(text, "[?]")
}

impl Tokenizer for Words {
    fn tokenize(&self, text: &str) -> Vec<String> {
        use unicode_segmentation::UnicodeSegmentation;
        let lower = ascii(text).to_lowercase();
        lower
            .unicode_words()
            .filter(|word| !self.stop_words.contains(*word))
            .map(|word| match &self.stemmer {
                Some(stemmer) => stemmer.stem(word).into_owned(),
                None => word.to_string(),
            })
            .collect()
    }
}

/// Words (not stems, stop words left out) cut into their overlapping four-letter pieces,
/// their edges marked (`webhook` -> `<web webh ebho bhoo hook ook>`): a word shares most of
/// its pieces with its other forms and with the compounds it is part of. Pieces of three or
/// five letters, or cut from the whole document, measured no better.
struct Pieces(Words);

impl Pieces {
    fn new() -> Pieces {
        Pieces(Words::new(false))
    }
}

impl Tokenizer for Pieces {
    fn tokenize(&self, text: &str) -> Vec<String> {
        let mut pieces = Vec::new();
        for word in self.0.tokenize(text) {
            let marked: Vec<char> = format!("<{word}>").chars().collect();
            pieces.extend(
                marked
                    .windows(4)
                    .map(|piece| piece.iter().collect::<String>()),
            );
        }
        pieces
    }
}

/// What a tool's pieces are cut from: its name's words and its title, the words that say
/// what it does.
fn name_and_title(tool: &Tool) -> String {
    let name = name_words(&tool.name, None).join(" ");
    format!("{name}\n{}", tool.display_title().unwrap_or_default())
}

/// The words a tool is found by: its name and title twice (they say what it does most
/// exactly), then its description, tags, the words of its path, and what people call what
/// its method does.
fn document(tool: &Tool) -> String {
    let name_and_title = name_and_title(tool);
    let description = tool.description.as_deref().unwrap_or_default();
    let tags = tool.meta.tags.join(" ");
    let path = tool
        .binding()
        .map(|b| path_words(&b.path))
        .unwrap_or_default();
    let method = tool.binding().map_or("", |b| method_words(&b.method));
    [
        &name_and_title,
        &name_and_title,
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
    const OPENINGS: [&[&str]; 13] = [
        &["how", "do", "i"],
        &["how", "do", "you"],
        &["how", "can", "i"],
        &["how", "to"],
        &["i", "want", "to"],
        &["i", "need", "to"],
        &["i'd", "like", "to"],
        &["can", "you"],
        &["could", "you"],
        &["can", "i"],
        &["could", "i"],
        &["should", "i"],
        &["please"],
    ];
    let words: Vec<String> = query
        .split_whitespace()
        .map(|word| {
            word.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
                .to_lowercase()
        })
        .filter(|word| !word.is_empty())
        .collect();
    let question = words
        .first()
        .is_some_and(|first| QUESTIONS.contains(&first.as_str()))
        || query.trim_end().ends_with('?');
    let starts_with = |words: &[String], opening: &[&str]| {
        words.len() >= opening.len() && opening.iter().zip(words).all(|(a, b)| a == b)
    };
    let after_opening = OPENINGS
        .iter()
        .find(|opening| words.len() > opening.len() && starts_with(&words, opening))
        .map(|opening| &words[opening.len()..]);
    let request = after_opening.unwrap_or(&words);
    if starts_with(request, &["get", "rid", "of"]) {
        return Some(false);
    }
    if after_opening.is_none() && question {
        return Some(true);
    }
    request
        .first()
        .and_then(|first| verb(first))
        .map(|verb| verb == Verb::Read)
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
        // Tools that match equally keep their order, in both rankings and in the fused one.
        let twins = vec![tool("pets_list", "List pets", "/pets"); 30];
        let index = OperationIndex::new(&twins);
        assert_eq!(index.search("list the pets", 5), [0, 1, 2, 3, 4]);
        // Words past the first 32 of a query are not read.
        let long = format!("{} pets", ["zzz"; 32].join(" "));
        assert!(index.search(&long, 5).is_empty());
        assert_eq!(index.search(&long.replacen("zzz ", "", 1), 1), [0]);
        // A word's characters past 64 are not read: a megabyte of one word costs what 64
        // characters of it do (it once took 80 s).
        let huge = format!("pets{}", "s".repeat(1 << 20));
        let cut = format!("pets{}", "s".repeat(60));
        assert_eq!(index.search(&huge, 5), index.search(&cut, 5));
        assert_eq!(bounded("ééééé"), "ééééé");
        assert_eq!(bounded(&"é".repeat(100)).chars().count(), 64);
        // Nothing to find, or nothing to find in.
        assert!(index.search("", 5).is_empty());
        assert!(index.search("how do I?", 5).is_empty());
        assert!(OperationIndex::new(&[])
            .search("list the pets", 5)
            .is_empty());
    }

    /// A word finds its other forms and the compounds it is part of, through its pieces.
    #[test]
    fn a_word_finds_its_forms_and_compounds() {
        assert_eq!(
            Pieces::new().tokenize("Webhook"),
            ["<web", "webh", "ebho", "bhoo", "hook", "ook>"]
        );
        // Letters are made ASCII; a word of one letter has no piece.
        assert_eq!(Pieces::new().tokenize("Café x"), ["<caf", "cafe", "afe>"]);
        let tools = [
            tool(
                "repos_create_webhook",
                "Create a repository webhook",
                "/repos/{owner}/{repo}/webhooks",
            ),
            tool(
                "actions_create_registration_token",
                "Create a registration token",
                "/repos/{owner}/{repo}/actions/runners/registration-token",
            ),
            tool(
                "pulls_list",
                "List pull requests",
                "/repos/{owner}/{repo}/pulls",
            ),
        ];
        // (The pieces' own ranking: fused, a word alone is weak evidence, and the meaning
        // ranking may outweigh it.)
        let index = OperationIndex::new(&tools);
        assert_eq!(index.pieces.ranked("hook")[0], 0);
        assert_eq!(index.pieces.ranked("register")[0], 1);
        // Only the query's words that no name or title says whole are cut into pieces:
        // "pulls" is said, so no "pull" is found through it, nor "file" through "profile".
        assert_eq!(
            index.unknown_words("register a hook for the pulls"),
            "register hook"
        );
        let files = [
            tool("repos_get_file", "Get a file", "/repos/{r}/files/{f}"),
            tool("users_get_profile", "Get a profile", "/users/{u}/profile"),
        ];
        let index = OperationIndex::new(&files);
        assert_eq!(index.unknown_words("show my profile"), "show");
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
        // A request for how to do something asks for what its verb does.
        assert_eq!(intent("how do I open an issue?"), Some(false));
        assert_eq!(intent("How  can I list the open issues"), Some(true));
        assert_eq!(intent("can I delete this branch?"), Some(false));
        assert_eq!(intent("please, get rid of this comment"), Some(false));
        // Without a known verb, a question is still a question.
        assert_eq!(intent("how do I know who is on the team"), Some(true));
        assert_eq!(intent("how to octopus"), Some(true));
        assert_eq!(intent("how many stars does it have?"), Some(true));
        assert_eq!(intent("please octopus"), None);
        assert_eq!(intent(""), None);
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

    /// What does more harm than a query asks for comes after what does not, among twice
    /// as many as are returned.
    #[test]
    fn more_harm_than_asked_comes_after_what_was_asked() {
        let with = |mut tool: Tool, method: Method, hints: [bool; 4]| {
            let path = tool.binding().unwrap().path.clone();
            tool.meta.http = Some(Binding::new(method, &path));
            tool.annotations =
                crate::hints::annotations(hints, None, crate::hints::HintStyle::Explicit);
            tool
        };
        let reads = [true, false, true, false];
        let changes = [false, true, true, true];
        let tools = [
            with(
                tool("delete_branch", "Delete a branch", "/branches/{b}"),
                Method::Delete,
                changes,
            ),
            with(
                tool("cancel_build", "Stop a build", "/builds/{b}/stop"),
                Method::Post,
                changes,
            ),
            with(
                tool("update_branch", "Update a branch", "/branches/{b}"),
                Method::Patch,
                changes,
            ),
            with(
                tool("get_branch", "Get a branch", "/branches/{b}"),
                Method::Get,
                reads,
            ),
        ];
        let index = OperationIndex::new(&tools);
        // Asked to delete: best match first, whatever it does.
        assert_eq!(index.search("delete the branch", 4)[0], 0);
        assert_eq!(index.search("cancel the build", 4)[0], 1);
        // Asked to change: neither removal comes before the change or the read.
        // Demoted, not dropped. (Whether the model finds the build's stop at all is its own.)
        let found = index.search("rename the branch branch", 4);
        assert_eq!(found[..2], [2, 3]);
        assert!(found.contains(&0), "{found:?}");
        // Asked to know: the read first.
        assert_eq!(index.search("which branch is it?", 4)[0], 3);
        assert_eq!(
            harm(&tools[1]),
            Harm::Removes,
            "named for stopping by its verb"
        );
        let inflected = with(
            tool("branches_tidy", "Deletes the branch", "/branches/{b}/tidy"),
            Method::Post,
            changes,
        );
        assert_eq!(
            harm(&inflected),
            Harm::Removes,
            "a destroying verb in any form"
        );
        assert_eq!(
            asked_harm("please get rid of it", Some(false)),
            Harm::Removes
        );
        // Detaching ends a relation: it does not ask to delete what was attached.
        for query in [
            "detach the volume from the droplet",
            "unlinking the card from the board",
        ] {
            assert_eq!(asked_harm(query, Some(false)), Harm::Changes, "{query}");
        }
        assert_eq!(asked_harm("rename it", Some(false)), Harm::Changes);
        assert_eq!(asked_harm("deleting the old ones", None), Harm::Removes);
        assert_eq!(asked_harm("It removes them", None), Harm::Removes);
        for put_aside in [
            "don\u{2019}t revoke it yet - first show me the key",
            "don't get rid of the branch, rename it",
            "rename it instead of deleting it",
            "before I delete it, who uses it?",
            "pause it, without removing it",
            "reopen a closed issue",
            "bring back the deleted file",
        ] {
            assert_eq!(asked_harm(put_aside, None), Harm::Changes, "{put_aside}");
        }
    }
}
