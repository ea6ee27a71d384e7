//! Evidence about what an operation does beyond its HTTP method, read from the whole
//! operation: its name (a leading method word skipped, glued words split), its summary's
//! first verb, its description's phrases, its path's last segment, the scopes it needs,
//! the argument that carries an idempotency key, and its responses. Each piece is a value with its source and
//! place, so review prints exactly what it saw; [`judge`] turns them into suggestions with
//! a confidence, and lint's name rules check the same judgement, so the two never disagree.
//!
//! A suggestion that makes a tool look safer (read-only, not destructive, idempotent)
//! needs two agreeing pieces of evidence or one strong one, and nothing against it; one
//! that makes it more cautious needs one. Evidence that disagrees (a name that says
//! `post`, a summary that says `List`) is reported at low confidence, never suggested.

use std::borrow::Cow;

use serde_json::Value;

use crate::error::push_pointer;
use crate::http::{is_method_override, Method};
use crate::model::{has_type, is_a_request, In, Operation, Parameter};
use crate::tool::{HintKind, In as ToolIn, Tool};

use super::vocabulary::{self, Verb};
use super::Hints;

mod judge;
mod names;
mod read;
mod sentences;
#[cfg(test)]
mod tests;
mod verbs;

pub use judge::judge;
pub use names::name_words;
pub use read::read;

/// What the reader reads of one operation, from a spec or a manifest alike.
#[derive(Debug, Clone, Default)]
pub struct Facts<'a> {
    pub method: Option<&'a Method>,
    /// The operationId in a spec (empty without one: a generated name says only the method
    /// and path, which are read as such); the tool name in a manifest.
    pub name: &'a str,
    /// As [`crate::text::for_reading`] gives it, as the description.
    pub summary: Option<Cow<'a, str>>,
    /// Any HTML in it made Markdown, so that a tag is no word (`<p>This service retrieves`
    /// does not open with "p") and hides none (`<b>deletes</b>` deletes).
    pub description: Option<Cow<'a, str>>,
    pub path: Option<&'a str>,
    /// Scopes of every security requirement.
    pub scopes: Vec<&'a str>,
    /// The argument that carries an idempotency key, and where it goes.
    pub idempotency_key: Option<(ToolIn, &'a str)>,
    /// A parameter that sets the method the server carries out (`X-HTTP-Method-Override`,
    /// `_method`): whatever its own method, the call can act.
    pub method_override: Option<&'a str>,
    /// An OAuth 2.0 `grant_type` (RFC 6749) or a client's secret: the call is a token
    /// endpoint, which issues a new credential.
    pub grant: Option<&'a str>,
    /// A boolean parameter or body field that asks the server to keep what it is sent
    /// (`storePicture`, `save`) or to act besides answering (`delete`, `markAsRead`):
    /// whatever its words say, the call may write.
    pub acting_flag: Option<&'a str>,
    /// Response status codes as written.
    pub statuses: Vec<&'a str>,
    /// A property of a successful JSON answer of a method that writes that names a job the
    /// call started (`job_id`, a pool preview's `preview_id`): its result is kept, to be
    /// fetched later, whatever the call's verb says.
    pub started_job: Option<String>,
    /// The body is a list of changes (a JSON array, or a JSON Patch media type): its `add`
    /// and `move` apply again on every call.
    pub change_list: bool,
    /// The body carries a batch of API requests, each with its own method and path
    /// (Mailchimp's `/batches`): the call does whatever each says, a removal too.
    pub carries_requests: bool,
    /// Every operation of the API is a POST: the method says nothing of this one.
    pub only_posts: bool,
    /// A parameter that says how much of the resource the call takes (`qty`, `percentage`:
    /// Alpaca's "Close a position"): a DELETE with one removes that much again on a repeat.
    pub amount: Option<&'a str>,
    /// The call is given nothing but the path's parameters and headers: no value of its own
    /// to set ("Fast switch the favourite field of a datapoint" flips it).
    pub given_nothing: bool,
    /// For a POST whose path's GET says the same words: those words, and the GET's
    /// pointer ([`Operation::repeats_its_get`]).
    pub repeats_its_get: Option<(&'a str, &'a str)>,
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

/// The scopes of every security requirement of `operation`; none where every operation
/// takes the document's and one of them writes (Meta's `ads_management` on every call): a
/// scope the whole API needs says nothing of one operation. (All reading, they still say
/// that the API only reads.)
fn scopes_of<'a>(operation: &Operation<'a>) -> Vec<&'a str> {
    let scopes: Vec<&str> = (operation.security.iter().flatten())
        .flat_map(|c| c.scopes.iter().copied())
        .collect();
    let writes = scopes.iter().any(|s| read::scope_reads(s) == Some(false));
    match operation.shared_security && writes {
        true => Vec::new(),
        false => scopes,
    }
}

impl<'a> Facts<'a> {
    /// An operation of a spec, placed at its pointers.
    pub fn of_operation(operation: &'a Operation<'a>) -> Facts<'a> {
        let at = &operation.location.pointer;
        Facts {
            method: Some(&operation.method),
            name: operation.operation_id.unwrap_or(""),
            summary: (operation.summary)
                .filter(|summary| !only_the_route(summary))
                .map(crate::text::for_reading),
            description: operation.description.map(crate::text::for_reading),
            path: Some(operation.path),
            scopes: scopes_of(operation),
            idempotency_key: idempotency_key(operation),
            statuses: statuses(&operation.responses),
            started_job: (!operation.method.is_safe())
                .then(|| started_job(&operation.responses))
                .flatten(),
            change_list: (operation.body.as_ref())
                .is_some_and(|body| is_json_patch(body.media_type) || body.array),
            carries_requests: operation.body.as_ref().is_some_and(|body| body.requests),
            given_nothing: operation.body.is_none()
                && (operation.parameters.iter())
                    .all(|p| matches!(p.location, In::Path | In::Header)),
            only_posts: operation.only_posts,
            amount: (operation.parameters.iter())
                .filter(|p| p.location != In::Path)
                .map(|p| p.name)
                .chain(body_fields(operation))
                .find(|name| says_an_amount(name)),
            repeats_its_get: (operation.repeats_its_get.as_ref())
                .map(|(words, get)| (*words, get.pointer.as_str())),
            // A path parameter names a resource (`/responses/{method}`), not a method; a
            // GET's `method=DELETE` filters what it reads (a log's requests).
            method_override: (operation.parameters.iter())
                .filter(|p| p.location != In::Path)
                .find(|p| {
                    let schema = p.schema.as_ref().map(|s| &*s.value);
                    let schema = schema.filter(|_| !operation.method.is_safe());
                    picks_the_method(p.name, schema)
                })
                .map(|p| p.name)
                .or_else(|| body_fields(operation).find(|name| is_method_override(name))),
            grant: grant(
                operation
                    .parameters
                    .iter()
                    .map(|p| p.name)
                    .chain(body_fields(operation)),
                operation.path,
            ),
            acting_flag: acting_flag(operation),
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
            summary: (tool.display_title())
                .filter(|title| !only_the_route(title))
                .map(crate::text::for_reading),
            description: tool.description.as_deref().map(crate::text::for_reading),
            path: binding.map(|b| b.path.as_str()),
            idempotency_key: key.and_then(|p| Some((p.location, p.name.as_deref()?))),
            method_override: binding.and_then(|b| {
                let properties = tool.input_schema.as_ref()?.get("properties");
                (b.params.iter())
                    .filter_map(|(argument, p)| {
                        Some((p.name.as_deref()?, properties?.get(argument.as_str())))
                    })
                    .find(|(name, schema)| picks_the_method(name, *schema))
                    .map(|(name, _)| name)
            }),
            grant: binding.and_then(|b| {
                let names = b.params.values().filter_map(|p| p.name.as_deref());
                grant(names, &b.path)
            }),
            acting_flag: binding.and_then(|b| {
                let properties = tool.input_schema.as_ref()?.get("properties")?;
                let mut flags = (b.params.iter())
                    .filter(|(argument, _)| is_flag(properties.get(argument.as_str())))
                    .filter_map(|(_, p)| Some((p.name.as_deref()?, p.location != ToolIn::Body)));
                let flag = flags
                    .find_map(|(name, parameter)| asks_to_act(name, parameter).then_some(name));
                let required = tool.input_schema.as_ref()?.get("required");
                let required = |argument: &str| {
                    (required.and_then(Value::as_array))
                        .is_some_and(|r| r.iter().any(|a| a.as_str() == Some(argument)))
                };
                let dispatcher = (b.params.iter())
                    .filter(|(_, p)| !matches!(p.location, ToolIn::Body | ToolIn::Path))
                    .filter(|(argument, _)| required(argument))
                    .filter_map(|(argument, p)| Some((p.name.as_deref()?, argument)))
                    .find(|(name, argument)| {
                        let schema = properties.get(argument.as_str());
                        let description = schema.and_then(|s| s.get("description"));
                        dispatches(name, schema, description.and_then(Value::as_str))
                    })
                    .map(|(name, _)| name);
                let given = (b.params.iter())
                    .filter(|(_, p)| !matches!(p.location, ToolIn::Body | ToolIn::Path))
                    .find(|(argument, _)| {
                        let schema = properties.get(argument.as_str());
                        let description = schema.and_then(|s| s.get("description"));
                        description
                            .and_then(Value::as_str)
                            .is_some_and(acts_when_given)
                    })
                    .and_then(|(_, p)| p.name.as_deref());
                let mut schemas = properties.as_object()?.values();
                flag.or(dispatcher)
                    .or(given)
                    .or_else(|| schemas.find_map(overwriting_value))
            }),
            only_posts,
            amount: binding.and_then(|b| {
                let names = b.params.values().filter(|p| p.location != ToolIn::Path);
                names
                    .filter_map(|p| p.name.as_deref())
                    .find(|name| says_an_amount(name))
            }),
            change_list: binding.is_some_and(|b| change_list(tool, b)),
            given_nothing: binding.is_some_and(|b| {
                (b.params.values()).all(|p| matches!(p.location, ToolIn::Path | ToolIn::Header))
            }),
            carries_requests: carries_requests(tool),
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

/// The property of a successful JSON answer that names a job started: an identifier of a
/// job, task, run, preview, scan or export (`job_id`, `previewId`). (A search's or a
/// query's identifier may only page what was read.)
fn started_job(responses: &[crate::model::Response<'_>]) -> Option<String> {
    const JOBS: [&str; 9] = [
        "job",
        "task",
        "run",
        "execution",
        "preview",
        "scan",
        "analysis",
        "export",
        "simulation",
    ];
    (responses.iter())
        .filter(|r| r.status.starts_with('2'))
        .filter_map(|r| r.json_schema.as_ref()?.value.get("properties")?.as_object())
        .flat_map(|properties| properties.keys())
        .filter(|key| key.len() > 2 && key.as_bytes()[key.len() - 2..].eq_ignore_ascii_case(b"id"))
        .find(|key| match &names::name_words(key, None)[..] {
            [job, id] => id == "id" && JOBS.contains(&job.as_str()),
            _ => false,
        })
        .cloned()
}

/// The response status codes that say something: all but a generator's default `201`.
/// Springfox lists `201 Created`, `401 Unauthorized`, `403 Forbidden` and `404 Not Found`,
/// each with nothing but its description, on every POST and PUT whose responses are not
/// described; that `201` says nothing is made (an analysis sent by POST has it too). One
/// with a header (`Location`) or content is a real one.
fn statuses<'a>(responses: &[crate::model::Response<'a>]) -> Vec<&'a str> {
    let says = |status: &str, words: &str| {
        (responses.iter()).any(|r| r.status == status && r.description == Some(words) && r.bare)
    };
    let springfox_default = says("201", "Created")
        && says("401", "Unauthorized")
        && says("403", "Forbidden")
        && says("404", "Not Found");
    (responses.iter())
        .map(|r| r.status)
        .filter(|status| !(springfox_default && *status == "201"))
        .collect()
}

/// Whether a media type is JSON Patch's (`application/json-patch+json`, RFC 6902).
fn is_json_patch(media_type: &str) -> bool {
    media_type.contains("json-patch")
}

/// Whether a tool's body is a list of changes: a JSON Patch media type, or a body sent
/// whole whose argument is an array (perhaps behind a reference to the tool's `$defs`, as
/// a spec's body behind a reference is read).
fn change_list(tool: &Tool, binding: &crate::tool::Binding) -> bool {
    let patch = binding
        .body_media_type
        .as_deref()
        .is_some_and(is_json_patch);
    let whole_body = binding
        .params
        .iter()
        .find(|(_, p)| p.location == ToolIn::Body && p.name.is_none());
    let array = whole_body.is_some_and(|(argument, _)| {
        let schema = tool.input_schema.as_ref();
        let property = schema.and_then(|s| s.get("properties")?.get(argument.as_str()));
        let property = property.and_then(|p| resolve_def(p, schema?.get("$defs")));
        property.is_some_and(|p| has_type(p, "array"))
    });
    patch || array
}

/// `value`, or what its `$ref` into a tool's `$defs` names.
fn resolve_def<'v>(value: &'v Value, defs: Option<&'v Value>) -> Option<&'v Value> {
    let name = (value.get("$ref").and_then(Value::as_str)).and_then(|r| r.strip_prefix("#/$defs/"));
    match name {
        Some(name) => defs?.get(name),
        None => Some(value),
    }
}

/// Whether one of a tool's arguments is an array of API requests ([`is_a_request`]), its
/// items perhaps behind a reference to the tool's own `$defs`.
fn carries_requests(tool: &Tool) -> bool {
    let schema = tool.input_schema.as_ref();
    let defs = schema.and_then(|s| s.get("$defs"));
    let properties = schema.and_then(|s| s.get("properties")?.as_object());
    (properties.into_iter().flat_map(|p| p.values())).any(|argument| {
        let items = resolve_def(argument, defs).and_then(|a| resolve_def(a.get("items")?, defs));
        items.is_some_and(is_a_request)
    })
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
    /// The GET of the same path, whose words the operation repeats.
    ItsGet,
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
            Source::ItsGet => "the path's GET",
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
    /// A 201 Created response, or a create verb whose object is new ("Create a new
    /// product").
    Created,
    /// A 202 Accepted response, or an answer that names a job started (`job_id`): work
    /// started.
    Accepted,
    /// A POST to a collection (`/customers`): by REST convention, it adds a member.
    Collection,
    /// A POST to one resource (`/customers/{id}`): it acts on what exists.
    OneResource,
    /// A path ending in `/actions`: one endpoint for many actions, some destructive.
    Actions,
    /// A path ending in `/proxy` (or `/proxy/{path}`): the request is passed on to another
    /// server, and does whatever that server does with it.
    Proxy,
    /// A parameter that overrides the method (`X-HTTP-Method-Override`, `_method`).
    MethodOverride,
    /// OAuth's `grant_type` or a client's secret: a token endpoint, which issues a new
    /// credential on each call.
    Grant,
    /// A body that is a list of changes (JSON Patch): not values set, operations applied.
    ChangeList,
    /// In an API whose every method is a POST, a method named by a noun
    /// (`/senders/info`, `/urls/time-series`): a getter.
    NounMethod,
    /// A POST that says what its path's GET says: the same query, taken with a body. It
    /// agrees with a reading verb, and never reads alone (the GET itself may act).
    RepeatsItsGet,
    /// A GET of a path that names only resources (`/pets/{petId}`): what REST reads. Neither
    /// reads nor acts in the judgement; it lets `--read-only` keep a GET with no verb.
    ResourcePath,
    /// A flag that asks the server to keep what it is sent (`storePicture`) or to act
    /// besides answering (`delete`, `markAsRead`, `notifyOwner`).
    ActingFlag,
    /// A sentence whose subject is the call says it acts, past the opening ("Looks up the
    /// record and then deletes it", "it now removes the D", "Creates a B if none exists"
    /// after the summary "Get B"). Neither reads nor acts in the judgement (later
    /// sentences also tell what else may happen); it keeps `--read-only` from keeping a GET,
    /// and one whose verb removes says nothing is only added.
    SentenceActs,
    /// A GET's sentence that says what this very call makes or changes: in the passive, on
    /// the first request ("The label is bought from the carrier on the first request"), for
    /// each thing it returns ("An upload is created for each URL returned"), as the agent
    /// ("are checked in by this request"), or a record "set to the IP address the request
    /// comes from"; or with the call named as the subject ("Each request rotates the barcode
    /// secret", "Calling this resets the feed's secret", "The first download marks the
    /// export as transmitted"). Unlike [`Says::SentenceActs`] it is weighed: its subject is
    /// this call's own work, not what else may happen.
    OwnAct,
    /// A phrase that says a repeat changes nothing, of what is already there ("If a pool
    /// already exists with this name, no action will be performed"): idempotent.
    NoOpPhrase,
    /// Under a summary, the description's first sentence opens with a verb that adds an
    /// effect on every call ("Initiates a file upload"): not idempotent. Read for that
    /// alone: it may only say again what the summary names, so it is no second piece of
    /// evidence for the other hints.
    DescribedRepeat,
}

/// One piece of evidence: what it says, what was seen, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evidence {
    pub(crate) source: Source,
    pub(crate) says: Says,
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

    /// Whether the words seen are, as the vocabulary holds the verb ("Refreshes" is
    /// refresh), one of `list`.
    fn verb_in(&self, list: &[&str]) -> bool {
        vocabulary::summary_verb(&self.seen).is_some_and(|(w, _)| list.contains(&w.as_str()))
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
                | Says::DescribedRepeat
                | Says::DestroyPhrase
                | Says::WriteScope
                | Says::Created
                | Says::Accepted
                | Says::IdempotencyKey
                | Says::MethodOverride
                | Says::Grant
                | Says::ActingFlag
                | Says::Proxy
                | Says::OwnAct
        )
    }

    /// A phrase says outright what a verb only implies (a path's last segment that is only
    /// `search` is read as one); so does "Search" in an opening's verb place, on any
    /// method: a search returns what matches (the reader also says a verb that acts after
    /// "and": "Search and replace").
    fn weight(&self) -> usize {
        match self.says {
            Says::ReadPhrase
            | Says::RepeatPhrase
            | Says::DestroyPhrase
            | Says::NoOpPhrase
            | Says::MethodOverride
            | Says::Grant
            | Says::OwnAct => 2,
            Says::Verb(Verb::Read) if self.opens_a_search() => 2,
            _ => 1,
        }
    }

    fn opens_a_search(&self) -> bool {
        let opening = matches!(self.source, Source::Summary | Source::Description);
        opening && vocabulary::summary_verb(&self.seen).is_some_and(|(word, _)| word == "search")
    }
}
/// How sure a suggestion is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Confidence {
    /// The evidence disagrees, or there is too little of it: shown, never suggested.
    Low,
    /// Suggested, on evidence that agrees but is not strong.
    Medium,
    /// Suggested, on strong evidence: more than one piece, a phrase or a parameter that says
    /// it outright, or what HTTP itself defines (a DELETE of one resource).
    High,
}

impl Confidence {
    /// The confidence as review and lint write it: `low`, `medium`, `high`.
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
    /// The hint it is about.
    pub hint: HintKind,
    /// The value the evidence points to.
    pub value: bool,
    /// How sure the judgement is; only above [`Confidence::Low`] is it suggested.
    pub confidence: Confidence,
    /// What the judgement rests on, in words.
    pub reason: String,
    /// The evidence behind it, or (at low confidence) on both sides.
    pub evidence: Vec<Evidence>,
}

impl Suggestion {
    /// Not a note: review offers it, lint's name rules check it, `--write-overrides`
    /// writes it.
    pub fn is_suggested(&self) -> bool {
        self.confidence > Confidence::Low
    }

    /// Sure enough for lint's risky-idempotent to warn on evidence alone: an effect of
    /// every call read from one word (a PUT summed up as "Trigger an automatic check-in") is
    /// review's to show.
    pub fn is_sure(&self) -> bool {
        self.confidence == Confidence::High
    }

    /// The reason and the evidence, for a line of text.
    pub fn because(&self) -> String {
        let seen: Vec<String> = self.evidence.iter().map(Evidence::describe).collect();
        format!("{} ({})", self.reason, seen.join(", "))
    }
}

/// The parameter that makes an operation a token endpoint: OAuth 2.0's `grant_type`, or,
/// at a path that names a token (`/token`, `/oauth/access_token`), the client's own secret
/// (`client_secret`, OAuth 1.0's `consumer_secret`), which other calls take as a login;
/// at a path that names a token or credentials, how long what is issued lasts
/// (`expiry_seconds`, `expires_in`, `ttl`): a credential made for the call; or, at a path
/// that ends in `token`, the `service` and `scope` of the Docker registry token protocol
/// (Docker Hub's `/token`, Harbor's `/service/token`; attack 67).
fn grant<'n>(names: impl Iterator<Item = &'n str>, path: &str) -> Option<&'n str> {
    let names: Vec<&str> = names.collect();
    let is = |name: &str, wanted: &str| name.eq_ignore_ascii_case(wanted);
    let path = path.to_ascii_lowercase();
    let for_a_token = path.contains("token");
    let for_a_credential = for_a_token || path.contains("credential");
    // A password sent to a path that names a session or a login signs in: a new session.
    let signs_in = for_a_token
        || ["session", "login", "signin", "auth"]
            .iter()
            .any(|w| path.contains(w));
    let lifetime = |name: &str| {
        let lower = name.to_ascii_lowercase();
        lower.starts_with("expir") || lower == "expires_in" || lower == "ttl"
    };
    let standard = names.iter().copied().find(|name| {
        is(name, "grant_type")
            || (for_a_token && (is(name, "client_secret") || is(name, "consumer_secret")))
            || (for_a_credential && lifetime(name))
            || (signs_in && is(name, "password"))
    });
    let named = |wanted: &str| names.iter().copied().find(|name| is(name, wanted));
    let at_a_token = path.trim_end_matches('/').ends_with("/token");
    let docker = || named("service").and(named("scope")).filter(|_| at_a_token);
    standard.or_else(docker)
}

/// Whether a parameter's name says how much the call takes: a quantity, a share, a count
/// ("Removes `count` unused guest passes"; attack 82).
fn says_an_amount(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    matches!(
        name.as_str(),
        "qty" | "quantity" | "percentage" | "percent" | "amount" | "units" | "count"
    ) || moves_by(&name)
}

/// Whether a parameter's name (lower case) says by how much the call moves what it changes
/// (`delta`: "`delta` is applied to the current on-hand count"; attacks 72, 73): each call
/// moves it again; so do Hue's `bri_inc` and `ct_inc`, a `quantity_delta` and a
/// `change_amount` (attack 74). (An `increment` may be a step size and an `adjustment` a
/// price list's setting: named so, they set a value; a `price_tax_inc` includes tax.)
pub(super) fn moves_by(name: &str) -> bool {
    let included = ["tax_inc", "vat_inc", "gst_inc"];
    let increments = name.ends_with("_inc") && !included.iter().any(|i| name.ends_with(i));
    matches!(
        name,
        "adjust_by" | "change_by" | "increment_by" | "change_amount" | "changeamount"
    ) || name.ends_with("delta")
        || increments
}

/// Whether a summary says only the method and the path ("GET /shipments/{id}/cancel", as
/// RAML converters and gateways write it when a route has no name): it says nothing the
/// method and the path do not, and the description speaks.
fn only_the_route(summary: &str) -> bool {
    let mut words = summary.split_whitespace();
    // A registered method, in capitals as routes are written ("Get orders" is a verb).
    let method = words.next().is_some_and(|w| {
        let registered = Method::parse(w).is_ok_and(|m| !matches!(m, Method::Extension(_)));
        registered && w == w.to_ascii_uppercase()
    });
    method && words.next().is_some_and(|w| w.starts_with('/')) && words.next().is_none()
}

/// A boolean parameter or body field whose name asks the server to keep what it is sent
/// or to act (`storePicture`, a body's `store`, `delete`; `storeId` names a store), or a
/// parameter one of whose values toggles (Shelly's `turn=on|off|toggle`).
fn acting_flag<'a>(operation: &'a Operation<'a>) -> Option<&'a str> {
    fn schema<'p>(parameter: &'p Parameter<'_>) -> Option<&'p Value> {
        parameter.schema.as_ref().map(|s| &*s.value)
    }
    let parameters = (operation.parameters.iter())
        .filter(|p| is_flag(schema(p)) || described_as_a_flag(p))
        .map(|p| p.name);
    let body = operation.body.iter().flat_map(|b| b.flags.iter().copied());
    let parameter = parameters.into_iter().find(|name| asks_to_act(name, true));
    // A value that chooses to overwrite (`mode: overwrite`), of a parameter or of a field
    // of the body.
    let body_fields = (operation.body.iter())
        .filter_map(|b| b.schema.as_ref()?.value.get("properties")?.as_object())
        .flat_map(|properties| properties.values());
    let parameter_values = (operation.parameters.iter()).filter_map(schema);
    let overwriting = parameter_values
        .chain(body_fields)
        .find_map(overwriting_value);
    let commands = (operation.parameters.iter()).find(|p| {
        let values = schema(p)
            .and_then(|s| s.get("enum"))
            .and_then(Value::as_array);
        // A state a list is filtered by (`status=on|off`) is asked for, not set.
        let lower = p.name.to_ascii_lowercase();
        let filters = ["status", "state", "position", "filter"]
            .iter()
            .any(|w| lower.contains(w));
        values.is_some_and(|values| !filters && commands(values))
    });
    // A path's parameter names a resource (`/audit/{action}`, `/commands/{command}/help`),
    // unless it is a command no word follows (Hubitat's `/devices/{id}/{command}/{value}`).
    let commands_a_target = |name: &str| {
        let after = operation
            .path
            .split_once(&format!("{{{name}}}"))
            .map(|(_, a)| a);
        let last = |after: &str| after.split('/').all(|s| s.is_empty() || s.starts_with('{'));
        matches!(name.to_ascii_lowercase().as_str(), "command" | "cmd") && after.is_some_and(last)
    };
    let dispatcher = (operation.parameters.iter())
        .filter(|p| p.location != In::Path || commands_a_target(p.name))
        .find(|p| p.required && dispatches(p.name, schema(p), p.description))
        .map(|p| p.name);
    let given = (operation.parameters.iter())
        .filter(|p| p.location != In::Path)
        .find(|p| p.description.is_some_and(acts_when_given))
        .map(|p| p.name);
    parameter
        .or_else(|| body.into_iter().find(|name| asks_to_act(name, false)))
        .or_else(|| commands.map(|p| p.name))
        .or(dispatcher)
        .or(given)
        .or(overwriting)
}

/// Whether a parameter's description says the call does more when it is given: "If set,
/// the report is also emailed to this address", "When true, the pick list is also sent to
/// each zone's label printer". (A filter says what is read: "Only messages sent to ...".)
fn acts_when_given(description: &str) -> bool {
    // Every phrase below opens with one of these: told apart before anything is allocated.
    let says = |word: &[u8]| {
        (description.as_bytes().windows(word.len())).any(|w| w.eq_ignore_ascii_case(word))
    };
    if !says(b"if ") && !says(b"when ") {
        return false;
    }
    let lower = description.to_ascii_lowercase().replace(" also ", " ");
    let given = [
        "if set",
        "when set",
        "if true",
        "when true",
        "if provided",
        "when provided",
        "if specified",
        "when specified",
        "if given",
        "when given",
    ];
    given.iter().any(|when| lower.contains(when))
        && (read::passive_write(&lower, false).is_some()
            || vocabulary::phrases_in(&lower)[1].is_some())
}

/// Whether a required parameter named for what the call does (`mode`, `cmd`, `action`,
/// `op`...) has among its values one that writes: the endpoint dispatches to acts
/// (SABnzbd's `mode=shutdown`, Solr's `action=DELETE`, a camera's `action=reboot`), or,
/// without an enum, a command its `description` names (Tautulli's `cmd`). An optional one
/// filters what is read (an audit log's `action=create|delete`); a path's names a resource
/// (`/responses/{method}`).
fn dispatches(name: &str, schema: Option<&Value>, description: Option<&str>) -> bool {
    const SELECTORS: [&str; 10] = [
        "action",
        "command",
        "cmd",
        "mode",
        "op",
        "operation",
        "function",
        "do",
        "task",
        "method",
    ];
    let values = schema.and_then(|s| s.get("enum")).and_then(Value::as_array);
    let values = values.map(|values| values.iter().filter_map(Value::as_str).collect::<Vec<_>>());
    // Without an enum, the commands its description names in snake case (Tautulli's `cmd`:
    // "`delete_all_user_history`, `terminate_session`, ...").
    let described = || {
        (description.unwrap_or_default())
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .filter(|token| token.contains('_'))
            .collect::<Vec<_>>()
    };
    SELECTORS.contains(&name.to_ascii_lowercase().as_str())
        && values
            .unwrap_or_else(described)
            .into_iter()
            .any(value_writes)
}

/// Whether a command's value says an act that writes: its verb, first (`rebootSystem`,
/// `del_config` says none) or after a dotted resource (`Items.Delete`). Verbs that are
/// mostly nouns name what is read (`mode=queue`, `history`).
fn value_writes(value: &str) -> bool {
    let action = value.rsplit('.').next().unwrap_or(value);
    let words = names::name_words(action, None);
    words.first().is_some_and(|word| {
        const NOUNS: [&str; 10] = [
            "queue", "order", "post", "comment", "request", "test", "export", "schedule", "review",
            "stream",
        ];
        !NOUNS.contains(&word.as_str()) && vocabulary::verb(word).is_some_and(|v| v != Verb::Read)
    })
}

/// A value of `schema`'s enum that chooses to overwrite what is there (Dropbox's `mode:
/// overwrite`, Microsoft Graph's `conflictBehavior: replace`).
fn overwriting_value(schema: &Value) -> Option<&str> {
    let values = schema.get("enum")?.as_array()?;
    (values.iter())
        .filter_map(Value::as_str)
        .find(|value| vocabulary::overwriting_flag(value))
}

/// A string parameter its description calls a flag ("When **true**, resends the
/// envelope"), as DocuSign types them.
fn described_as_a_flag(parameter: &Parameter<'_>) -> bool {
    let string = (parameter.schema.as_ref())
        .is_some_and(|s| s.value.get("type") == Some(&Value::from("string")));
    let says_true = parameter.description.is_some_and(|d| {
        d.to_ascii_lowercase()
            .split(|c: char| !c.is_ascii_alphabetic())
            .any(|w| w == "true")
    });
    string && says_true
}

/// Whether a parameter's values are commands: one toggles (Shelly's `turn=on|off|toggle`),
/// or all are a switch's sides, both of them (`power=on|off`, `action=open|close|stop`; a
/// filter says `open|closed`, or `on|partial|off`). (Verbs that write are no command: an
/// audit log's `action=create|delete` filters.)
fn commands(values: &[Value]) -> bool {
    const SIDES: [(&str, &str); 6] = [
        ("on", "off"),
        ("open", "close"),
        ("start", "stop"),
        ("lock", "unlock"),
        ("enable", "disable"),
        ("arm", "disarm"),
    ];
    let has = |wanted: &str| {
        (values.iter()).any(|v| v.as_str().is_some_and(|v| v.eq_ignore_ascii_case(wanted)))
    };
    let a_side = |v: &Value| {
        (SIDES.iter()).any(|(one, other)| {
            v.as_str()
                .is_some_and(|v| v.eq_ignore_ascii_case(one) || v.eq_ignore_ascii_case(other))
        })
    };
    has("toggle")
        || (SIDES.iter().any(|(one, other)| has(one) && has(other)) && values.iter().all(a_side))
}

/// Whether a parameter picks the HTTP method the server carries out: a name servers read
/// so (`X-HTTP-Method-Override`, `_method`), or a name with `method` in it whose values
/// hold one that writes (Salesforce's `_HttpMethod=DELETE`, a plain `method`).
fn picks_the_method(name: &str, schema: Option<&Value>) -> bool {
    let writes = |value: &Value| {
        value.as_str().is_some_and(|v| {
            ["DELETE", "PUT", "PATCH"]
                .iter()
                .any(|m| v.eq_ignore_ascii_case(m))
        })
    };
    let values = schema.and_then(|s| s.get("enum")).and_then(Value::as_array);
    is_method_override(name)
        || (name.to_ascii_lowercase().contains("method")
            && values.is_some_and(|values| values.iter().any(writes)))
}

fn is_flag(schema: Option<&Value>) -> bool {
    schema.is_some_and(crate::model::is_flag)
}

/// Whether a flag's name asks the server to keep what it is sent: a word of it is `store`,
/// `save` or `persist` (`storePicture`, `autoSave`, `X-Save-Result`, `persist`); or to act
/// besides answering: its first word is a verb that removes, marks, renews, notifies or
/// runs work again (`delete`, `mark_as_read`, `regenerate`, `notifyOwner`, a certificate's
/// `retry`, a domain's `recheck`; a cache's `forceRefresh` only reads, `deleted` and
/// `include_removed` only filter, consenting, `acknowledgeAbuse`, is no act, and what is
/// sent may be the answer: `sendInitialEvents`; `auto_commit` commits), said by a parameter
/// or by a body's field that says when (`delete_after_fetch`): a field of one word
/// describes what is sent (an app's `archive`).
fn asks_to_act(name: &str, parameter: bool) -> bool {
    let mut words = names::name_words(name, None);
    let keeps = (words.iter()).any(|w| matches!(w.as_str(), "store" | "save" | "persist"));
    let several = words.len() > 1;
    // What says how the act is done stands before it: `auto_renew`, `factory_reset`,
    // `hard_delete`, `force_delete`.
    let how = ["auto", "factory", "hard", "force", "forced"];
    if words.first().is_some_and(|w| how.contains(&w.as_str())) && several {
        words.remove(0);
    }
    let acts = words.first().is_some_and(|w| {
        matches!(
            w.as_str(),
            "delete"
                | "remove"
                | "purge"
                | "clear"
                | "reset"
                | "revoke"
                | "regenerate"
                | "mark"
                | "notify"
                | "resend"
                | "archive"
                | "consume"
                | "dequeue"
                | "ack"
                | "truncate"
                | "rotate"
                | "renew"
                | "invalidate"
                | "wipe"
                | "destroy"
                | "cancel"
                | "lock"
                | "claim"
                | "trigger"
                | "expunge"
                | "commit"
                | "retry"
                | "rerun"
                | "recheck"
                | "reverify"
                | "rescan"
                | "resync"
                | "reprocess"
                | "retrigger"
        ) || vocabulary::overwriting_flag(name)
    });
    // A flag to overwrite says so in one word (`Overwrite`, `Force`), in a body too.
    keeps || ((parameter || several || vocabulary::overwriting_flag(name)) && acts)
}

/// The names of a body's fields: a form's, or a JSON object's properties.
fn body_fields<'a>(operation: &'a Operation<'a>) -> impl Iterator<Item = &'a str> {
    let body = operation.body.as_ref();
    let form = body
        .into_iter()
        .flat_map(|b| b.form_fields.iter().map(|f| f.name));
    let properties = body
        .and_then(|b| b.schema.as_ref()?.value.get("properties")?.as_object())
        .into_iter()
        .flat_map(|p| p.keys().map(String::as_str));
    form.chain(properties)
}

/// Whether an argument is named as an idempotency key (`Idempotency-Key`,
/// `X-Idempotent-Request-Key`, Twilio's `IdempotencyKey`); [`describes_a_key`] finds the
/// ones only described so (AWS's `ClientToken`, "to ensure the idempotency of the request";
/// Google's `requestId`, "if you must retry your request, the server will know to ignore
/// the request").
fn names_a_key(name: &str) -> bool {
    let squashed: String = name.chars().filter(char::is_ascii_alphanumeric).collect();
    squashed.to_ascii_lowercase().contains("idempoten")
}

/// "Webhooks must be idempotent", "a name intended for creation idempotence" say nothing of
/// this call: only the key's own noun or a retry that is ignored do.
fn describes_a_key(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let retried = ["retry", "retries", "retried"]
        .iter()
        .any(|w| lower.contains(w));
    // ("allows failed requests to be retried without the risk of running the operation
    // twice": AWS Backup's `CreatorRequestId`; "may receive the same event twice" is no
    // key's.)
    let once = ["ignore", "duplicate", "already", "without the risk of"]
        .iter()
        .any(|w| lower.contains(w));
    // "This is not an idempotency key", "requests are not deduplicated": said of no key
    // (where "the request is not processed twice" says what one does).
    let denied = [
        "not an idempotency",
        "no idempotency",
        "not idempotent",
        "not deduplicated",
    ]
    .iter()
    .any(|phrase| lower.contains(phrase));
    (lower.contains("idempotency") || (retried && once)) && !denied
}

/// Whether an argument of this schema can carry a key serve mints (a UUID): a string that
/// is free, not a number, a list or one of an enum.
fn holds_a_key(schema: Option<&Value>) -> bool {
    schema.is_none_or(|schema| {
        let string = schema.get("type").is_none_or(|t| t == "string");
        string && schema.get("enum").is_none() && schema.get("const").is_none()
    })
}

/// The argument of an operation that carries an idempotency key, and where: a header or
/// query parameter or a field of its request body (an inline schema's), one that can hold
/// a minted key; one named so before one only described so.
pub fn idempotency_key<'a>(operation: &'a Operation<'a>) -> Option<(ToolIn, &'a str)> {
    let parameters = operation.parameters.iter().filter_map(|p| {
        let location = match p.location {
            In::Header => ToolIn::Header,
            In::Query => ToolIn::Query,
            _ => return None,
        };
        let schema = p.schema.as_ref().map(|s| s.value.as_ref());
        Some((location, p.name, p.description, schema))
    });
    let properties = operation
        .body
        .as_ref()
        .and_then(|body| body.schema.as_ref()?.value.get("properties")?.as_object());
    let fields = properties.into_iter().flatten().map(|(name, property)| {
        let description = property.get("description").and_then(Value::as_str);
        (ToolIn::Body, name.as_str(), description, Some(property))
    });
    let arguments: Vec<_> = parameters
        .chain(fields)
        .filter(|(.., schema)| holds_a_key(*schema))
        .collect();
    let named = arguments.iter().find(|(_, name, ..)| names_a_key(name));
    let described = || {
        arguments
            .iter()
            .find(|(_, _, description, _)| description.is_some_and(describes_a_key))
    };
    named
        .or_else(described)
        .map(|(location, name, ..)| (*location, *name))
}

/// Reads the evidence of an operation and judges it against its hints: the evidence, and
/// the suggestions.
pub fn suggest(operation: &Operation<'_>, hints: &Hints) -> (Vec<Evidence>, Vec<Suggestion>) {
    let facts = Facts::of_operation(operation);
    let evidence = read(&facts);
    let suggestions = judge(&facts, &evidence, hints);
    (evidence, suggestions)
}

/// Why a sentence says the call acts, if one does: what `--read-only` will not keep a GET
/// past, though [`judge`] does not weigh it.
pub fn a_sentence_acts(evidence: &[Evidence]) -> Option<String> {
    let sentence = evidence.iter().find(|e| e.says == Says::SentenceActs)?;
    Some(format!(
        "a sentence says it acts ({}): review it to keep it",
        sentence.describe()
    ))
}

/// Whether some of the evidence says the operation reads: a word, a phrase or a scope, or
/// a path that names only resources. (What says it acts is weighed by [`judge`].)
pub fn says_it_reads(evidence: &[Evidence]) -> bool {
    evidence
        .iter()
        .any(|e| e.says_reads() || e.says == Says::ResourcePath)
}
