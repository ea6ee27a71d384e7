//! Evidence about what an operation does beyond its HTTP method, read from the whole
//! operation: its name (a leading method word skipped, glued words split), its summary's
//! first verb, its description's phrases, its path's last segment, the scopes it needs,
//! an idempotency-key header, and its responses. Each piece is a value with its source and
//! place, so review prints exactly what it saw; [`judge`] turns them into suggestions with
//! a confidence, and lint's name rules check the same judgement, so the two never disagree.
//!
//! A suggestion that makes a tool look safer (read-only, not destructive, idempotent)
//! needs two agreeing pieces of evidence or one strong one, and nothing against it; one
//! that makes it more cautious needs one. Evidence that disagrees (a name that says
//! `post`, a summary that says `List`) is reported at low confidence, never suggested.

use unicode_segmentation::UnicodeSegmentation;

use crate::convert::naming::snake_case;
use crate::error::push_pointer;
use crate::http::Method;
use crate::model::{In, Operation};
use crate::tool::{HintKind, In as ToolIn, Tool};

use super::vocabulary::{self, Verb};

use super::Hints;

/// What the reader reads of one operation, from a spec or a manifest alike.
#[derive(Debug, Clone, Default)]
pub struct Facts<'a> {
    pub method: Option<&'a Method>,
    /// The operationId in a spec (empty without one: a generated name says only the method
    /// and path, which are read as such); the tool name in a manifest.
    pub name: &'a str,
    pub summary: Option<&'a str>,
    pub description: Option<&'a str>,
    pub path: Option<&'a str>,
    /// Scopes of every security requirement.
    pub scopes: Vec<&'a str>,
    /// The argument that carries an idempotency key, and where it goes.
    pub idempotency_key: Option<(ToolIn, &'a str)>,
    /// A parameter that sets the method the server carries out (`X-HTTP-Method-Override`,
    /// `_method`): whatever its own method, the call can act.
    pub method_override: Option<&'a str>,
    /// Response status codes as written.
    pub statuses: Vec<&'a str>,
    /// Every operation of the API is a POST: the method says nothing of this one.
    pub only_posts: bool,
    /// JSON pointers of the name, summary and description; of the operation itself.
    pub places: Places,
}

#[derive(Debug, Clone, Default)]
pub struct Places {
    pub operation: String,
    pub name: String,
    pub summary: String,
    pub description: String,
}

impl<'a> Facts<'a> {
    /// An operation of a spec, placed at its pointers.
    pub fn of_operation(operation: &'a Operation<'a>) -> Facts<'a> {
        let at = &operation.location.pointer;
        Facts {
            method: Some(&operation.method),
            name: operation.operation_id.unwrap_or(""),
            summary: operation.summary,
            description: operation.description,
            path: Some(operation.path),
            scopes: operation
                .security
                .iter()
                .flatten()
                .flat_map(|c| c.scopes.iter().copied())
                .collect(),
            idempotency_key: idempotency_key(operation),
            statuses: operation.responses.iter().map(|r| r.status).collect(),
            only_posts: operation.only_posts,
            method_override: operation
                .parameters
                .iter()
                .map(|p| p.name)
                .find(|name| is_method_override(name)),
            places: Places {
                operation: at.clone(),
                name: push_pointer(at, "operationId"),
                summary: push_pointer(at, "summary"),
                description: push_pointer(at, "description"),
            },
        }
    }

    /// A tool of a manifest at `pointer`: its name, title and description, and its
    /// binding's method, path and idempotency key when it has one. `only_posts`: every tool
    /// of the manifest is bound to a POST.
    pub fn of_tool(tool: &'a Tool, pointer: &str, only_posts: bool) -> Facts<'a> {
        let binding = tool.binding();
        let key = binding.and_then(|b| b.params.get(b.idempotency_key.as_deref()?));
        Facts {
            method: binding.map(|b| &b.method),
            name: &tool.name,
            summary: tool.display_title(),
            description: tool.description.as_deref(),
            path: binding.map(|b| b.path.as_str()),
            idempotency_key: key.and_then(|p| Some((p.location, p.name.as_deref()?))),
            method_override: binding.and_then(|b| {
                b.params
                    .values()
                    .filter_map(|p| p.name.as_deref())
                    .find(|name| is_method_override(name))
            }),
            only_posts,
            places: Places {
                operation: pointer.to_string(),
                name: push_pointer(pointer, "name"),
                summary: push_pointer(pointer, "title"),
                description: push_pointer(pointer, "description"),
            },
            ..Facts::default()
        }
    }
}

/// Where a piece of evidence was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Name,
    Summary,
    Description,
    Path,
    Scope,
    Header,
    /// A parameter of any location, by its name.
    Parameter,
    Body,
    Response,
    /// The HTTP method, where its definition is the evidence.
    Method,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Name => "name",
            Source::Summary => "summary",
            Source::Description => "description",
            Source::Path => "path",
            Source::Scope => "scope",
            Source::Header => "header",
            Source::Parameter => "parameter",
            Source::Body => "body",
            Source::Response => "response",
            Source::Method => "method",
        }
    }
}

/// What a piece of evidence says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Says {
    Verb(Verb),
    /// The thing acted on is a relation (a label, an assignee, a star...).
    Relation,
    /// A noun that says something is overwritten, moved or ended (rollback, eviction...).
    DestructiveNoun,
    ReadPhrase,
    RepeatPhrase,
    DestroyPhrase,
    ReadScope,
    WriteScope,
    IdempotencyKey,
    /// A 201 Created response.
    Created,
    /// A 202 Accepted response: work started.
    Accepted,
    /// A POST to a collection (`/customers`): by REST convention, it adds a member.
    Collection,
    /// A POST to one resource (`/customers/{id}`): it acts on what exists.
    OneResource,
    /// A path ending in `/actions`: one endpoint for many actions, some destructive.
    Actions,
    /// A parameter that overrides the method (`X-HTTP-Method-Override`, `_method`).
    MethodOverride,
    /// In an API whose every method is a POST, a method named by a noun
    /// (`/senders/info`, `/urls/time-series`): a getter.
    NounMethod,
    /// A GET of a path that names only resources (`/pets/{petId}`): what REST reads. Neither
    /// reads nor acts in the judgement; it lets `--read-only` keep a GET with no verb.
    ResourcePath,
}

/// One piece of evidence: what it says, what was seen, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evidence {
    pub source: Source,
    pub says: Says,
    /// The words seen, as they stand: `unstar`, `does not modify`, `repo:write`, `201`.
    pub seen: String,
    /// The JSON pointer where they stand.
    pub at: String,
}

impl Evidence {
    /// `summary 'Lists'`, `name 'unstar'`...
    pub fn describe(&self) -> String {
        format!("{} '{}'", self.source.as_str(), self.seen)
    }

    fn says_reads(&self) -> bool {
        matches!(
            self.says,
            Says::Verb(Verb::Read) | Says::ReadPhrase | Says::ReadScope | Says::NounMethod
        )
    }

    fn says_acts(&self) -> bool {
        matches!(
            self.says,
            Says::Verb(verb) if verb != Verb::Read
        ) || matches!(
            self.says,
            Says::RepeatPhrase
                | Says::DestroyPhrase
                | Says::WriteScope
                | Says::Created
                | Says::Accepted
                | Says::IdempotencyKey
                | Says::MethodOverride
        )
    }

    /// A phrase says outright what a verb only implies.
    fn weight(&self) -> usize {
        match self.says {
            Says::ReadPhrase | Says::RepeatPhrase | Says::DestroyPhrase | Says::MethodOverride => 2,
            _ => 1,
        }
    }
}

/// The words of a name: snake_case words, glued lower-case words split
/// (`getinputtokencounts`), and a leading word equal to the operation's method dropped
/// when a verb follows later on, past the word it acts on (`post_items_search`,
/// `get_items_delete`; `deleteUser` and `deleteOrder` keep their verb).
pub fn name_words(name: &str, method: Option<&Method>) -> Vec<String> {
    let snake = snake_case(name);
    let mut words: Vec<String> = Vec::new();
    for word in snake.split('_').filter(|w| !w.is_empty()) {
        // Only a long word that is not itself a verb can be several glued together.
        let glued = word.len() >= 8 && vocabulary::verb(word).is_none();
        match vocabulary::segment(word).filter(|_| glued) {
            Some(parts) => words.extend(parts.into_iter().map(str::to_string)),
            None => words.push(word.to_string()),
        }
    }
    // `OpenID` is a name, not the verb "open".
    if let Some(i) = words
        .windows(2)
        .position(|w| w[0] == "open" && w[1] == "id")
    {
        words.splice(i..i + 2, ["openid".to_string()]);
    }
    // `post`, `put` and `patch` leading a name only echo the method; `get` and `delete` are
    // verbs too, dropped only when a verb follows past the word they act on.
    let method_word = method.map(|m| m.as_str().to_ascii_lowercase());
    // Only a name in separated words can be made of the method and a path (`get_items_delete`);
    // a glued name says its verb first (`GetScaleSetInterface` gets).
    let separated = name.contains(|c: char| !c.is_ascii_alphanumeric());
    let another_verb = separated && words.iter().skip(2).any(|w| vocabulary::verb(w).is_some());
    let echo = matches!(method_word.as_deref(), Some("post" | "put" | "patch"));
    let leads = words.len() > 1 && method_word.as_deref() == words.first().map(String::as_str);
    if leads && (echo || another_verb) {
        words.remove(0);
    }
    words
}

/// The part of a `Resource_Action` name that says the action (`VirtualMachines_Start`,
/// `ScaleSets_ListAll`): there the resource comes first and its words are nouns, whatever
/// they look like (`ScaleSets`). Any other name whole.
fn action_part(name: &str) -> &str {
    let pascal = |part: &str| {
        part.starts_with(|c: char| c.is_ascii_uppercase())
            && part.chars().any(|c| c.is_ascii_lowercase())
            && part.chars().all(|c| c.is_ascii_alphanumeric())
    };
    match name.split_once('_') {
        Some((resource, action)) if pascal(resource) && pascal(action) => action,
        _ => name,
    }
}

/// Whether `name` is the method followed by words of the path in their order, at least two
/// (`GetChargesCharge` for `GET /v1/charges/{charge}`, `PostCustomersCustomerSources`), as
/// generators make them; `delete_order` is a person's name.
fn generated(name: &str, method: Option<&Method>, path: &str) -> bool {
    let Some(method) = method else {
        return false;
    };
    let words = name_words(name, None);
    let mut path_words = path
        .split(['/', '{', '}', '.', ':'])
        .flat_map(|segment| name_words(segment, None));
    words.len() > 2
        && words[0].eq_ignore_ascii_case(method.as_str())
        && words[1..].iter().all(|w| path_words.any(|p| p == *w))
}

/// Whether the path ends in the action `verb` on one resource (`/vms/{vm}/start`): the thing
/// started is the resource itself, a state its opposite undoes, not something new.
fn acts_on_its_resource(path: Option<&str>, verb: &str) -> bool {
    let Some(path) = path else {
        return false;
    };
    let mut segments = path.trim_end_matches('/').rsplit('/');
    let last = segments.next().unwrap_or_default();
    let before = segments.next().unwrap_or_default();
    before.starts_with('{') && last.eq_ignore_ascii_case(verb)
}

/// A "create" whose object is only computed and returned (embeddings, a lookup) reads.
fn computed(verb: Verb, rest: &[String]) -> Verb {
    let computes = rest
        .iter()
        .any(|w| vocabulary::COMPUTED.contains(&w.as_str()));
    if verb == Verb::Create && computes {
        Verb::Read
    } else {
        verb
    }
}

/// Whether `verb` moves something to or from a trash, where its opposite undoes it: "Move a
/// file to the trash", "Restore a file from the trash", restore what was deleted. `text` is
/// the operation's words, lower case.
fn undoes(verb: &str, text: &str) -> bool {
    let trash = text.contains("trash");
    match verb {
        "trash" | "untrash" => true,
        "move" => trash,
        "restore" => trash || vocabulary::has_phrase(text, "deleted"),
        _ => false,
    }
}

/// What a verb says in use, given the words after it: a create of something only computed
/// reads, setting a person's own mark (a subscription), moving to the trash or starting a
/// resource (`/vms/{vm}/start`) is a switch.
fn verb_in_use(word: &str, rest: &[String], text: &str, path: Option<&str>) -> Verb {
    let verb = computed(vocabulary::verb(word).unwrap_or(Verb::Act), rest);
    let sets_a_mark = word == "set" && rest.iter().any(|w| vocabulary::MARKS.contains(&w.as_str()));
    let starts_itself = word == "start" && acts_on_its_resource(path, word);
    if sets_a_mark || starts_itself || undoes(word, text) {
        Verb::Switch
    } else {
        verb
    }
}

/// Whether `word`, acted on by `verb`, is a relation: a member of a set whatever the verb
/// (a label, an assignee), or a person's mark (a reaction, a subscription); a member that
/// is deleted (not removed) is gone for everyone.
fn relation(verb: Option<&str>, word: &str) -> bool {
    let deletes = matches!(vocabulary::verb(verb.unwrap_or("")), Some(Verb::Destroy))
        && !vocabulary::DETACH.contains(&verb.unwrap_or(""));
    vocabulary::MARKS.contains(&word) || (vocabulary::RELATIONS.contains(&word) && !deletes)
}

/// What a scope allows: `Some(true)` only reading, `Some(false)` writing, `None` neither
/// said. Its action part decides (`admin.teams:read` and `admin.directory.user.readonly`
/// read, `repo:write` writes); without one, any word of it (`admin:org` writes).
fn scope_reads(scope: &str) -> Option<bool> {
    let says = |part: &str| {
        let writes = ["write", "admin", "delete", "create", "update", "manage"]
            .iter()
            .any(|w| part.contains(w));
        let reads = part.contains("read") || part.ends_with(":list") || part == "list";
        (writes || reads).then_some(!writes)
    };
    let lower = scope.to_ascii_lowercase();
    let action = lower.rsplit([':', '.', '/']).next().unwrap_or_default();
    says(action).or_else(|| says(&lower))
}

/// Reads every piece of evidence in the facts.
pub fn read(facts: &Facts<'_>) -> Vec<Evidence> {
    let mut out = Vec::new();
    let mut push = |source, says, seen: &str, at: &str| {
        out.push(Evidence {
            source,
            says,
            seen: seen.to_string(),
            at: at.to_string(),
        })
    };
    let places = &facts.places;
    // The operation's words, lower case, once: what the phrases and the trash are read in.
    let summary = facts.summary.map(str::to_ascii_lowercase);
    let description = facts.description.map(str::to_ascii_lowercase);
    let text = [
        facts.name.to_ascii_lowercase(),
        summary.clone().unwrap_or_default(),
        description.clone().unwrap_or_default(),
    ]
    .join(" ");

    // The name: its first verb, and what it acts on. A name generated from the method and
    // the path says nothing the path does not (`GetChargesCharge`: `charge` is the path's
    // noun, not a verb; `PostChargesChargeCapture`'s action is read from the path).
    let name = match facts.path {
        Some(path) if generated(facts.name, facts.method, path) => "",
        _ => facts.name,
    };
    let words = name_words(action_part(name), facts.method);
    let first_verb = words.iter().position(|w| vocabulary::verb(w).is_some());
    let verb_word = first_verb.map(|i| words[i].clone());
    if let Some(i) = first_verb {
        let verb = verb_in_use(&words[i], &words[i + 1..], &text, facts.path);
        push(Source::Name, Says::Verb(verb), &words[i], &places.name);
        let object = words[i + 1..]
            .iter()
            .find(|w| relation(verb_word.as_deref(), w));
        if let Some(object) = object {
            push(Source::Name, Says::Relation, object, &places.name);
        }
    }
    for (i, word) in words.iter().enumerate() {
        // A later verb that overwrites (`add-or-update-membership`) says so too.
        let later_overwrite =
            Some(i) != first_verb && vocabulary::OVERWRITE_WORDS.contains(&word.as_str());
        let destructive =
            vocabulary::DESTRUCTIVE_NOUNS.contains(&word.as_str()) && !undoes(word, &text);
        if destructive || later_overwrite {
            push(Source::Name, Says::DestructiveNoun, word, &places.name);
        }
    }

    // The summary's first word, when it is a verb (never a later one: "Rerequest a check
    // suite" is not a check). Without a summary, the description's first sentence stands
    // in its place ("Lists your dedicated IP pools.").
    let (opening, opening_source, opening_at) = match facts.summary {
        Some(summary) => (Some(summary), Source::Summary, &places.summary),
        None => (
            facts.description.and_then(|d| d.unicode_sentences().next()),
            Source::Description,
            &places.description,
        ),
    };
    let mut summary_verb = None;
    if let Some(original) = opening {
        let mut summary_words: Vec<&str> = original
            .split(|c: char| !c.is_alphanumeric() && c != '-')
            .filter(|w| !w.is_empty())
            .collect();
        // A glued camelCase opening (`removeContact`) is a verb and its object.
        let glued = summary_words.first().and_then(|w| {
            let starts_lower = w.starts_with(|c: char| c.is_ascii_lowercase());
            let at = w.find(|c: char| c.is_ascii_uppercase())?;
            starts_lower.then(|| w.split_at(at))
        });
        if let Some((verb, object)) = glued {
            summary_words.splice(0..1, [verb, object]);
        }
        if let Some((first, after)) = summary_words.split_first() {
            let first = *first;
            let as_written: Vec<&str> = after.iter().take(4).copied().collect();
            let rest: Vec<String> = as_written.iter().map(|w| w.to_ascii_lowercase()).collect();
            match vocabulary::summary_verb(first) {
                Some((word, _)) => {
                    let verb = verb_in_use(&word, &rest, &text, facts.path);
                    push(opening_source, Says::Verb(verb), first, opening_at);
                    let object = rest.iter().position(|w| relation(Some(&word), w));
                    if let Some(i) = object {
                        push(opening_source, Says::Relation, as_written[i], opening_at);
                    }
                    summary_verb = Some(word);
                }
                // On a GET, a word this reader does not know in the verb's place of an
                // imperative ("Frobnicate the widget") is a verb outside the read
                // vocabulary: it acts.
                None => {
                    let imperative = rest
                        .first()
                        .is_some_and(|w| vocabulary::DETERMINERS.contains(&w.as_str()));
                    let safe = facts.method.is_some_and(Method::is_safe);
                    if safe && imperative && first.chars().all(char::is_alphabetic) {
                        push(opening_source, Says::Verb(Verb::Act), first, opening_at);
                    }
                }
            }
        }
        // "Create or update a secret": it overwrites too.
        let lower = original.to_ascii_lowercase();
        let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).collect();
        let or_overwrite = words
            .windows(2)
            .find(|w| w[0] == "or" && vocabulary::OVERWRITE_WORDS.contains(&w[1]));
        if let Some(pair) = or_overwrite {
            let seen = format!("or {}", pair[1]);
            push(opening_source, Says::DestructiveNoun, &seen, opening_at);
        }
    }

    // Phrases of the summary and the description. What happens later to something
    // trashed ("deleted for good after 30 days") is not what this call, which its opposite
    // undoes, does.
    let reversible = [&verb_word, &summary_verb]
        .into_iter()
        .flatten()
        .any(|w| undoes(w, &text));
    let texts = [
        (Source::Summary, &summary, &places.summary),
        (Source::Description, &description, &places.description),
    ];
    for (source, lower, at) in texts {
        let Some(lower) = lower else {
            continue;
        };
        let kinds = [Says::ReadPhrase, Says::RepeatPhrase, Says::DestroyPhrase];
        for (says, phrase) in kinds.into_iter().zip(vocabulary::phrases_in(lower)) {
            if says == Says::DestroyPhrase && reversible {
                continue;
            }
            if let Some(phrase) = phrase {
                push(source, says, phrase.trim(), at);
            }
        }
    }

    // The path's last literal segment: `/search`, `/apps.uninstall`, `:cancel`.
    if let Some(path) = facts.path {
        let last = path
            .rsplit('/')
            .find(|s| !s.is_empty() && !s.starts_with('{'));
        if let Some(segment) = last {
            // A format suffix is no word of the action (`/tags/delete.json` deletes).
            let action = [".json", ".xml"]
                .iter()
                .find_map(|suffix| segment.strip_suffix(suffix))
                .unwrap_or(segment);
            let words = name_words(action, None);
            let is_verb = |w: &&String| {
                vocabulary::verb(w).is_some() && !vocabulary::PATH_NOUNS.contains(&w.as_str())
            };
            if let Some(at) = words.iter().position(|w| is_verb(&w)) {
                let verb = verb_in_use(&words[at], &words[at + 1..], &text, facts.path);
                // A verb before a noun in one segment is the action (`/delete-domain`), unless
                // the operation's words say another kind of verb: then it names a thing
                // (`/remove-token`, which the name says it creates) and overwrites nothing.
                let another = [&verb_word, &summary_verb]
                    .into_iter()
                    .flatten()
                    .any(|w| vocabulary::verb(w) != vocabulary::verb(&words[at]));
                let names_a_thing = at + 1 < words.len()
                    && another
                    && matches!(verb, Verb::Update | Verb::Renew | Verb::Destroy);
                if !names_a_thing {
                    push(
                        Source::Path,
                        Says::Verb(verb),
                        &words[at],
                        &places.operation,
                    );
                }
            }
            for word in &words {
                if vocabulary::DESTRUCTIVE_NOUNS.contains(&word.as_str()) && !undoes(word, &text) {
                    push(Source::Path, Says::DestructiveNoun, word, &places.operation);
                }
            }
            if let Some(word) = words.iter().find(|w| relation(verb_word.as_deref(), w)) {
                push(Source::Path, Says::Relation, word, &places.operation);
            }
            let bare = segment.split('.').next().unwrap_or(segment);
            let ends_in_parameter = path
                .trim_end_matches('/')
                .trim_end_matches(".json")
                .ends_with('}');
            if facts.method == Some(&Method::Post) && ends_in_parameter {
                push(Source::Path, Says::OneResource, path, &places.operation);
            }
            let last = path.trim_end_matches('/').ends_with(segment);
            let no_verb = words.iter().all(|w| vocabulary::verb(w).is_none());
            if matches!(bare, "actions" | "action") {
                push(Source::Path, Says::Actions, segment, &places.operation);
            } else if facts.only_posts && last && no_verb {
                push(Source::Path, Says::NounMethod, segment, &places.operation);
            } else if facts.method == Some(&Method::Post) && bare.ends_with('s') && no_verb && last
            {
                push(Source::Path, Says::Collection, segment, &places.operation);
            }
        }
    }

    if let (Some(Method::Get), Some(path)) = (facts.method, facts.path) {
        if names_only_resources(path) {
            push(Source::Path, Says::ResourcePath, path, &places.operation);
        }
    }

    // Scopes: all of them read-only, or any that writes.
    let writes = |scope: &str| scope_reads(scope) == Some(false);
    let reads = |scope: &str| scope_reads(scope) == Some(true);
    if let Some(scope) = facts.scopes.iter().find(|s| writes(s)) {
        push(Source::Scope, Says::WriteScope, scope, &places.operation);
    } else if !facts.scopes.is_empty() && facts.scopes.iter().all(|s| reads(s)) {
        push(
            Source::Scope,
            Says::ReadScope,
            facts.scopes[0],
            &places.operation,
        );
    }

    if let Some(name) = facts.method_override {
        push(
            Source::Parameter,
            Says::MethodOverride,
            name,
            &places.operation,
        );
    }
    if let Some((location, name)) = facts.idempotency_key {
        let source = match location {
            ToolIn::Header => Source::Header,
            ToolIn::Body => Source::Body,
            _ => Source::Parameter,
        };
        push(source, Says::IdempotencyKey, name, &places.operation);
    }
    for status in &facts.statuses {
        match *status {
            "201" => push(Source::Response, Says::Created, status, &places.operation),
            "202" => push(Source::Response, Says::Accepted, status, &places.operation),
            _ => {}
        }
    }
    out
}

/// How sure a suggestion is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Confidence {
    /// The evidence disagrees, or there is too little of it: shown, never suggested.
    Low,
    Medium,
    High,
}

impl Confidence {
    pub fn as_str(self) -> &'static str {
        match self {
            Confidence::Low => "low",
            Confidence::Medium => "medium",
            Confidence::High => "high",
        }
    }
}

/// A hint the evidence points to that the tool does not have; never applied by itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    pub hint: HintKind,
    pub value: bool,
    pub confidence: Confidence,
    /// What the judgement rests on, in words.
    pub reason: String,
    /// The evidence behind it, or (at low confidence) on both sides.
    pub evidence: Vec<Evidence>,
}

impl Suggestion {
    /// Not a note: review offers it, lint's name rules check it.
    pub fn is_suggested(&self) -> bool {
        self.confidence > Confidence::Low
    }

    /// The reason and the evidence, for a line of text.
    pub fn because(&self) -> String {
        let seen: Vec<String> = self.evidence.iter().map(Evidence::describe).collect();
        format!("{} ({})", self.reason, seen.join(", "))
    }
}

/// Parameter names that tell the server to carry out another method than the request's:
/// `X-HTTP-Method-Override`, `X-HTTP-Method`, `X-Method-Override` (headers), `_method`
/// (Rails, Laravel: a query or form field).
pub fn is_method_override(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    matches!(
        lower.as_str(),
        "x-http-method-override" | "x-http-method" | "x-method-override" | "_method"
    )
}

/// Whether an argument carries an idempotency key: named so (`Idempotency-Key`,
/// `X-Idempotent-Request-Key`, Twilio's `IdempotencyKey`), or described so (AWS's
/// `ClientToken`, "to ensure the idempotency of the request"; Google's `requestId`, "if you
/// must retry your request, the server will know to ignore the request").
pub fn is_idempotency_key(name: &str, description: Option<&str>) -> bool {
    let squashed: String = name.chars().filter(char::is_ascii_alphanumeric).collect();
    let described = description.is_some_and(|text| {
        let lower = text.to_ascii_lowercase();
        let retried = ["retry", "retries", "retried"]
            .iter()
            .any(|w| lower.contains(w));
        let once = ["ignore", "duplicate", "already"]
            .iter()
            .any(|w| lower.contains(w));
        // "Webhooks must be idempotent", "a name intended for creation idempotence" say
        // nothing of this call: only the key's own noun or a retry that is ignored do.
        lower.contains("idempotency") || (retried && once)
    });
    squashed.to_ascii_lowercase().contains("idempoten") || described
}

/// The argument of an operation that carries an idempotency key, and where: a header or
/// query parameter, else a field of its request body.
pub fn idempotency_key<'a>(operation: &'a Operation<'a>) -> Option<(ToolIn, &'a str)> {
    let parameter = operation.parameters.iter().find_map(|p| {
        let location = match p.location {
            In::Header => ToolIn::Header,
            In::Query => ToolIn::Query,
            _ => return None,
        };
        is_idempotency_key(p.name, p.description).then_some((location, p.name))
    });
    parameter.or_else(|| {
        let schema = operation.body.as_ref()?.schema.as_ref()?;
        let properties = schema.value.get("properties")?.as_object()?;
        properties.iter().find_map(|(name, property)| {
            let description = property.get("description").and_then(|d| d.as_str());
            is_idempotency_key(name, description).then_some((ToolIn::Body, name.as_str()))
        })
    })
}

/// The suggestions the evidence supports for hints that differ from `hints` (the effective
/// ones), and the notes where it disagrees.
pub fn judge(facts: &Facts<'_>, evidence: &[Evidence], hints: &Hints) -> Vec<Suggestion> {
    // Without a method (a manifest without a binding), the words alone are judged.
    let method = facts.method;
    let safe = method.is_some_and(Method::is_safe);
    let removes = method.is_some_and(Method::removes);
    let name = method.map_or("tool".to_string(), |m| m.to_string());
    let value = |kind| hints.get(kind).value;
    let mut out = Vec::new();
    let mut add = |hint, value, confidence, reason: &str, evidence: Vec<&Evidence>| {
        out.push(Suggestion {
            hint,
            value,
            confidence,
            reason: reason.to_string(),
            evidence: evidence.into_iter().cloned().collect(),
        })
    };
    let reads: Vec<&Evidence> = evidence.iter().filter(|e| e.says_reads()).collect();
    // Something computed and returned, "not saved anywhere", is not created; a read-only
    // query executed is a read.
    let not_kept = evidence.iter().any(|e| e.says == Says::ReadPhrase);
    let neutral = |e: &Evidence| {
        let runner = vocabulary::RUNNERS.contains(&e.seen.to_ascii_lowercase().as_str());
        not_kept && (e.says == Says::Verb(Verb::Create) || runner)
    };
    let acts: Vec<&Evidence> = evidence
        .iter()
        .filter(|e| e.says_acts() && !neutral(e))
        .collect();
    let weight = |list: &[&Evidence]| list.iter().map(|e| e.weight()).sum::<usize>();
    let confidence = |list: &[&Evidence]| {
        if weight(list) >= 2 {
            Confidence::High
        } else {
            Confidence::Medium
        }
    };

    // Read-only: safer needs two pieces (or a phrase) and nothing against; more cautious
    // needs one. HEAD, OPTIONS and TRACE are left alone: nothing but a GET-like route acts.
    let read_only = value(HintKind::ReadOnly);
    let mut believed_read_only = read_only;
    // A scope names what the caller may do, not what this call does: it weighs against
    // agreeing verbs, never alone.
    let scopes_against = acts.iter().filter(|e| e.says == Says::WriteScope).count();
    let acts_beyond_scope = acts.len() - scopes_against;
    // A DELETE is defined to remove its target: no evidence makes it read-only.
    if !read_only && !safe && !removes {
        if acts_beyond_scope == 0 && weight(&reads) >= 2 + scopes_against {
            add(
                HintKind::ReadOnly,
                true,
                confidence(&reads),
                &format!("a {name} whose evidence all says it only reads"),
                reads.clone(),
            );
            believed_read_only = true;
        } else if !reads.is_empty() {
            let both = reads.iter().chain(&acts).copied().collect();
            let reason = if acts.is_empty() {
                "one piece of evidence says it only reads: not enough to call it read-only"
            } else {
                "the evidence disagrees on whether it only reads"
            };
            add(HintKind::ReadOnly, true, Confidence::Low, reason, both);
        }
    }
    let header_like = matches!(method, Some(Method::Head | Method::Options | Method::Trace));
    let method_override = evidence.iter().find(|e| e.says == Says::MethodOverride);
    if let (true, Some(method_override)) = (read_only, method_override) {
        // Whatever the words say, the caller chooses the method the server carries out.
        add(
            HintKind::ReadOnly,
            false,
            Confidence::High,
            "it takes a method override: a caller can make the server carry out any method",
            vec![method_override],
        );
        believed_read_only = false;
    } else if read_only && !header_like {
        if !acts.is_empty() && reads.is_empty() {
            add(
                HintKind::ReadOnly,
                false,
                confidence(&acts),
                &format!("a read-only {name} whose evidence says it acts"),
                acts.clone(),
            );
            believed_read_only = false;
        } else if !acts.is_empty() {
            let both = reads.iter().chain(&acts).copied().collect();
            add(
                HintKind::ReadOnly,
                false,
                Confidence::Low,
                "the evidence disagrees on whether it acts",
                both,
            );
        }
    }
    if believed_read_only {
        return out;
    }

    let verbs = |wanted: &[Verb]| -> Vec<&Evidence> {
        evidence
            .iter()
            .filter(|e| matches!(e.says, Says::Verb(v) if wanted.contains(&v)))
            .collect()
    };
    let relation = evidence.iter().any(|e| e.says == Says::Relation);
    // On a PUT, "create" or "add" is an upsert at a given URI: idempotent by definition;
    // adding a relation (a label, an assignee) twice adds it once.
    let adds_again: &[Verb] = if method.is_some_and(Method::is_idempotent) {
        &[Verb::Repeat]
    } else if relation {
        &[Verb::Repeat, Verb::Renew]
    } else {
        &[Verb::Repeat, Verb::Renew, Verb::Create]
    };
    let repeats: Vec<&Evidence> = verbs(adds_again)
        .into_iter()
        .chain(evidence.iter().filter(|e| e.says == Says::RepeatPhrase))
        .collect();

    // Destructive: vetoed by anything that overwrites, ends or settles; a switch or a relation
    // removed is reversible; something added needs two pieces.
    let mut overwrites: Vec<&Evidence> = verbs(&[Verb::Update, Verb::Renew, Verb::Settle]);
    overwrites.extend(evidence.iter().filter(|e| {
        matches!(
            e.says,
            Says::DestructiveNoun | Says::DestroyPhrase | Says::Actions
        ) || (e.says == Says::Verb(Verb::Destroy) && !relation)
    }));
    if value(HintKind::Destructive) && overwrites.is_empty() {
        let switches = verbs(&[Verb::Switch]);
        let removes_relation: Vec<&Evidence> = evidence
            .iter()
            .filter(|e| matches!(e.says, Says::Relation | Says::Verb(Verb::Destroy)))
            .collect();
        // A PUT that "creates" at a given URI replaces what may be there, unless what it
        // adds is a relation (a label, a star).
        let upsert = method == Some(&Method::Put) && !relation;
        let adds: Vec<&Evidence> = verbs(&[Verb::Create, Verb::Repeat])
            .into_iter()
            .filter(|e| !upsert || e.says != Says::Verb(Verb::Create))
            .chain(
                evidence
                    .iter()
                    .filter(|e| matches!(e.says, Says::Created | Says::Collection)),
            )
            .collect();
        if !switches.is_empty() {
            add(
                HintKind::Destructive,
                false,
                Confidence::Medium,
                "a switch that its opposite undoes: nothing is lost",
                switches,
            );
        } else if relation && removes {
            add(
                HintKind::Destructive,
                false,
                Confidence::Medium,
                "removes a relation that adding it back restores",
                removes_relation,
            );
        } else if adds.len() >= 2 && !removes {
            add(
                HintKind::Destructive,
                false,
                confidence(&adds),
                "it adds rather than overwrites or removes",
                adds,
            );
        }
    } else if !value(HintKind::Destructive) && !overwrites.is_empty() {
        add(
            HintKind::Destructive,
            true,
            confidence(&overwrites),
            "it overwrites or removes",
            overwrites,
        );
    }

    // Idempotent: every call adding an effect vetoes it; a DELETE, a switch, a relation,
    // a set-to-value update on one resource, or an idempotency key support it.
    let single_resource = facts
        .path
        .is_some_and(|p| p.trim_end_matches('/').ends_with('}'));
    // An action on one resource: `/runs/{id}/cancel` as well as `/customers/{id}`, and an
    // RPC method whose arguments name it (`/chat.update`, `/ips/set-custom-dns`).
    let rpc_method = evidence
        .iter()
        .any(|e| e.source == Source::Path && matches!(e.says, Says::Verb(_)));
    let on_a_resource = facts.path.is_some_and(|p| p.contains('{')) || rpc_method;
    // An idempotency key makes even a create safe to repeat, with the same key.
    let key = evidence.iter().find(|e| e.says == Says::IdempotencyKey);
    if let (false, Some(key)) = (value(HintKind::Idempotent), key) {
        add(
            HintKind::Idempotent,
            true,
            Confidence::Medium,
            "accepts an idempotency key: true only where the caller mints the key once and \
             sends the same key on every retry",
            vec![key],
        );
    } else if !value(HintKind::Idempotent) && repeats.is_empty() {
        let switches = verbs(&[Verb::Switch]);
        let updates = verbs(&[Verb::Update]);
        let ends = verbs(&[Verb::Destroy]);
        let settles = verbs(&[Verb::Settle]);
        // A 201 or a POST to a collection makes something new on each call, whatever the
        // verb ("subscribes a client" adds a subscription).
        let creates = evidence
            .iter()
            .any(|e| matches!(e.says, Says::Created | Says::Collection));
        let adds_relation: Vec<&Evidence> = verbs(&[Verb::Create])
            .into_iter()
            .chain(evidence.iter().filter(|e| e.says == Says::Relation))
            .collect();
        let one_resource: Vec<&Evidence> = evidence
            .iter()
            .filter(|e| e.says == Says::OneResource)
            .collect();
        let other_acts = verbs(&[Verb::Act]);
        if removes && other_acts.is_empty() {
            let mut removal: Vec<Evidence> = verbs(&[Verb::Destroy, Verb::Switch])
                .into_iter()
                .cloned()
                .collect();
            // Without a verb in its words, the method is the evidence: HTTP defines it.
            if removal.is_empty() {
                removal.push(Evidence {
                    source: Source::Method,
                    says: Says::Verb(Verb::Destroy),
                    seen: "DELETE".into(),
                    at: facts.places.operation.clone(),
                });
            }
            let confidence = if single_resource {
                Confidence::High
            } else {
                Confidence::Medium
            };
            add(
                HintKind::Idempotent,
                true,
                confidence,
                "HTTP defines DELETE as idempotent: true if repeating it has no further effect \
                 in this API",
                removal.iter().collect(),
            );
        } else if !switches.is_empty() && !creates {
            add(
                HintKind::Idempotent,
                true,
                Confidence::Medium,
                "a switch: setting it again changes nothing",
                switches,
            );
        } else if relation && adds_relation.len() >= 2 {
            add(
                HintKind::Idempotent,
                true,
                Confidence::Medium,
                "adds to a set: adding the same member again changes nothing",
                adds_relation,
            );
        } else if !settles.is_empty()
            && on_a_resource
            && other_acts.is_empty()
            && updates.is_empty()
        {
            add(
                HintKind::Idempotent,
                true,
                Confidence::Medium,
                "moves one resource to a final state: moving it there again changes nothing",
                settles,
            );
        } else if ends.len() >= 2 && other_acts.is_empty() && updates.is_empty() {
            add(
                HintKind::Idempotent,
                true,
                Confidence::Medium,
                "ends something: ending it again changes nothing",
                ends,
            );
        } else if updates.len() + one_resource.len() >= 2
            && !updates.is_empty()
            && on_a_resource
            && other_acts.is_empty()
        {
            add(
                HintKind::Idempotent,
                true,
                Confidence::Medium,
                "sets given values on one resource: the same values again change nothing",
                updates,
            );
        }
    } else if value(HintKind::Idempotent) && !repeats.is_empty() && key.is_none() {
        add(
            HintKind::Idempotent,
            false,
            confidence(&repeats),
            "every call adds an effect: a retry repeats it",
            repeats,
        );
    }
    out
}

/// Reads the evidence of an operation and judges it against its hints: the evidence, and
/// the suggestions.
pub fn suggest(operation: &Operation<'_>, hints: &Hints) -> (Vec<Evidence>, Vec<Suggestion>) {
    let facts = Facts::of_operation(operation);
    let evidence = read(&facts);
    let suggestions = judge(&facts, &evidence, hints);
    (evidence, suggestions)
}

/// Whether some of the evidence says the operation reads: a word, a phrase or a scope, or
/// a path that names only resources. (What says it acts is weighed by [`judge`].)
pub fn says_it_reads(evidence: &[Evidence]) -> bool {
    evidence
        .iter()
        .any(|e| e.says_reads() || e.says == Says::ResourcePath)
}

/// Whether a path names only resources: literal segments of plain words, none of them a
/// verb, and no RPC method in one (`/channels.join`, `/tasks:cancel`).
fn names_only_resources(path: &str) -> bool {
    path.split('/')
        .filter(|s| !s.is_empty() && !s.starts_with('{'))
        .all(|segment| {
            segment
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                && name_words(segment, None).iter().all(|w| {
                    vocabulary::verb(w).is_none() || vocabulary::PATH_NOUNS.contains(&w.as_str())
                })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts<'a>(method: &'a Method, name: &'a str, summary: &'a str) -> Facts<'a> {
        Facts {
            method: Some(method),
            name,
            summary: Some(summary).filter(|s| !s.is_empty()),
            ..Facts::default()
        }
    }

    fn said(facts: &Facts<'_>) -> Vec<(HintKind, bool, Confidence)> {
        let hints = Hints::infer(facts.method.unwrap());
        judge(facts, &read(facts), &hints)
            .into_iter()
            .map(|s| (s.hint, s.value, s.confidence))
            .collect()
    }

    /// Without a summary, the description's first sentence is read as one: a POST that
    /// "Lists" at a path that lists reads; a later sentence's verb is not its verb.
    #[test]
    fn without_a_summary_the_description_opens() {
        let post = Method::Post;
        let mut facts = facts(&post, "", "");
        facts.description = Some("Lists your dedicated IP pools. Delete one with another call.");
        facts.path = Some("/ips/list-pools.json");
        assert_eq!(said(&facts), [(HintKind::ReadOnly, true, Confidence::High)]);
    }

    /// A format suffix is not read as a word: `/tags/delete.json` is an action segment, and
    /// with the description's "Deletes" it ends something.
    #[test]
    fn a_format_suffix_is_no_word_of_the_action() {
        let post = Method::Post;
        let mut facts = facts(&post, "", "");
        facts.description = Some("Deletes a tag permanently.");
        facts.path = Some("/tags/delete.json");
        assert!(said(&facts).contains(&(HintKind::Idempotent, true, Confidence::Medium)));
    }

    /// `Resource_Action` names say their action after the underscore: the resource's words
    /// are nouns (`ScaleSets` sets nothing). A glued name says its verb first.
    #[test]
    fn a_resource_action_name_acts_as_its_action_says() {
        let get = Method::Get;
        for name in [
            "VirtualMachineScaleSets_ListAll",
            "NetworkInterfaces_GetVirtualMachineScaleSetNetworkInterface",
        ] {
            let facts = facts(&get, name, "");
            assert_eq!(said(&facts), [], "{name}");
        }
    }

    /// Starting a resource (`/vms/{vm}/start`) is a switch its stop undoes: idempotent and not
    /// destructive. Starting a run (`/runs/start`) makes something new each time.
    #[test]
    fn starting_a_resource_is_a_switch() {
        let post = Method::Post;
        let mut facts = facts(&post, "VirtualMachines_Start", "");
        facts.path = Some("/virtualMachines/{vmName}/start");
        let said_of_one = said(&facts);
        assert!(said_of_one.contains(&(HintKind::Idempotent, true, Confidence::Medium)));
        assert!(said_of_one.contains(&(HintKind::Destructive, false, Confidence::Medium)));
        facts.path = Some("/runs/start");
        facts.name = "Runs_Start";
        assert!(said(&facts)
            .iter()
            .all(|(hint, value, _)| !(*hint == HintKind::Idempotent && *value)));
    }

    /// Moving one resource to a final state (approve, reject, void) twice changes nothing;
    /// nothing moves it back, so it is never said to be non-destructive.
    #[test]
    fn settling_one_resource_is_idempotent() {
        let post = Method::Post;
        let mut facts = facts(&post, "approveSuggestion", "Approve a suggestion");
        facts.path = Some("/issues/{number}/suggestions/{id}/approve");
        assert_eq!(
            said(&facts),
            [(HintKind::Idempotent, true, Confidence::Medium)]
        );
    }

    /// A switch verb on a POST that answers 201 makes something new on each call.
    #[test]
    fn a_switch_that_creates_is_not_idempotent() {
        let post = Method::Post;
        let mut facts = facts(&post, "", "");
        facts.description = Some("subscribes a client to receive out-of-band data");
        facts.path = Some("/streams");
        facts.statuses = vec!["201"];
        assert!(said(&facts)
            .iter()
            .all(|(hint, value, _)| !(*hint == HintKind::Idempotent && *value)));
    }

    /// A GET that takes a method override can be made to act: never read-only by its words.
    #[test]
    fn a_method_override_parameter_says_the_call_acts() {
        let get = Method::Get;
        let mut facts = facts(&get, "listItems", "List items");
        facts.method_override = Some("X-HTTP-Method-Override");
        assert!(
            said(&facts).contains(&(HintKind::ReadOnly, false, Confidence::High)),
            "{:?}",
            said(&facts)
        );
    }

    /// The words of a DELETE may read ("calendarList.delete" reads "list" once "delete",
    /// the method's own word, is dropped): a DELETE is never suggested read-only.
    #[test]
    fn a_delete_is_never_suggested_read_only() {
        let delete = Method::Delete;
        let mut facts = facts(&delete, "calendar.calendarList.delete", "List calendars");
        facts.description = Some("Returns the calendar list, read-only");
        facts.path = Some("/users/me/calendarList/{calendarId}");
        assert!(
            said(&facts)
                .iter()
                .all(|(hint, value, _)| !(*hint == HintKind::ReadOnly && *value)),
            "{:?}",
            said(&facts)
        );
    }

    #[test]
    fn a_name_that_begins_with_its_method_reads_its_summary() {
        let post = Method::Post;
        let search = facts(&post, "post_items_search", "Search items");
        assert_eq!(
            said(&search),
            [(HintKind::ReadOnly, true, Confidence::High)]
        );
        assert_eq!(
            name_words("get_items_delete", Some(&Method::Get)),
            ["items", "delete"]
        );
        assert_eq!(
            name_words("deleteUser", Some(&Method::Delete)),
            ["delete", "user"]
        );
        assert_eq!(
            name_words("deleteOrder", Some(&Method::Delete)),
            ["delete", "order"]
        );
        assert_eq!(
            name_words("getServiceAccountIssuerOpenIDKeyset", Some(&Method::Get)),
            ["get", "service", "account", "issuer", "openid", "keyset"]
        );
    }

    #[test]
    fn glued_names_are_split() {
        assert_eq!(
            name_words("getinputtokencounts", Some(&Method::Post)),
            ["get", "input", "token", "counts"]
        );
    }

    #[test]
    fn a_noun_that_looks_like_a_verb_raises_nothing() {
        let get = Method::Get;
        // The name says `post`, the summary `List`: a note, not a suggestion.
        let replies = facts(&get, "post_replies", "List replies to a post");
        assert_eq!(
            said(&replies),
            [(HintKind::ReadOnly, false, Confidence::Low)]
        );
        // "Rerequest a check suite": the verb is rerequest, not check.
        let post = Method::Post;
        let rerequest = facts(&post, "checks/rerequest-suite", "Rerequest a check suite");
        assert!(said(&rerequest)
            .iter()
            .all(|(hint, _, _)| *hint != HintKind::ReadOnly));
    }

    #[test]
    fn rpc_gets_that_act_are_flagged_and_reversible_deletes_are_not_destructive() {
        let get = Method::Get;
        let mut uninstall = facts(&get, "apps_uninstall", "Uninstall your app");
        uninstall.path = Some("/apps.uninstall");
        assert_eq!(
            said(&uninstall),
            [
                (HintKind::ReadOnly, false, Confidence::High),
                // Ending something twice changes nothing more.
                (HintKind::Idempotent, true, Confidence::Medium),
            ]
        );
        let delete = Method::Delete;
        let mut unstar = facts(&delete, "unstarRepo", "Unstar a repository");
        unstar.path = Some("/repos/{repo}/star");
        assert!(said(&unstar).contains(&(HintKind::Destructive, false, Confidence::Medium)));
        let mut label = facts(
            &delete,
            "issues/remove-label",
            "Remove a label from an issue",
        );
        label.path = Some("/issues/{n}/labels/{name}");
        assert!(said(&label).contains(&(HintKind::Destructive, false, Confidence::Medium)));
        let mut rename = facts(&Method::Post, "renameProject", "Rename a project");
        rename.statuses = vec!["201"];
        assert!(said(&rename)
            .iter()
            .all(|(hint, value, _)| (*hint, *value) != (HintKind::Destructive, false)));
    }

    #[test]
    fn a_get_whose_summary_verb_is_outside_the_read_vocabulary_acts() {
        let get = Method::Get;
        // No list of write verbs knows "frobnicate": it stands where an imperative's verb
        // stands, and it is not a reading verb.
        let unknown = facts(&get, "widgets_frob", "Frobnicate the widget");
        assert_eq!(
            said(&unknown),
            [(HintKind::ReadOnly, false, Confidence::Medium)]
        );
        // A noun phrase is not an imperative.
        assert!(said(&facts(&get, "widget_details", "Widget details")).is_empty());
        // On a POST the reader does not guess.
        assert!(said(&facts(
            &Method::Post,
            "widgets_frob",
            "Frobnicate the widget"
        ))
        .iter()
        .all(|(hint, _, _)| *hint != HintKind::ReadOnly));
    }

    #[test]
    fn the_trash_is_undone_by_its_opposite_a_backup_restore_is_not() {
        let not_destructive = |facts: &Facts<'_>| {
            said(facts).contains(&(HintKind::Destructive, false, Confidence::Medium))
        };
        let delete = Method::Delete;
        let mut trash = facts(&delete, "trashFile", "Move a file to the trash");
        trash.description = Some("Trashed files are deleted for good after 30 days.");
        assert!(not_destructive(&trash), "later deletion is not this call");
        let post = Method::Post;
        let mut restore = facts(&post, "restoreFile", "Restore a file from the trash");
        restore.path = Some("/files/{id}/restore");
        assert!(not_destructive(&restore));
        let mut backup = facts(&post, "restoreDatabase", "Restore a database from a backup");
        backup.description = Some("Replaces the current contents with the backup's.");
        backup.path = Some("/databases/{id}/restore");
        assert!(
            !not_destructive(&backup),
            "a restore that replaces overwrites"
        );
    }

    #[test]
    fn puts_that_send_or_append_are_not_idempotent() {
        let put = Method::Put;
        let send = facts(&put, "sendInvitationEmail", "Send the invitation email");
        assert!(said(&send).contains(&(HintKind::Idempotent, false, Confidence::High)));
        let star = facts(&put, "starRepo", "Star a repository");
        assert!(said(&star)
            .iter()
            .all(|(hint, _, _)| *hint != HintKind::Idempotent));
    }

    #[test]
    fn an_accepted_key_suggestion_is_not_taken_back_and_a_bare_delete_names_its_method() {
        let post = Method::Post;
        let mut create = facts(&post, "createOrder", "Create an order");
        create.idempotency_key = Some((ToolIn::Header, "Idempotency-Key"));
        let evidence = read(&create);
        let mut hints = Hints::infer(&post);
        hints.set(
            HintKind::Idempotent,
            true,
            super::super::HintSource::Override,
            String::new(),
        );
        // Accepted: the create verb does not make it suggest false again.
        assert!(judge(&create, &evidence, &hints)
            .iter()
            .all(|s| s.hint != HintKind::Idempotent));
        let delete = Method::Delete;
        let bare = facts(&delete, "", "");
        let suggestions = judge(&bare, &read(&bare), &Hints::infer(&delete));
        let idempotent = suggestions
            .iter()
            .find(|s| s.hint == HintKind::Idempotent)
            .unwrap();
        assert_eq!(
            idempotent.because().rsplit('(').next(),
            Some("method 'DELETE')")
        );
    }

    #[test]
    fn a_manifest_key_naming_no_argument_reads_as_no_key() {
        let manifest = serde_json::json!({"tools": [{"name": "a", "inputSchema": {"type": "object"},
            "_meta": {"openapi2mcp/http": {"method": "POST", "path": "/a",
                "idempotencyKey": "missing", "params": {}}}}]});
        let manifest = crate::manifest::read(&manifest, "m.json").unwrap();
        let facts = Facts::of_tool(&manifest.tools[0], "/tools/0", false);
        assert_eq!(facts.idempotency_key, None);
    }

    /// A name made of the method and the path's words says nothing: `charge` in
    /// `PostChargesChargeCapture` is the path's noun; its action, capture, is the path's.
    #[test]
    fn a_generated_name_is_read_as_the_path_it_repeats() {
        let post = Method::Post;
        let mut capture = facts(&post, "PostChargesChargeCapture", "");
        capture.path = Some("/v1/charges/{charge}/capture");
        assert!(said(&capture).contains(&(HintKind::Idempotent, true, Confidence::Medium)));
        assert!(generated(
            "GetChargesCharge",
            Some(&Method::Get),
            "/v1/charges/{charge}"
        ));
        assert!(!generated(
            "delete_order",
            Some(&Method::Delete),
            "/orders/{orderId}"
        ));
        assert!(!generated(
            "chargeCustomer",
            Some(&Method::Post),
            "/v1/customers/{customer}"
        ));
    }

    /// A PUT that "creates" at a given URI replaces what is there: not suggested
    /// non-destructive, unless what it adds is a relation.
    #[test]
    fn a_put_that_creates_is_an_upsert() {
        let put = Method::Put;
        let mut product = facts(&put, "createProduct", "Create a product");
        product.path = Some("/products/{id}");
        assert!(said(&product)
            .iter()
            .all(|(hint, ..)| *hint != HintKind::Destructive));
        let mut label = facts(&put, "addLabel", "Add a label");
        label.path = Some("/issues/{issue}/labels/{label}");
        assert!(said(&label).contains(&(HintKind::Destructive, false, Confidence::High)));
    }

    /// An RPC method sets values on what its arguments name (`/ips/set-custom-dns`, no
    /// `{id}`): idempotent. A verb and noun in the last segment are the action unless the
    /// operation says another kind of verb (`/remove-token` that the name says it creates).
    #[test]
    fn an_rpc_method_that_sets_values_is_idempotent() {
        let post = Method::Post;
        let mut dns = facts(&post, "", "");
        dns.description = Some("Configures the custom DNS name for a dedicated IP.");
        dns.path = Some("/ips/set-custom-dns.json");
        assert!(said(&dns).contains(&(HintKind::Idempotent, true, Confidence::Medium)));
        let mut token = facts(
            &post,
            "actions/create-remove-token-for-repo",
            "Create a remove token",
        );
        token.path = Some("/repos/{owner}/{repo}/actions/runners/remove-token");
        let evidence = read(&token);
        assert!(evidence.iter().all(|e| e.source != Source::Path));
    }

    /// Refunding changes a payment for good: never suggested non-destructive.
    #[test]
    fn a_refund_is_destructive() {
        let post = Method::Post;
        let mut refund = facts(&post, "createRefund", "Create a refund");
        refund.path = Some("/v1/charges/{charge}/refunds");
        assert!(said(&refund)
            .iter()
            .all(|(hint, ..)| *hint != HintKind::Destructive));
    }

    /// Where every method is a POST, a method named by a noun is a getter: with a read verb
    /// it is read-only. Elsewhere a POST to a plural noun adds to a collection.
    #[test]
    fn in_an_all_post_api_a_method_named_by_a_noun_reads() {
        let post = Method::Post;
        let mut info = facts(&post, "", "");
        info.description = Some("Return more detailed information about a single sender.");
        info.path = Some("/senders/info.json");
        assert_eq!(said(&info), [(HintKind::ReadOnly, true, Confidence::Low)]);
        info.only_posts = true;
        assert_eq!(said(&info), [(HintKind::ReadOnly, true, Confidence::High)]);
        assert!(crate::http::only_posts(&[
            Method::Post,
            Method::Post,
            Method::Post
        ]));
        assert!(!crate::http::only_posts(&[Method::Post, Method::Post]));
        assert!(!crate::http::only_posts(&[
            Method::Post,
            Method::Get,
            Method::Post
        ]));
    }

    #[test]
    fn a_glued_summary_opening_is_a_verb_and_its_object() {
        let get = Method::Get;
        let remove = facts(&get, "", "removeContact");
        assert!(said(&remove).contains(&(HintKind::ReadOnly, false, Confidence::Medium)));
    }

    #[test]
    fn a_scope_is_read_by_its_action_part() {
        for (scope, reads) in [
            ("admin.teams:read", Some(true)),
            (
                "https://www.googleapis.com/auth/admin.directory.user.readonly",
                Some(true),
            ),
            ("read:org", Some(true)),
            ("repo:write", Some(false)),
            ("admin:org", Some(false)),
            ("channels:history", None),
            ("https://www.googleapis.com/auth/cloud-platform", None),
        ] {
            assert_eq!(scope_reads(scope), reads, "{scope}");
        }
    }

    #[test]
    fn idempotency_key_headers_in_their_common_spellings() {
        for name in [
            "Idempotency-Key",
            "X-Idempotency-Key",
            "idempotency_key",
            "Idempotency-Token",
            "X-Idempotent-Request-Key",
        ] {
            assert!(is_idempotency_key(name, None), "{name}");
        }
        assert!(!is_idempotency_key(
            "X-Request-Id",
            Some("Traces the request in logs")
        ));
        let token = "Unique, case-sensitive identifier that you provide to ensure the \
                     idempotency of the request.";
        assert!(is_idempotency_key("ClientToken", Some(token)));
        let request_id = "Specify a unique request ID so that if you must retry your request, \
                          the server will know to ignore the request if it has already been \
                          completed.";
        assert!(is_idempotency_key("requestId", Some(request_id)));
    }
}
