//! Reading the evidence: every piece an operation's words, path, scopes, arguments and
//! responses hold, each with its source and place.

use std::borrow::Cow;
use unicode_segmentation::UnicodeSegmentation;

use crate::hints::vocabulary::{self, Verb};
use crate::http::Method;
use crate::tool::In as ToolIn;

use super::names::{
    a_reads_verb, action_verb, function_name, generated, name_words, names_things,
    resource_and_action, unknown_word, words_of_path,
};
use super::sentences::{
    auxiliary_before, caused_verb, done_by_this_call, handed_out_once, is_plural, is_title,
    lower_words, makes_a_new_one, names_the_call, opening_words, sentence_verb_that_acts, words_of,
};
use super::verbs::{in_use, moves_an_amount, undoes, verb_in_use};
use super::{Evidence, Facts, Says, Source};

/// Whether `phrase` (of changing nothing) is said of what already exists in `text`:
/// "does not change any existing restrictions", "does not modify the existing labels".
fn spares_what_exists(text: &str, phrase: &str) -> bool {
    text.match_indices(phrase).any(|(at, _)| {
        let after = text[at + phrase.len()..].split_whitespace().take(3);
        after
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
            .any(|w| matches!(w, "existing" | "current" | "other"))
    })
}

/// Whether a sentence of `text` (lower case) says writes are rejected: "are rejected" with
/// a word of writing ("Statements that would modify data are rejected").
fn rejects_writes(text: &str) -> bool {
    text.split(['.', ';']).any(|sentence| {
        let writing = sentence.split(|c: char| !c.is_alphanumeric()).any(|w| {
            matches!(
                w,
                "modify"
                    | "modifies"
                    | "write"
                    | "writes"
                    | "mutation"
                    | "mutations"
                    | "insert"
                    | "update"
                    | "delete"
            )
        });
        writing && sentence.contains("are rejected")
    })
}

/// The text with a slash between two words read as "or": "Read/clear alarms" says two
/// verbs, as "Read or clear alarms" does.
fn slash_as_or(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let between_words = |i: usize| {
        i > 0
            && bytes[i - 1].is_ascii_alphabetic()
            && bytes.get(i + 1).is_some_and(u8::is_ascii_alphabetic)
    };
    if !(0..bytes.len()).any(|i| bytes[i] == b'/' && between_words(i)) {
        return Cow::Borrowed(text);
    }
    let mut joined = String::with_capacity(text.len() + 8);
    for (i, c) in text.char_indices() {
        if c == '/' && between_words(i) {
            joined.push_str(" or ");
        } else {
            joined.push(c);
        }
    }
    Cow::Owned(joined)
}

/// The second verb of an opening that acts, and where: after "and" or "or" within the
/// first `near` words, or further on after "and then" or after "and" before a verb in the
/// third person and what it acts on ("Validates with the Apple store a receipt ..., and
/// grants the items to the player").
fn second_verb(words: &[String], near: usize) -> Option<(usize, Verb)> {
    let acted_on = |w: Option<&String>| {
        w.is_some_and(|w| {
            vocabulary::DETERMINERS.contains(&w.as_str()) || matches!(w.as_str(), "it" | "them")
        })
    };
    (0..words.len()).find_map(|i| {
        let then = words.get(i + 1).is_some_and(|w| w == "then");
        let third_person =
            || words.get(i + 1).is_some_and(|w| is_plural(w)) && acted_on(words.get(i + 2));
        let joins = match words[i].as_str() {
            "and" => then || i < near || third_person(),
            "or" | "then" => i < near,
            _ => false,
        };
        if !joins {
            return None;
        }
        let at = i + 1 + usize::from(then);
        // "... and stores it", "and delivers a test message": a word in the third person
        // this reader lacks, before what it acts on, is a verb that acts.
        let object = acted_on(words.get(at + 1));
        let unknown_verb = || {
            let word = words.get(at)?;
            let third_person = is_plural(word) && vocabulary::summary_verb(word).is_none();
            (third_person && object).then_some(Verb::Act)
        };
        let verb = vocabulary::summary_verb(words.get(at)?)
            .map(|(_, verb)| verb)
            .or_else(unknown_verb)?;
        (verb != Verb::Read).then_some((at, verb))
    })
}

/// Whether a verb says nothing of what the call does: what a GET exports is its answer
/// ("Exports the SBOM in SPDX JSON format"), or a job it starts, which other words say
/// ("Start a report export", "Each call starts a new export", 202); one that exports "to"
/// somewhere ("Export contacts to Mailchimp") sends them there.
fn says_nothing(word: &str, rest: &[String], facts: &Facts<'_>) -> bool {
    let to_somewhere = rest.iter().any(|w| w == "to");
    word == "export" && !to_somewhere && facts.method.is_some_and(Method::is_safe)
}

/// Whether a sentence is a Markdown heading ("#### Description" over what the operation
/// does): a section's name, not the first thing the description says.
fn is_heading(sentence: &str) -> bool {
    sentence.trim_start().starts_with('#')
}

/// An opening's first word as written and the next four in lower case: where its verb and
/// what the verb acts on stand.
fn first_and_near(opening: &str) -> Option<(String, Vec<String>)> {
    let words = opening_words(opening);
    let (first, after) = words.split_first()?;
    let near = after.iter().take(4).map(|w| w.to_ascii_lowercase());
    Some((first.to_string(), near.collect()))
}

/// Verbs that, before an article, name an event recorded ("Record a view").
const RECORDS: &[&str] = &["record", "log", "track"];

/// The opening's first word as a verb, with its class. A word "of" follows names a thing
/// ("End of day prices", "Transfer of ownership") unless it destroys ("Purge of the cache"
/// is taken as said): it says nothing of acting (a reading one, "List of pets", still says
/// what is read).
fn opening_verb_class(first: &str, rest: &[String], safe: bool) -> Option<(String, Verb)> {
    // "Log out", "Sign out": a logout, which logging in undoes; "Log in", "Sign in", "Sign
    // up": a new session or account on each call.
    let logs = matches!(
        first.to_ascii_lowercase().as_str(),
        "log" | "logs" | "sign" | "signs"
    );
    match rest.first().map(String::as_str) {
        Some("out") if logs => return Some(("logout".into(), Verb::Switch)),
        Some("in" | "up") if logs => return Some(("login".into(), Verb::Create)),
        _ => {}
    }
    // "Record a view", "Log a read", "Track a download": a noun before an article is an
    // imperative that adds an event on each call.
    let records = RECORDS.contains(&first.to_ascii_lowercase().as_str());
    let article = rest
        .first()
        .is_some_and(|w| matches!(w.as_str(), "a" | "an" | "the"));
    if records && article {
        return Some((first.to_ascii_lowercase(), Verb::Repeat));
    }
    // "Load funds", "Award experience": an amount moved, whatever the verb, by a write (a
    // GET's "Credit balance" names what it reads).
    let lower = first.to_ascii_lowercase();
    if !safe && moves_an_amount(&lower, rest) {
        return Some((lower, Verb::Repeat));
    }
    let of = rest.first().is_some_and(|w| w == "of");
    vocabulary::summary_verb(first).filter(|(_, class)| match class {
        Verb::Read | Verb::Destroy => true,
        _ => !of,
    })
}

/// Whether `word`, acted on by `verb`, is a relation: a member of a set whatever the verb
/// (a label, an assignee), or a person's mark (a reaction, a subscription) set or unset; a
/// member that is deleted (not removed) is gone for everyone.
fn relation(verb: Option<&str>, word: &str) -> bool {
    // A batch of creates, updates and removes (Google Ads' `MutateLabels`) makes and deletes
    // the labels themselves.
    if verb == Some("mutate") {
        return false;
    }
    let class = vocabulary::verb(verb.unwrap_or(""));
    let deletes =
        matches!(class, Some(Verb::Destroy)) && !vocabulary::DETACH.contains(&verb.unwrap_or(""));
    // A subscription created or saved is a thing of its own ("Create a subscription"
    // bills, `saveSubscription` makes one with its own ID; "Create a reaction" makes the
    // mark), one cancelled is ended for good ("Cancel a subscription"); so is a favorite
    // created (Olo's saved basket, `CreateFavorite`: a new ID each call).
    let subscription = word.starts_with("subscription");
    let favorite = word.starts_with("favorite") || word.starts_with("favourite");
    let makes_or_ends = (subscription && matches!(verb, Some("create" | "save" | "cancel")))
        || (favorite && verb == Some("create"));
    // One adds a label to an issue; "Create a mail label" makes a new label. (Who is
    // "created" a collaborator or a member is a person added to a set.)
    let person = [
        "assignee",
        "reviewer",
        "watcher",
        "collaborator",
        "member",
        "participant",
    ]
    .iter()
    .any(|stem| word.starts_with(stem));
    let creates = verb == Some("create") && !person;
    (vocabulary::MARKS.contains(&word) && !makes_or_ends)
        || (vocabulary::RELATIONS.contains(&word) && !deletes && !creates)
}

/// The sentences of `text` that say no condition: neither "if" nor "already" in them.
fn unconditional(text: &str) -> String {
    sentences_where(text, |words| {
        !words.contains(&"if") && !words.contains(&"already")
    })
}

/// The sentences of `text` that neither deny an act ("Nothing is deleted", "No keys are
/// deleted") nor suppose one ("the records that would be deleted").
fn affirmed(text: &str) -> String {
    // ("No longer" says what is lost.)
    sentences_where(text, |words| {
        !words.iter().enumerate().any(|(i, w)| match *w {
            "no" => words.get(i + 1) != Some(&"longer"),
            "nothing" | "never" | "none" | "would" => true,
            _ => false,
        })
    })
}

/// The sentences of `text` (a GET's description, lower case) that may tell of its own act:
/// not one whose condition is another's act or a count of time ([`tells_of_another_act`]).
fn of_this_call(text: &str) -> String {
    (text.split_inclusive(['.', ';']))
        .filter(|sentence| !tells_of_another_act(sentence))
        .collect()
}

/// Whether a sentence tells what happens apart from the call: under a condition on what
/// another does or on a count of time ("When you delete the webhook, its deliveries are
/// deleted too", "If the endpoint fails 19 consecutive times, the webhook is removed"), or
/// as a field of the answer ("Whether the doors are locked, as last reported"). A condition
/// on the reading ("When you retrieve a message, it is removed"), on what the call is given
/// ("If `delete` is true") or on what it reads ("If the link has expired") is the call's.
fn tells_of_another_act(sentence: &str) -> bool {
    const OWN: [&str; 14] = [
        "call", "request", "read", "retriev", "view", "fetch", "download", "open", "access",
        "receiv", "return", "poll", "consum", "get",
    ];
    const GIVEN: [&str; 12] = [
        "true",
        "false",
        "set",
        "given",
        "omitted",
        "provided",
        "specified",
        "enabled",
        "disabled",
        "valid",
        "available",
        "expired",
    ];
    const TIME: [&str; 7] = [
        "times", "seconds", "minutes", "hours", "days", "weeks", "months",
    ];
    let (condition, main) = sentence.split_once(',').unwrap_or((sentence, ""));
    let words = words_of(condition);
    match words.first() {
        Some(&"whether") => {
            let be = |w: &&str| matches!(*w, "is" | "are" | "was" | "were" | "will" | "be");
            !words_of(main).iter().any(be)
        }
        Some(&("if" | "when" | "whenever" | "once" | "after" | "unless")) => {
            let own = (words.iter()).any(|w| OWN.iter().any(|stem| w.starts_with(stem)))
                || words.iter().any(|w| GIVEN.contains(w));
            let counted = (words.windows(2))
                .any(|p| p[0].bytes().all(|b| b.is_ascii_digit()) && TIME.contains(&p[1]));
            let another = counted
                || (words.iter()).any(|w| matches!(*w, "you" | "another" | "consecutive" | "idle"));
            another && !own
        }
        _ => false,
    }
}

/// Whether `lower` says that what is read is hidden from others for a time ("The item is
/// hidden from other moderators for 10 minutes"; attack 75): a lease, as "is leased" is.
/// Hidden for no time is a setting ("Private notes are hidden from other users").
fn hidden_for_a_while(lower: &str) -> bool {
    const UNITS: [&str; 4] = ["second", "minute", "hour", "day"];
    if !lower.contains("hidden from other") && !lower.contains("invisible to other") {
        return false;
    }
    lower.split_inclusive(['.', ';']).any(|sentence| {
        let words = words_of(sentence);
        let hidden = (words.windows(3)).any(|w| {
            matches!(
                w,
                ["hidden", "from", "other" | "others"] | ["invisible", "to", "other" | "others"]
            )
        });
        let timed = (words.windows(3)).any(|w| {
            w[0] == "for"
                && w[1].chars().all(|c| c.is_ascii_digit())
                && UNITS.iter().any(|unit| w[2].starts_with(unit))
        });
        hidden && timed
    })
}

/// The sentences of `text` that tell of a repeat: "already" in them.
fn said_of_a_repeat(text: &str) -> String {
    sentences_where(text, |words| words.contains(&"already"))
}

/// The first of [`vocabulary::WRITE_PHRASES`] that `lower` (a description in lower case)
/// says, in a sentence that neither denies it ("No invoice is created") nor tells of the
/// answer or the request ("discarded when the response is sent", "The filter is sent as a
/// JSON body"). `conditional`: only in a sentence that says when, read after its condition
/// ("If the project has no key yet, a new key is generated", "... is bought on the first
/// request"): a GET's description tells of what other calls do ("the recommendations are
/// generated by invoking ...").
pub(super) fn passive_write(lower: &str, conditional: bool) -> Option<&'static str> {
    let said = lower.split_inclusive(['.', ';']).filter_map(|sentence| {
        // (Read on every GET: a sentence with no condition is not split when only a
        // condition's main clause is asked for.)
        let conditions = ["if", "unless", "first"];
        if conditional && !conditions.iter().any(|w| sentence.contains(w)) {
            return None;
        }
        let words: Vec<&str> = sentence.split(|c: char| !c.is_alphanumeric()).collect();
        // "The label is bought from the carrier on the first request": the first call
        // makes what later ones return.
        let first_call = words
            .windows(2)
            .any(|pair| pair[0] == "first" && matches!(pair[1], "request" | "call"));
        let when = words.contains(&"if") || words.contains(&"unless") || first_call;
        let main = match (conditional, when) {
            (false, _) => sentence,
            (true, true) => sentence.split_once(',').map_or(sentence, |(_, main)| main),
            (true, false) => return None,
        };
        let denied = ["no", "nothing", "never", "response", "request", "body"];
        let words: Vec<&str> = main.split(|c: char| !c.is_alphanumeric()).collect();
        // "a receipt is generated by the finalize call": another call makes it.
        let by_another = words.contains(&"by")
            && (vocabulary::SUBJECTS.iter()).any(|subject| words.contains(subject));
        // (The first request named as the condition tells of no request.)
        let denies = denied
            .iter()
            .any(|w| words.contains(w) && !(first_call && *w == "request"));
        let another = conditional && by_another;
        (!(denies || another)).then_some(main)
    });
    said.flat_map(|main| {
        (vocabulary::WRITE_PHRASES.iter()).filter(move |p| vocabulary::has_phrase(main, p))
    })
    .next()
    .copied()
}

/// A sentence that sets a DNS record to the address the request comes from, in `lower`:
/// the call of a dynamic-DNS URL ("The record identified by `q` is set to the IP address
/// the request comes from"; DuckDNS, FreeDNS and ClouDNS update a record by a GET), the
/// words that say so; also in the main clause after a condition ("If no `ip` is given, the
/// record is set to ..."). A condition on it ("If `myip` is set to ...") or an answer's
/// field ("`origin` is set to the caller's IP") says nothing.
fn points_at_the_caller(lower: &str) -> Option<&'static str> {
    const SET: [&str; 6] = ["set", "updated", "changed", "pointed", "repointed", "moved"];
    const CALLER: [&[&str]; 8] = [
        &["request", "comes", "from"],
        &["request", "came", "from"],
        &["request", "originates", "from"],
        &["caller", "s"],
        &["of", "the", "caller"],
        &["requester", "s"],
        &["requesting", "host"],
        &["source", "ip"],
    ];
    const DNS: [&str; 6] = ["record", "host", "hostname", "domain", "dns", "subdomain"];
    // (Read on every GET: most say no address, and need no split.)
    if !lower.contains("address") && !lower.contains(" ip") {
        return None;
    }
    lower.split_inclusive(['.', ';']).find_map(|sentence| {
        let opens_with_a_condition = (words_of(sentence).first())
            .is_some_and(|w| matches!(*w, "if" | "when" | "unless" | "whether"));
        let main = match opens_with_a_condition {
            true => sentence.split_once(',')?.1,
            false => sentence,
        };
        let words = words_of(main);
        let set = words.windows(3).any(|w| {
            matches!(w[0], "is" | "are" | "be" | "been" | "gets" | "get")
                && SET.contains(&w[1])
                && matches!(w[2], "to" | "at")
        });
        let address = words
            .iter()
            .any(|w| matches!(*w, "ip" | "address" | "addresses"));
        let caller = CALLER
            .iter()
            .any(|phrase| words.windows(phrase.len()).any(|w| w == *phrase));
        let dns = words.iter().any(|w| DNS.contains(w));
        (set && address && caller && dns).then_some("set to the caller's address")
    })
}

/// A clause after a comma, "as well as" or "while" whose verb, a participle, acts: what
/// the call does as it answers ("Returns the unread notifications, marking them as read",
/// ", creating one if needed", "while clearing the copy"). What it takes out of the answer
/// is no act (", removing duplicates").
fn acting_participle(lower: &str) -> Option<&str> {
    let clauses = [", ", " as well as ", " while "]
        .iter()
        .flat_map(|joint| lower.split(joint).skip(1));
    clauses.into_iter().find_map(|clause| {
        let mut words = clause.split(|c: char| !c.is_alphabetic());
        let word = words.next()?;
        // "..., starting from the oldest", "starting after the given time": where the
        // answer starts, not an act.
        let preposition = matches!(
            words.next(),
            Some("from" | "with" | "at" | "after" | "before")
        );
        let acts = !preposition
            && word.ends_with("ing")
            && vocabulary::summary_verb(word)
                .is_some_and(|(_, verb)| !matches!(verb, Verb::Read | Verb::Destroy));
        acts.then_some(word)
    })
}

/// Whether `lower` says that a version is incremented and, in a clause of that sentence or
/// the next that names the version, that a request with an older one is refused ("The
/// `version` is incremented on every successful update; a request with an older version
/// fails with 409"): a repeat is refused, so the version counts no call. ("Older versions
/// remain available", a 409 said of something else, or an If-Match one may send is no
/// such refusal.)
fn a_checked_version(lower: &str) -> bool {
    let words = lower_words;
    let refuses = |clause: &str| {
        let words = words(clause);
        let has = |list: &[&str]| words.iter().any(|w| list.contains(&w.as_str()));
        let refused = has(&["409", "412", "conflict"])
            || (has(&["fails", "fail", "rejected", "refused"])
                && has(&["older", "stale", "outdated"]));
        // The resource's version, not the API's (`api_version`, "SDK version").
        let versioned = (0..words.len()).any(|i| {
            words[i] == "version"
                && (i == 0
                    || !matches!(
                        words[i - 1].as_str(),
                        "api" | "sdk" | "client" | "schema" | "app" | "protocol"
                    ))
        });
        refused && versioned && !has(&["may", "can", "optional", "optionally"])
    };
    // A clause is what ";", "," or "and" set apart.
    let refused_in = |sentence: &str| {
        (sentence.split([';', ',']))
            .flat_map(|clause| clause.split(" and "))
            .any(refuses)
    };
    let sentences: Vec<&str> = lower.split_inclusive('.').collect();
    (0..sentences.len()).any(|i| {
        let said = words(sentences[i]);
        let counter =
            said.iter().any(|w| w == "incremented") && said.iter().any(|w| w == "version");
        counter && (refused_in(sentences[i]) || sentences.get(i + 1).is_some_and(|s| refused_in(s)))
    })
}

/// Whether a sentence's words may tell what this call ends besides: not a lifecycle under a
/// time or a condition ("Orders that are not paid within 30 minutes are automatically
/// cancelled", "Users are logged out of idle sessions after 30 minutes"), a filter ("Orders
/// that are cancelled are included only when ..."), or a payment declined ("Charges whose
/// cards are declined return a 402"): "declined" only of invitations, meetings or requests.
fn ends_others_now(words: &[&str]) -> bool {
    let lifecycle = (words.iter()).any(|w| {
        matches!(
            *w,
            "within"
                | "after"
                | "idle"
                | "if"
                | "unless"
                | "whose"
                | "when"
                | "unpaid"
                | "unconfirmed"
        )
    });
    // ("An amendment whose figures supersede those of the original" tells of this call's.)
    let supersedes =
        (words.windows(2)).any(|p| matches!(p[0], "supersede" | "supersedes") && p[1] == "those");
    let lifecycle = lifecycle && !supersedes;
    let filter = (words.windows(2)).any(|p| matches!(p[0], "that" | "which") && p[1] == "are");
    let declined = words.contains(&"declined");
    let invitations = (words.iter()).any(|w| {
        w.starts_with("invitation") || w.starts_with("meeting") || w.starts_with("request")
    });
    !lifecycle && !filter && (!declined || invitations)
}

/// A move by a count from where a thing stands ("Moves the hold up the queue by `places`
/// positions", "Moves the expiration date later by `extensionDays`", "extends the current
/// freeze by `days`"): each call moves it again. (Not "Moves the card to position 3", nor
/// "Sorted by position", "broken down by days", "rounded up by 15 minutes".)
fn moved_by_a_count(lower: &str) -> Option<&'static str> {
    const MOVES: [&str; 12] = [
        "moves", "move", "shifts", "shift", "raises", "lowers", "bumps", "promotes", "demotes",
        "later", "earlier", "extends",
    ];
    const UNITS: [&str; 14] = [
        "position",
        "positions",
        "places",
        "steps",
        "ranks",
        "slots",
        "levels",
        "spots",
        "minutes",
        "hours",
        "days",
        "weeks",
        "months",
        "years",
    ];
    if !lower.contains("by ") || !UNITS.iter().any(|unit| lower.contains(unit)) {
        return None;
    }
    // (A unit, or a field named for one: `extensionDays`; a count or a field after "by",
    // not "broken down by days".)
    let a_unit = |w: &&str| UNITS.iter().any(|unit| w.ends_with(unit));
    let counted = |sentence: &str| {
        (sentence.match_indices("by ")).any(|(at, _)| {
            let next = sentence[at + 3..].chars().next();
            next.is_some_and(|c| c == '`' || c.is_ascii_digit())
        })
    };
    let moved_in = |sentence: &str| {
        if !counted(sentence) {
            return false;
        }
        let words = words_of(sentence);
        (words.iter().enumerate()).any(|(i, w)| {
            let after = words
                .get(i + 1..(i + 3).min(words.len()))
                .unwrap_or_default();
            let mover = words[i.saturating_sub(6)..i]
                .iter()
                .any(|w| MOVES.contains(w));
            *w == "by" && after.iter().any(a_unit) && mover
        })
    };
    (lower.split_inclusive(['.', ';']))
        .any(moved_in)
        .then_some("moved by a count of positions")
}

/// Whether a sentence's words tell a limit or metering and nothing made or used up ("is
/// limited to 50", "returns up to 100", "counts against your rate limit", "is billed"; not
/// "a fresh token", "one of the remaining downloads", "the next batch").
fn limits_or_meters(words: &[&str]) -> bool {
    let limit = (words.windows(2)).any(|p| {
        matches!(
            p,
            ["limited", "to"] | ["up", "to"] | ["at", "most"] | ["no", "more"] | ["rate", "limit"]
        ) || (matches!(p[0], "counts" | "count")
            && matches!(p[1], "against" | "toward" | "towards"))
    });
    let metered = (words.iter()).any(|w| matches!(*w, "quota" | "billed" | "costs"));
    let made_or_used = (words.iter()).any(|w| {
        matches!(
            *w,
            "new" | "fresh" | "different" | "another" | "next" | "remaining" | "allowed"
        )
    });
    (limit || metered) && !made_or_used
}

/// A receipt this call leaves of what it returns: "Proposals returned to the job's owner
/// are marked as viewed" (attack 82). (Not a filter or a field: "only proposals that have
/// been marked as viewed", "whether it has been marked as viewed", nor another's act:
/// "marked as viewed when the user opens the app".)
fn viewed_when_returned(lower: &str) -> Option<&'static str> {
    if !lower.contains("marked as viewed") && !lower.contains("marked as opened") {
        return None;
    }
    let receipt_in = |sentence: &str| {
        let words = words_of(sentence);
        let returned = words.contains(&"returned");
        let marked = (words.windows(3))
            .any(|w| w[0] == "marked" && w[1] == "as" && matches!(w[2], "viewed" | "opened"));
        let told = words
            .iter()
            .any(|w| matches!(*w, "that" | "which" | "whether" | "only" | "when" | "if"));
        returned && marked && !told
    };
    (lower.split_inclusive(['.', ';']))
        .any(receipt_in)
        .then_some("returned ones are marked as viewed")
}

/// `lower` without an "also" between an auxiliary and its participle: "a copy is also
/// emailed to the payer" says "is emailed to" (attack 82).
fn without_also(lower: String) -> String {
    if !lower.contains(" also ") {
        return lower;
    }
    ["is", "are", "be", "will"].iter().fold(lower, |text, aux| {
        text.replace(&format!(" {aux} also "), &format!(" {aux} "))
    })
}

/// What the first reading changes, said in a sentence whose condition is the reading itself:
/// "After the ZIP has been fetched, the request is marked fulfilled and closed", "The first
/// time the applicant retrieves the letter ..., the letter is deemed served" (attack 82).
/// (Not another's act: "When the order ships, it is marked shipped".)
fn changed_once_read(lower: &str) -> Option<&'static str> {
    const READ: [&str; 14] = [
        "fetched",
        "downloaded",
        "retrieved",
        "opened",
        "accessed",
        "viewed",
        "read",
        "retrieves",
        "downloads",
        "opens",
        "accesses",
        "views",
        "fetches",
        "reads",
    ];
    const CHANGED: [&str; 11] = [
        "marked",
        "closed",
        "deemed",
        "locked",
        "archived",
        "fulfilled",
        "served",
        "expired",
        "consumed",
        "invalidated",
        "finalized",
    ];
    let opens = ["after", "once", "when", "upon"];
    if !opens.iter().any(|w| lower.contains(w)) && !lower.contains("the first time") {
        return None;
    }
    let changed_in = |sentence: &str| {
        let (condition, main) = sentence.split_once(',')?;
        let words = words_of(condition);
        let first_time = words.starts_with(&["the", "first", "time"]);
        let opened = words.first().is_some_and(|w| opens.contains(w)) || first_time;
        // (Read by another, "fetched by the courier", "viewed by all signers", it is theirs.)
        let theirs = words.iter().any(|w| matches!(*w, "by" | "all"));
        let read = words.iter().any(|w| READ.contains(w)) && !theirs;
        let main = words_of(main);
        let passive = (main.windows(2))
            .any(|p| matches!(p[0], "is" | "are" | "been") && CHANGED.contains(&p[1]));
        // (What happens later is a lifecycle: "the export job is archived after 7 days".)
        let later = (main.iter()).any(|w| matches!(*w, "after" | "within" | "days" | "hours"));
        (opened && read && passive && !later).then_some("changed once it is read")
    };
    lower.split_inclusive('.').find_map(changed_in)
}

/// Verbs that meter or limit what a call does rather than act ("Each call counts against
/// your quota", "Each call is limited to 50 results").
const METERING: [&str; 9] = [
    "count", "charge", "bill", "cost", "consume", "log", "record", "use", "limit",
];

/// Whether `word` is a verb in the third person that acts ("starts", "resets", "rotates"),
/// not one that reads or meters ("returns", "counts", "charges", "logs").
fn acting_third_person(word: &str) -> bool {
    // (A third person has a plural's shape.)
    is_plural(word)
        && vocabulary::summary_verb(word)
            .is_some_and(|(stem, verb)| verb != Verb::Read && !METERING.contains(&stem.as_str()))
}

/// Whether `word` is the participle of a verb that acts ("generated", "reset"), not of one
/// that reads, meters or limits ("returned", "counted", "limited").
fn acting_participle_of(word: &str) -> bool {
    let forms = [Some(word), word.strip_suffix('d'), word.strip_suffix("ed")];
    (forms.into_iter().flatten()).any(|form| {
        vocabulary::verb(form).is_some_and(|verb| verb != Verb::Read) && !METERING.contains(&form)
    })
}

/// The sentences of a GET's description (lower case) whose voiding or stopping is the
/// call's own act ("their mobile barcodes are voided", "Links issued before stop working"),
/// not a state it tells: of what a relative clause picks out ("Invoices that are voided",
/// "Links that stop working"), by another's act ("are voided by calling POST .../void"),
/// under a condition or in a lifecycle, or what stops working at a time or where nothing new
/// is made ("API keys created before 2020 stop working on March 1"). "Cannot be reverted" is
/// a state.
fn voided_by_this_call(lower: &str) -> String {
    let made_anew = lower.contains("new ");
    sentences_where(lower, |words| {
        let words: Vec<&str> = words.iter().copied().filter(|w| !w.is_empty()).collect();
        let has = |list: &[&str]| words.iter().any(|w| list.contains(w));
        if has(&["if", "when", "reverted"]) {
            return false;
        }
        // (A lifecycle: "Drafts are voided automatically after 30 days", "A payment not
        // captured within 7 days is voided", "Keys stop working on March 1".)
        let lifecycle = has(&["after", "within", "until", "automatically", "not", "end"]);
        let timed = lifecycle || has(&["once", "on", "in", "from"]);
        (1..words.len()).any(|i| {
            let stops = words[i] == "working" && matches!(words[i - 1], "stop" | "stops");
            let voided = words[i] == "voided" && matches!(words[i - 1], "is" | "are" | "be");
            let start = i - 1 - usize::from(words[i - 1] == "be" && i > 1);
            let before = start.checked_sub(1).map(|j| words[j]);
            let picked_out = matches!(before, Some("that" | "which"));
            let by_another = words.get(i + 1) == Some(&"by");
            let voided = voided && !lifecycle;
            (voided || (stops && made_anew && !timed)) && !picked_out && !by_another
        })
    })
}

/// A link, token or code said spent once used, not under a condition the call reports
/// ("After the first complete download the link is spent"; attack 77). Not "Returns 410 if
/// the code is spent", "whether the link is spent".
/// So is one it marks used: "Links the card ... and marks the activation `code` as used"
/// (attack 79).
fn spent_once_used(lower: &str) -> Option<&'static str> {
    const SPENT: [&str; 3] = ["link is spent", "token is spent", "code is spent"];
    let marks = lower.contains("marks ");
    if !lower.contains(" is spent") && !marks {
        return None;
    }
    let told = sentences_where(lower, |words| {
        !(words.iter()).any(|w| matches!(*w, "whether" | "if" | "unless" | "when" | "once"))
    });
    let spendable = |w: &&str| matches!(*w, "code" | "link" | "token" | "voucher");
    let used = |p: &[&str]| p[0] == "as" && matches!(p[1], "used" | "spent" | "redeemed");
    let marked_in = |sentence: &str| {
        let words = words_of(sentence);
        (words.iter().enumerate()).any(|(i, w)| {
            let marked = &words[i + 1..(i + 6).min(words.len())];
            // (The call's act: first, or after "and", "it", "then", "also"; not "Calling
            // POST /redeem marks the voucher code as used".)
            let own = i == 0 || matches!(words[i - 1], "and" | "it" | "then" | "also");
            *w == "marks" && own && marked.iter().any(spendable) && marked.windows(2).any(used)
        })
    };
    let marked_used = || told.split_inclusive(['.', ';']).any(marked_in);
    let spent = SPENT.into_iter().find(|p| vocabulary::has_phrase(&told, p));
    spent.or_else(|| (marks && marked_used()).then_some("marks the code as used"))
}

/// An offer this call issues that ends the one before: "Returns a cash-out offer ..., valid
/// for 5 seconds. Only the most recently issued offer can be accepted" (attack 78). (Not a
/// filter: "Returns only the most recently issued API key".)
fn supersedes_the_last(lower: &str) -> Option<&'static str> {
    if !lower.contains("most recently issued") && !lower.contains("latest issued") {
        return None;
    }
    let told = sentences_where(lower, |words| {
        let used = (words.windows(3))
            .any(|w| w[0] == "can" && w[1] == "be" && matches!(w[2], "accepted" | "used"));
        used || words.windows(2).any(|w| w == ["is", "valid"])
    });
    let said = ["most recently issued", "latest issued"];
    said.iter()
        .any(|p| told.contains(p))
        .then_some("only the most recently issued can be used")
}

/// A read receipt this call makes, told from the sender's side: "When the patient is the
/// caller, the sender sees a read receipt from then on" (attack 77). (A receipts list, "The
/// sender sees a read receipt for each recipient who opened it", tells of others' reads.)
fn read_from_then_on(lower: &str) -> Option<&'static str> {
    if !lower.contains("read receipt") {
        return None;
    }
    let of_this_call = |words: &[&str]| {
        words.contains(&"caller") || words.windows(3).any(|w| w == ["from", "then", "on"])
    };
    let told = sentences_where(lower, of_this_call);
    vocabulary::has_phrase(&told, "read receipt").then_some("sees a read receipt")
}

/// Whether a sentence's words tell of no other agent or time ("Each score is recorded in
/// the applicant's file by the nightly bureau import", "The decision is recorded when the
/// reviewer clicks Approve"): what is kept in it, this call keeps.
fn kept_by_this_call(words: &[&str]) -> bool {
    !(words.iter()).any(|w| matches!(*w, "by" | "when" | "once" | "if" | "after" | "unless"))
}

/// A sentence of `lower` whose subject is what the call finds, kept on a record ("The
/// benefit response is attached to the prescription", "The result is saved to the order";
/// attack 72): a check that keeps its answer writes. (A relation that exists, "the policy
/// attached to the role", is no result; nor one kept in the answer: "written to the
/// response".) Only sentences whose words `told` accepts are read.
pub(super) fn result_kept(lower: &str, told: impl Fn(&[&str]) -> bool) -> Option<&'static str> {
    const KEPT: [&str; 5] = ["attached", "saved", "stored", "recorded", "written"];
    const RESULTS: [&str; 7] = [
        "response", "result", "results", "outcome", "decision", "score", "answer",
    ];
    // Where the answer itself goes, or a scale: no record.
    const NO_RECORD: [&str; 12] = [
        "response", "request", "body", "stream", "output", "returned", "each", "input", "scale",
        "cache", "memory", "format",
    ];
    // (Most descriptions keep nothing: no split.)
    if !KEPT.iter().any(|k| lower.contains(k)) {
        return None;
    }
    lower.split_inclusive(['.', ';']).find_map(|sentence| {
        let mut words = words_of(sentence);
        if !told(&words) {
            return None;
        }
        words.retain(|w| *w != "the");
        (1..words.len().saturating_sub(2)).find_map(|j| {
            let kept = KEPT.iter().find(|k| **k == words[j])?;
            let aux = auxiliary_before(&words, j)?;
            let of_a_result = words[aux.saturating_sub(4)..aux]
                .iter()
                .any(|w| RESULTS.contains(w));
            let to = matches!(
                words[j + 1],
                "to" | "with" | "on" | "in" | "into" | "against" | "under"
            );
            let place = words[j + 2];
            // ("on a scale", "in a cache" is no record either.)
            let on_a = matches!(words[j + 1], "on" | "in") && matches!(place, "a" | "an");
            let a_record = !(NO_RECORD.contains(&place) || on_a);
            let denied = words[..aux]
                .iter()
                .any(|w| matches!(*w, "no" | "nothing" | "never"));
            (of_a_result && to && a_record && !denied).then_some(*kept)
        })
    })
}

/// What says a token the path names (`/credentials/{id}/token`, `/jwt`) lasts a while from
/// the call ("Returns a JWT ... The token is valid for 24 hours"; attack 72): one issued for
/// it, which keeps a GET out of `--read-only` (a lifetime said in words is no proof, so
/// review does not weigh it). Not where that sentence counts it from elsewhere ("valid for
/// 90 days from creation") or tells of a kept kind ("API tokens are valid for 90 days").
fn issued_for_a_while(facts: &Facts<'_>) -> Option<&'static str> {
    let last = facts.path?.trim_end_matches('/').rsplit('/').next()?;
    let token = [
        "token",
        "tokens",
        "jwt",
        "access_token",
        "access-token",
        "session_token",
    ];
    if !token.iter().any(|t| last.eq_ignore_ascii_case(t)) {
        return None;
    }
    let lower = facts.description.as_deref()?.to_ascii_lowercase();
    let elsewhere = [
        "creation",
        "created",
        "current token",
        "existing token",
        "stored token",
        "api token",
        "api tokens",
        "personal access token",
        "token sent",
    ];
    let lasts = ["valid for", "expires in", "expires after", "lasts for"];
    lower.split_inclusive(['.', ';']).find_map(|sentence| {
        if elsewhere
            .iter()
            .any(|w| vocabulary::has_phrase(sentence, w))
        {
            return None;
        }
        lasts.into_iter().find(|lasts| {
            sentence.match_indices(lasts).any(|(at, _)| {
                let after = sentence[at + lasts.len()..].trim_start();
                let after = after.strip_prefix("up to ").unwrap_or(after);
                let units = ["second", "minute", "hour", "day", "week", "month", "year"];
                let timed = (after.split_whitespace().take(3))
                    .any(|w| units.iter().any(|unit| w.starts_with(unit)));
                let counted = after.starts_with(|c: char| c.is_ascii_digit())
                    || ["one ", "an ", "a "].iter().any(|w| after.starts_with(w));
                counted && timed
            })
        })
    })
}

/// The sentences of `text` whose words pass `keep`.
pub(super) fn sentences_where(text: &str, keep: impl Fn(&[&str]) -> bool) -> String {
    let kept: Vec<&str> = text
        .split_inclusive(['.', ';'])
        .filter(|sentence| {
            let words: Vec<&str> = sentence.split(|c: char| !c.is_alphanumeric()).collect();
            keep(&words)
        })
        .collect();
    kept.concat()
}

/// Where among `words` (lower case) the first relation acted on by `verb` is. One a
/// machine's word names is that machine's resource: a webhook subscription, an event
/// subscription, is a configuration deleted with what it holds; so is a subscription
/// deleted from a collection of them (`/topics/{topic}/subscriptions/{name}`), where the
/// caller's own (`/repos/{repo}/subscription`) is a mark.
fn related(verb: Option<&str>, words: &[String], path: Option<&str>) -> Option<usize> {
    let collection = path.is_some_and(|p| {
        let mut segments = p.trim_end_matches('/').rsplit('/');
        let last = segments.next().unwrap_or("");
        last.starts_with('{') && segments.next() == Some("subscriptions")
    });
    (0..words.len()).find(|&i| {
        let of_a_machine = i > 0 && matches!(words[i - 1].as_str(), "webhook" | "hook" | "event");
        let a_thing = collection && verb == Some("delete") && words[i].starts_with("subscription");
        // A label bought or printed is a document ("Buy a shipping label"), not a mark.
        let a_document = words[i].starts_with("label")
            && (matches!(verb, Some("purchase" | "buy" | "print" | "generate"))
                || (i > 0 && matches!(words[i - 1].as_str(), "shipping" | "return" | "postage")));
        // Before a noun of its own, it says whose that is ("Add member note",
        // `postListMemberEvents`): a note made, not a member added. (Its names and IDs are
        // it: "a list of tag names".)
        let adjunct = words.get(i + 1).is_some_and(|next| {
            let itself = matches!(next.as_str(), "name" | "names" | "id" | "ids");
            let noun = (is_plural(next) || vocabulary::is_known_noun(next))
                && !vocabulary::NO_OBJECT.contains(&next.as_str());
            noun && !itself && !relation(verb, next)
        });
        relation(verb, &words[i]) && !of_a_machine && !a_thing && !a_document && !adjunct
    })
}

/// What a scope allows: `Some(true)` only reading, `Some(false)` writing, `None` neither
/// said. Its action part decides (`admin.teams:read` and `admin.directory.user.readonly`
/// read, `repo:write` writes); without one, any word of it (`admin:org` writes).
pub(super) fn scope_reads(scope: &str) -> Option<bool> {
    // Whole words: `spreadsheets` and `thread` hold no "read".
    let says = |part: &str| {
        let words: Vec<&str> = part
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| !w.is_empty())
            .collect();
        let writes = words.iter().any(|w| {
            ["write", "admin", "delete", "create", "update", "manage"]
                .iter()
                .any(|verb| w.contains(verb))
        });
        let reads = words
            .iter()
            .any(|w| w.starts_with("read") || w.ends_with("readonly") || *w == "list");
        (writes || reads).then_some(!writes)
    };
    let lower = scope.to_ascii_lowercase();
    let action = lower.rsplit([':', '.', '/']).next().unwrap_or_default();
    says(action).or_else(|| says(&lower))
}

/// Whether a call's later sentences are read as telling what it does besides, not weighed
/// as acting: a safe method's, or a POST's that repeats its GET's words.
fn read_as_sentences(facts: &Facts<'_>) -> bool {
    facts.method.is_none_or(Method::is_safe) || facts.repeats_its_get.is_some()
}

/// Reads every piece of evidence in the facts.
pub fn read(facts: &Facts<'_>) -> Vec<Evidence> {
    let mut reader = Reader::new(facts);
    reader.name();
    reader.opening();
    reader.unknown_name_verb();
    reader.phrases();
    // What they find keeps only a GET (or another safe method) from the read-only subset:
    // a claim of read-only on any other method is refused unless a person reviewed it. A
    // POST that repeats its GET's words is read as that GET would be. What else a call
    // removes as it acts is read of every method.
    let read_as_sentences = read_as_sentences(facts);
    if read_as_sentences {
        reader.sentences();
    }
    // (Of a call read so, only one that acts is judged further.)
    let acts = || (reader.out.iter()).any(|e| e.says_acts() || e.says == Says::SentenceActs);
    if !read_as_sentences || acts() {
        reader.cascade();
    }
    if let Some(path) = facts.path {
        reader.path(path);
    }
    reader.scopes();
    reader.arguments();
    reader.its_get();
    reader.out
}

/// One operation being read, and what is found so far.
struct Reader<'r, 'f> {
    facts: &'r Facts<'f>,
    /// The operation's words, lower case, once: what the phrases and the trash are read in.
    text: String,
    /// The description's sentences by Unicode's rules, split once: several readers walk
    /// them, and splitting is the dearest step of reading a long description.
    sentences: Vec<&'r str>,
    /// The name's first verb.
    name_verb: Option<String>,
    /// The summary's first word (the description's, without one), when it is a verb.
    opening_verb: Option<String>,
    out: Vec<Evidence>,
}

impl<'r, 'f> Reader<'r, 'f> {
    fn new(facts: &'r Facts<'f>) -> Self {
        let text = [
            facts.name,
            facts.summary.as_deref().unwrap_or(""),
            facts.description.as_deref().unwrap_or(""),
        ]
        .join(" ")
        .to_ascii_lowercase();
        let description = facts.description.as_deref().unwrap_or_default();
        Reader {
            facts,
            text,
            sentences: description.unicode_sentences().collect(),
            name_verb: None,
            opening_verb: None,
            out: Vec::new(),
        }
    }

    fn push(&mut self, source: Source, says: Says, seen: &str, at: &str) {
        self.out.push(Evidence {
            source,
            says,
            seen: seen.to_string(),
            at: at.to_string(),
        });
    }

    /// A POST that says what its path's GET says, at the GET.
    fn its_get(&mut self) {
        if let Some((words, get)) = self.facts.repeats_its_get {
            self.push(Source::ItsGet, Says::RepeatsItsGet, words, get);
        }
    }

    /// The name: its first verb, and what it acts on. A name generated from the method and
    /// the path says nothing the path does not (`GetChargesCharge`: `charge` is the path's
    /// noun, not a verb; `PostChargesChargeCapture`'s action is read from the path).
    fn name(&mut self) {
        let facts = self.facts;
        let at = &facts.places.name;
        let function = function_name(facts.name, facts.method, facts.path);
        let name = match facts.path {
            Some(path) if generated(&function, facts.method, path) => "",
            _ => &function,
        };
        let action = resource_and_action(name).1;
        let words = name_words(action, facts.method);
        // After a PUT's own `put` comes what it puts (`Review_PutReply`: a reply, not
        // replying).
        let put = facts.method == Some(&Method::Put)
            && name_words(action, None).first().map(String::as_str) == Some("put");
        let object = usize::from(put && words.first().is_some_and(|w| w != "put"));
        // A GET's "export" says nothing: the name's next verb speaks (`exportAndDeleteLogs`).
        let glued = action.chars().all(|c| c.is_ascii_alphanumeric());
        let first_verb = action_verb(&words[object..], glued)
            .map(|i| i + object)
            .and_then(|i| {
                if says_nothing(&words[i], &words[i + 1..], facts) {
                    action_verb(&words[i + 1..], glued).map(|j| i + 1 + j)
                } else {
                    Some(i)
                }
            });
        let first_verb = match facts.method {
            Some(method) if method.is_safe() => a_reads_verb(&words, first_verb, facts.path),
            _ => first_verb,
        };
        if let Some(i) = first_verb {
            let verb = verb_in_use(&words[i], &words[i + 1..], &self.text, facts);
            let seen = in_use(
                &words[i],
                vocabulary::verb(&words[i]),
                verb,
                &words[i + 1..],
            );
            self.push(Source::Name, Says::Verb(verb), &seen, at);
            // `findOrCreateLeaderboard`, `readAndClear`: what it does besides reading acts
            // too; so does a send after a change (`editAndResend`).
            // (Past an adverb: `getAndAsyncConvertMacroBody` converts.)
            let adverb = |w: &String| vocabulary::ADVERBS.contains(&w.as_str());
            let mut after = words[i + 1..].iter().filter(|w| !adverb(w));
            if let (Some(joint), Some(then)) = (after.next(), after.next()) {
                let then_verb = vocabulary::verb(then);
                let joined = match (verb, joint.as_str(), then_verb) {
                    (Verb::Read, "or" | "and", Some(v)) => v != Verb::Read,
                    (Verb::Update, "and", Some(v)) => v == Verb::Repeat,
                    _ => false,
                };
                if let (true, Some(then_verb)) = (joined, then_verb) {
                    self.push(Source::Name, Says::Verb(then_verb), then, at);
                }
            }
            let object = related(Some(&words[i]), &words[i + 1..], facts.path);
            if let Some(object) = object {
                self.push(Source::Name, Says::Relation, &words[i + 1 + object], at);
            }
            let entry = words
                .get(i + 1)
                .filter(|w| vocabulary::STREAM_ENTRIES.contains(&w.as_str()));
            if let (true, Some(entry)) = (words[i] == "put", entry) {
                self.push(
                    Source::Name,
                    Says::RepeatPhrase,
                    &format!("put {entry}"),
                    at,
                );
            }
            self.name_verb = Some(words[i].clone());
        }
        // `batchUpdate`, `batch_write`: a list of requests, each its own kind (Google's
        // carry inserts and additions), not values set.
        let batch = words.windows(2).find(|pair| {
            pair[0] == "batch" && matches!(pair[1].as_str(), "update" | "write" | "modify" | "edit")
        });
        if let Some(pair) = batch {
            self.push(Source::Name, Says::ChangeList, &pair.join(" "), at);
        }
        for (i, word) in words.iter().enumerate() {
            // A later verb that overwrites (`add-or-update-membership`) says so too.
            let later_overwrite = Some(i) != first_verb && vocabulary::overwrites(word);
            let destructive =
                vocabulary::DESTRUCTIVE_NOUNS.contains(&word.as_str()) && !undoes(word, &self.text);
            if destructive || later_overwrite {
                // `add_or_update`: said as the opening says it, an upsert.
                // `createAmend`: one straight after a first verb that makes is one too.
                let makes = |j: usize| {
                    Some(j) == first_verb && vocabulary::verb(&words[j]) == Some(Verb::Create)
                };
                let seen = match i.checked_sub(1) {
                    Some(j) if later_overwrite && (words[j] == "or" || makes(j)) => {
                        format!("or {word}")
                    }
                    _ => word.clone(),
                };
                self.push(Source::Name, Says::DestructiveNoun, &seen, at);
            }
        }
    }

    /// The summary's first word, when it is a verb (never a later one: "Rerequest a check
    /// suite" is not a check). Without a summary the description's first sentence stands
    /// in its place ("Lists your dedicated IP pools."); with one that is only a title
    /// ("Batch operation for search", "Force cancel a workflow run"), it does when it says
    /// the operation acts ("Cancels a workflow run"): a title gives way to what makes a
    /// tool look less safe, never to what makes it look safer ("Returns the new user.").
    fn opening(&mut self) {
        let facts = self.facts;
        let summary = facts
            .summary
            .as_deref()
            .map(|s| (s, Source::Summary, &facts.places.summary));
        let sentence = (self.sentences.iter())
            .find(|s| !is_heading(s))
            .map(|s| (*s, Source::Description, &facts.places.description));
        let (original, source, at) = match (summary, sentence) {
            (Some(title), Some(sentence)) if is_title(title.0) && self.acts(sentence.0) => sentence,
            (Some(summary), _) => summary,
            (None, Some(sentence)) => sentence,
            (None, None) => return,
        };
        let joined = slash_as_or(original);
        let mut words = opening_words(&joined);
        // "Requests that Amazon stop attempting to fulfill ...": the other party's act is
        // the call's.
        let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
        if let Some(i) = caused_verb(&lower) {
            words.drain(..i);
        }
        // A title of one plural word ("Broadcasts", "Updates") names what is read or
        // changed, as a verb with no object would not.
        let title = matches!(words[..], [word] if word.ends_with('s'))
            || self.marks_a_kind(&words)
            || self.a_read_names(&words);
        if let Some((first, after)) = words.split_first().filter(|_| !title) {
            let near = &after[..after.len().min(4)];
            self.opening_verb(first, near, &after[..after.len().min(20)], source, at);
            // "Add app to a policy" with a PUT at `/policies/{policy}/apps/{app}` puts a
            // member into a set: adding it again adds nothing, and nothing is lost. (A PUT
            // at a URI of its own may replace what is there; a POST may make a new thing.)
            let to = near.iter().position(|w| w.eq_ignore_ascii_case("to"));
            let member = facts.path.is_some_and(names_a_member);
            if let (true, true, Some(i)) = (self.is_a_put_that_adds(), member, to) {
                let said = words[..(i + 3).min(words.len())].join(" ");
                self.push(source, Says::Relation, &said, at);
            }
        }
        // Read after a summary that reads, the description's opening may say a second act:
        // "Validate an address": "Validates the address and stores it".
        // (A GET's later words are read as sentences.)
        let reads = self.opening_verb.as_deref().and_then(vocabulary::verb) == Some(Verb::Read)
            && !facts.method.is_some_and(Method::is_safe);
        // So may the act it has another party do: "Get diagnostics": "Asks the charge point
        // to upload its diagnostics file" (an OCPP command named after its message).
        if let (Source::Summary, true, Some((sentence, source, at))) = (source, reads, sentence) {
            let all: Vec<String> = (opening_words(sentence).iter().take(21))
                .map(|w| w.to_ascii_lowercase())
                .collect();
            // (What a model is asked to make, it computes: "Asks the language model to
            // generate a completion".)
            let model = |w: &String| matches!(w.as_str(), "model" | "llm" | "ai" | "assistant");
            let caused = caused_verb(&all).and_then(|i| {
                if all[..i].iter().any(model) {
                    return None;
                }
                let verb = vocabulary::summary_verb(&all[i]).map(|(_, verb)| verb)?;
                (verb != Verb::Read).then_some((i, verb))
            });
            if let Some((i, verb)) = caused {
                self.push(source, Says::Verb(verb), &all[i], at);
            }
            let lower = all.get(1..).unwrap_or_default();
            if let Some((i, then)) = second_verb(lower, 4).filter(|_| caused.is_none()) {
                let seen = lower[i].clone();
                self.push(source, Says::Verb(then), &seen, at);
            }
        }
        if let (Source::Summary, Some((sentence, source, at))) = (source, sentence) {
            self.description_repeats(sentence, source, at);
        }
        // "Create or update a secret": it overwrites too, said in the summary or in the
        // description's first sentence ("Add a secret": "Adds or updates a secret").
        if let Some((summary, source, at)) = summary {
            self.or_overwrite(summary, source, at);
        }
        if let Some((first, source, at)) = sentence {
            self.or_overwrite(first, source, at);
        }
    }

    /// Under a summary, on a PUT or a DELETE, the description's first sentence may say that
    /// each call adds an effect ("Upload File": "Initiates a file upload and returns the URL
    /// ..."): a retry does it again. (A request is of the verb after it, "Request to update
    /// ..."; what a runner runs decides, "Performs calculations"; what a PUT records, logs
    /// or tracks it stores at its URI, "Records the reviewer's decision".)
    fn description_repeats(&mut self, sentence: &str, source: Source, at: &str) {
        let facts = self.facts;
        if !facts
            .method
            .is_some_and(|m| m.is_idempotent() && !m.is_safe())
        {
            return;
        }
        let Some((first, rest)) = first_and_near(sentence) else {
            return;
        };
        let Some((word, _)) = opening_verb_class(&first, &rest, false) else {
            return;
        };
        let word = word.as_str();
        let passed_on =
            word == "request" || vocabulary::RUNNERS.contains(&word) || RECORDS.contains(&word);
        if !passed_on && verb_in_use(word, &rest, &self.text, facts) == Verb::Repeat {
            self.push(source, Says::DescribedRepeat, &first, at);
        }
    }

    /// On a safe method without a summary, where no verb is said, a glued name whose first
    /// word this reader does not know, before words its path says (`expungeMessages` at
    /// `/mailboxes/{id}/messages`): that word stands where the verb does, and a verb
    /// outside the read vocabulary acts. (A summary names what the name's words are:
    /// "Suggested Playspace Container".)
    fn unknown_name_verb(&mut self) {
        let facts = self.facts;
        let safe = facts.method.is_some_and(Method::is_safe) && facts.summary.is_none();
        let said = self.out.iter().any(|e| matches!(e.says, Says::Verb(_)));
        let Some(path) = facts.path.filter(|_| safe && !said) else {
            return;
        };
        let function = function_name(facts.name, facts.method, Some(path));
        let action = resource_and_action(&function).1;
        if !action.chars().all(|c| c.is_ascii_alphanumeric()) {
            return;
        }
        let words = name_words(action, None);
        let path_words: Vec<String> = words_of_path(path).collect();
        let in_path = |w: &String| {
            path_words
                .iter()
                .any(|p| p == w || p.trim_end_matches('s') == w.trim_end_matches('s'))
        };
        let Some((first, rest)) = words.split_first() else {
            return;
        };
        let unknown = unknown_word(first) && !in_path(first);
        if unknown && !rest.is_empty() && rest.iter().all(in_path) {
            self.push(
                Source::Name,
                Says::Verb(Verb::Act),
                first,
                &facts.places.name,
            );
        }
    }

    /// On a safe method, a person's mark before a noun names a kind of thing ("Favourite
    /// Tracks or Clips", "Like counts"), where one thrown takes an article ("Favourite a
    /// track"): a title. (A GET that sets such a mark would lose nothing.)
    fn marks_a_kind(&self, words: &[&str]) -> bool {
        let safe = self.facts.method.is_some_and(Method::is_safe);
        let mark = words
            .first()
            .is_some_and(|w| vocabulary::PERSONS_MARKS.contains(&w.to_ascii_lowercase().as_str()));
        let noun = words
            .get(1)
            .is_some_and(|w| !vocabulary::DETERMINERS.contains(&w.to_ascii_lowercase().as_str()));
        safe && mark && noun
    }

    /// The call's own act, as its opening's and its name's verbs say it ("download").
    fn own_acts(&self) -> Vec<&str> {
        [self.opening_verb.as_deref(), self.name_verb.as_deref()]
            .into_iter()
            .flatten()
            .collect()
    }

    /// Whether this is a PUT whose verb (the name's, or without one the opening's) is "add".
    fn is_a_put_that_adds(&self) -> bool {
        let verb = self.name_verb.as_deref().or(self.opening_verb.as_deref());
        self.facts.method == Some(&Method::Put) && verb == Some("add")
    }

    /// Whether an opening's verb says the operation acts, as the reader would take it.
    fn acts(&self, opening: &str) -> bool {
        let Some((first, rest)) = first_and_near(opening) else {
            return false;
        };
        let safe = self.facts.method.is_some_and(Method::is_safe);
        match opening_verb_class(&first, &rest, safe) {
            Some((word, _)) => verb_in_use(&word, &rest, &self.text, self.facts) != Verb::Read,
            None => self.unknown_imperative(&first, &rest),
        }
    }

    /// On a safe method, a word this reader does not know in the verb's place of an
    /// imperative ("Frobnicate the widget", "Mail a letter"): a verb outside the read
    /// vocabulary, so it acts. (A word that opens a clause, "Given a word, ...", is none;
    /// nor a registry's "Pull a manifest", a download.)
    fn unknown_imperative(&self, first: &str, rest: &[String]) -> bool {
        let imperative = rest
            .first()
            .is_some_and(|w| vocabulary::DETERMINERS.contains(&w.as_str()));
        // "Burns tokens from the caller's balance": a word in the third person that names
        // nothing this reader knows, before a plural and a preposition, is a verb too.
        let lower = first.to_ascii_lowercase();
        let third_person = is_plural(&lower)
            && !vocabulary::is_known_noun(&lower)
            && rest.first().is_some_and(|w| is_plural(w))
            && rest.get(1).is_some_and(|w| {
                matches!(
                    w.as_str(),
                    "from" | "to" | "into" | "in" | "for" | "on" | "of"
                )
            });
        let imperative = imperative || third_person;
        let safe = self.facts.method.is_some_and(Method::is_safe);
        let opener = vocabulary::CLAUSE_OPENERS.contains(&first.to_ascii_lowercase().as_str());
        // A registry's GET "Pull a manifest" downloads it (attack 67); "Pull a message from
        // the queue" takes it.
        let registry = rest
            .iter()
            .take(3)
            .any(|w| vocabulary::is_registry_content(w));
        let from = rest.iter().any(|w| w == "from");
        let pulls = lower == "pull" && registry && !from;
        safe && imperative && !opener && !pulls && first.chars().all(char::is_alphabetic)
    }

    /// "or update", "or replace" in a text: an upsert, which overwrites ("Add/Update" too,
    /// HMRC's "Create and Amend", and "upserts" said so).
    fn or_overwrite(&mut self, text: &str, source: Source, at: &str) {
        let lower = text.to_ascii_lowercase().replace('/', " or ");
        let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).collect();
        let creates = |w: &str| vocabulary::verb(w) == Some(Verb::Create);
        let upsert = words.windows(3).find_map(|w| {
            let or = w[1] == "or" || (w[1] == "and" && creates(w[0]));
            (or && vocabulary::overwrites(w[2])).then_some(w[2])
        });
        if let Some(word) = upsert {
            self.push(source, Says::DestructiveNoun, &format!("or {word}"), at);
        } else if let Some(word) = words.iter().find(|w| w.starts_with("upsert")) {
            // "Upserts a lead" beside "Push Lead to Marketo": it may overwrite one.
            self.push(source, Says::DestructiveNoun, word, at);
        }
    }

    /// The opening's first word and what it acts on (`as_written`: the next few words;
    /// `clause`: the words of the opening where a second verb may follow).
    fn opening_verb(
        &mut self,
        first: &str,
        as_written: &[&str],
        clause: &[&str],
        source: Source,
        at: &str,
    ) {
        let facts = self.facts;
        let rest: Vec<String> = as_written.iter().map(|w| w.to_ascii_lowercase()).collect();
        let clause_lower: Vec<String> = clause.iter().map(|w| w.to_ascii_lowercase()).collect();
        let safe = facts.method.is_some_and(Method::is_safe);
        match opening_verb_class(first, &rest, safe) {
            Some((word, _)) if says_nothing(&word, &clause_lower, facts) => {
                // Nor does it hide a verb after it: "Export and purge audit logs".
                if let Some((i, then)) = second_verb(&clause_lower, rest.len()) {
                    self.push(source, Says::Verb(then), clause[i], at);
                }
            }
            Some((word, _)) => {
                let verb = verb_in_use(&word, &rest, &self.text, facts);
                let seen = in_use(first, vocabulary::verb(&word), verb, &rest);
                self.push(source, Says::Verb(verb), &seen, at);
                // "Search and replace", "Get or create", "Validates the configuration and
                // then saves it": a second verb that acts is said too (past the next few
                // words only after "and then": "an operation such as a backup or restore").
                // So does one that places anew after one that ends: "Cancel an existing order
                // and send a new order" places another on every call.
                // (What it places is new: "Deletes an import/export job" exports nothing.)
                let second = second_verb(&clause_lower, rest.len());
                let anew = |i: usize| clause_lower.iter().skip(i + 1).take(2).any(|w| w == "new");
                // So does one that sends after one that sets ("Edit and Resend").
                let places_anew = match (verb, second) {
                    (Verb::Destroy | Verb::Settle, Some((i, Verb::Repeat | Verb::Create))) => {
                        anew(i)
                    }
                    (Verb::Update, Some((i, Verb::Repeat))) => clause_lower[i - 1] == "and",
                    _ => false,
                };
                if let (true, Some((i, then))) = (verb == Verb::Read || places_anew, second) {
                    self.push(source, Says::Verb(then), clause[i], at);
                }
                // "Create a new product": what is made did not exist (a PUT's URI may).
                let new = rest.iter().take(2).position(|w| w == "new");
                if let (Verb::Create, Some(i)) = (verb, new) {
                    if facts.method != Some(&Method::Put) {
                        self.push(source, Says::Created, as_written[i], at);
                    }
                }
                let object = related(Some(&word), &rest, facts.path);
                if let Some(i) = object {
                    self.push(source, Says::Relation, as_written[i], at);
                }
                // "Create a cancellation", "Create a new invalidation": what is made ends
                // or overwrites something.
                // So does what is scheduled: "Schedule a deletion".
                let ends = rest.iter().position(|w| vocabulary::is_destructive_noun(w));
                let makes = matches!(verb, Verb::Create) || word == "schedule";
                if let (true, Some(i)) = (makes, ends) {
                    if !undoes(&rest[i], &self.text) {
                        self.push(source, Says::DestructiveNoun, as_written[i], at);
                    }
                }
                self.opening_verb = Some(word);
            }
            None if self.unknown_imperative(first, &rest) => {
                self.push(source, Says::Verb(Verb::Act), first, at);
            }
            None => {}
        }
    }

    /// The verbs the name and the opening say.
    fn verbs_said(&self) -> impl Iterator<Item = &String> {
        [&self.name_verb, &self.opening_verb].into_iter().flatten()
    }

    /// Phrases of the summary and the description. What happens later to something
    /// trashed ("deleted for good after 30 days") is not what this call, which its opposite
    /// undoes, does.
    fn phrases(&mut self) {
        let facts = self.facts;
        let reversible = self.verbs_said().any(|w| undoes(w, &self.text));
        let texts = [
            (
                Source::Summary,
                facts.summary.as_deref(),
                &facts.places.summary,
            ),
            (
                Source::Description,
                facts.description.as_deref(),
                &facts.places.description,
            ),
        ];
        for (source, text, at) in texts {
            let Some(lower) = text.map(str::to_ascii_lowercase).map(without_also) else {
                continue;
            };
            // What a read consumes is an effect of each call only when the call reads.
            let consumes = self.facts.method.is_some_and(Method::is_safe);
            // What a DELETE sends or adds ("Registrants are notified") is not sent again:
            // what it deleted is gone. (Unless it says a repeat does more: "it is
            // deactivated first; call this again to delete it", "the first call deactivates
            // the user and the second call deletes it".)
            let mut phrases = vocabulary::phrases_in(&lower);
            // (Of a GET whose name or opening already acts, a condition may be its own act's:
            // "Enable or disable login ... If login is disabled, ... will be terminated".)
            let reads = self.facts.method.is_some_and(Method::is_safe)
                && !self.out.iter().any(Evidence::says_acts);
            let told = |text: &str| match reads {
                true => of_this_call(text),
                false => text.to_string(),
            };
            if phrases[3].is_some() && reads {
                phrases[3] = vocabulary::phrases_in(&told(&lower))[3];
            }
            // What is "not returned again on the next page" is paged, not handed out. (A
            // cursor the server advances is: "advances the export cursor past them: records
            // in a batch are not included in any later batch".)
            if phrases[3].is_some_and(|p| p.contains("returned") || p.contains("included")) {
                let pages = |w: &[&str]| !(w.iter()).any(|w| matches!(*w, "page" | "pages"));
                phrases[3] = vocabulary::phrases_in(&sentences_where(&lower, pages))[3];
            }
            if phrases[3].is_none() && consumes && hidden_for_a_while(&lower) {
                phrases[3] = Some("hidden from others for a while");
            }
            if phrases[3].is_none() && consumes {
                phrases[3] = (spent_once_used(&lower))
                    .or_else(|| changed_once_read(&lower))
                    .or_else(|| viewed_when_returned(&lower))
                    .or_else(|| read_from_then_on(&lower))
                    .or_else(|| supersedes_the_last(&lower));
            }
            // What is sent or emailed when something else happens ("Receipts are also
            // emailed to the payer when the payment succeeds") is no act of the read; when a
            // flag it is given or the reading says so, it is ("When `email` is true, a copy
            // ... is also emailed to", "When the code is requested, it is sent to ...").
            let sends = [
                "is sent to",
                "are sent to",
                "is emailed to",
                "are emailed to",
            ];
            if phrases[3].is_some_and(|p| sends.contains(&p)) {
                let of_the_call = |words: &[&str]| {
                    let when = (words.iter())
                        .any(|w| matches!(*w, "when" | "after" | "once" | "whenever"));
                    let given_or_read = (words.iter()).any(|w| {
                        matches!(
                            *w,
                            "true" | "set" | "given" | "requested" | "called" | "call"
                        )
                    });
                    !when || given_or_read
                };
                let said = told(&sentences_where(&lower, of_the_call));
                phrases[3] = vocabulary::phrases_in(&said)[3];
            }
            // (A setting: "A link can be used once or many times", "once per customer".)
            let a_setting = ["used once or", "used once per"];
            if phrases[3] == Some("can be used once") && a_setting.iter().any(|s| lower.contains(s))
            {
                phrases[3] = None;
            }
            // Of what reading consumes, what is gone for good is said first ("marked as
            // used and is destroyed after the first retrieval").
            if phrases[3].is_some() {
                let for_good = (vocabulary::CONSUMED_FOR_GOOD.iter())
                    .find(|p| vocabulary::has_phrase(&lower, p));
                phrases[3] = for_good.copied().or(phrases[3]);
            }
            // A version a stale request is refused on is no counter (attack 71). (Without
            // the refusal, "the flag's version number is incremented" by each restore.)
            if phrases[1].is_some_and(|p| p.contains("incremented")) && a_checked_version(&lower) {
                let counter = |w: &[&str]| !(w.contains(&"incremented") && w.contains(&"version"));
                phrases[1] = vocabulary::phrases_in(&sentences_where(&lower, counter))[1];
            }
            // (A GET's "by the given number of" days or records computes or pages.)
            if consumes && phrases[1] == Some("by the given number of") {
                phrases[1] = None;
            }
            // A GET's "each call" that tells a limit or metering says nothing of an act
            // ("Each call is limited to 50 results", "Each call returns up to 100 items",
            // "Each call counts against your rate limit"), unless an acting verb or a new
            // one is said beside it ("The digest window starts again after each call", "A
            // fresh token is returned each time", "uses up one of the remaining downloads").
            const EACH: [&str; 4] = ["every call", "each call", "each time", "every time"];
            if consumes && phrases[1].is_some_and(|p| EACH.contains(&p)) {
                let acts_each_time = |words: &[&str]| {
                    let each = (words.windows(2)).any(|p| {
                        matches!(p[0], "each" | "every") && matches!(p[1], "call" | "time")
                    });
                    let passive = (words.windows(2)).any(|p| {
                        matches!(p[0], "is" | "are" | "be" | "been") && acting_participle_of(p[1])
                    });
                    let acts = passive || words.iter().any(|w| acting_third_person(w));
                    !each || !limits_or_meters(words) || acts
                };
                phrases[1] = vocabulary::phrases_in(&sentences_where(&lower, acts_each_time))[1];
            }
            let again = phrases[1].is_some_and(|p| p.contains("again") || p.contains("second"));
            let repeats = self.facts.method != Some(&Method::Delete) || again;
            let kinds = [
                (Says::ReadPhrase, true),
                (Says::RepeatPhrase, repeats),
                (Says::DestroyPhrase, !reversible),
                (Says::RepeatPhrase, consumes),
                (Says::NoOpPhrase, true),
            ];
            // "If you already own a topic of that name, it is returned without creating a
            // new topic": what happens on a repeat is no read of every call.
            if phrases[0].is_some() {
                phrases[0] = vocabulary::phrases_in(&unconditional(&lower))[0];
            }
            // "Add labels ... Does not modify the existing labels": it spares what is
            // there, and adds.
            if phrases[0].is_some_and(|phrase| spares_what_exists(&lower, phrase)) {
                phrases[0] = None;
            }
            // What is rejected must be a write ("Statements that would modify data are
            // rejected"): "Invalid payloads are rejected" says nothing of the call.
            if phrases[0] == Some("are rejected") && !rejects_writes(&lower) {
                phrases[0] = None;
            }
            // "Nothing is deleted", "the keys the purge would remove": no act of this call.
            if phrases[2].is_some() {
                phrases[2] = vocabulary::phrases_in(&told(&affirmed(&lower)))[2];
            }
            // A GET's "Invoices that are voided are included only when ...", "Completed
            // migrations cannot be reverted", "The link stops working after 24 hours" tell a
            // state (what a GET voids, it voids outright: "their mobile barcodes are
            // voided", "Links issued before stop working").
            let a_state = [
                "is voided",
                "are voided",
                "will be voided",
                "cannot be reverted",
                "stop working",
                "stops working",
                "will stop working",
            ];
            if consumes && phrases[2].is_some_and(|p| a_state.contains(&p)) {
                phrases[2] = vocabulary::phrases_in(&voided_by_this_call(&lower))[2];
            }
            // What a call that changes something ends besides (a GET's tells a lifecycle).
            let ends_others = [
                "cancel",
                "declined",
                "signed out",
                "logged out",
                "them out",
                "stopped first",
                "ends the",
                "supersede",
                "outstanding",
            ];
            let may_end_others = || ends_others.iter().any(|w| lower.contains(w));
            if phrases[2].is_none() && !consumes && may_end_others() {
                let told = sentences_where(&affirmed(&lower), ends_others_now);
                phrases[2] = (vocabulary::ENDS_OTHERS.iter())
                    .find(|p| vocabulary::has_phrase(&told, p))
                    .copied();
            }
            // A repeat's lack of effect is said of what is already there ("This parameter
            // has no effect when ..." says nothing of a repeat).
            if phrases[4].is_some() {
                phrases[4] = vocabulary::phrases_in(&said_of_a_repeat(&lower))[4];
            }
            if let (true, None, Some(seen)) = (consumes, phrases[3], handed_out_once(&lower)) {
                self.push(source, Says::RepeatPhrase, seen, at);
            }
            // "Moves the hold up the queue by `places` positions" (attack 79).
            let moved = || moved_by_a_count(&lower);
            if let (true, None) = (repeats && !consumes, phrases[1]) {
                if let Some(seen) = moved() {
                    self.push(source, Says::RepeatPhrase, seen, at);
                }
            }
            // "A new card ... is issued", "Every request adds a new note".
            let new_one = makes_a_new_one(&lower, consumes);
            if let (true, None, Some(seen)) = (repeats, phrases[1], new_one) {
                self.push(source, Says::RepeatPhrase, seen, at);
            }
            for ((says, counts), phrase) in kinds.into_iter().zip(phrases) {
                if let (true, Some(phrase)) = (counts, phrase) {
                    self.push(source, says, phrase.trim(), at);
                }
            }
        }
    }

    /// Every sentence and clause of the summary and the description whose subject is the
    /// call and whose verb, in the third person, acts: at its start ("Creates a B if none
    /// exists"), or after "it", "then", "also", "now", "and" or a word naming the call ("and
    /// then deletes it", "it now removes the D", "This endpoint creates"). A negation, a
    /// relative clause or a noun before the verb is no such subject.
    fn sentences(&mut self) {
        let facts = self.facts;
        let summary = facts.summary.as_deref().unwrap_or_default();
        let texts = [
            (
                Source::Summary,
                summary.unicode_sentences().collect(),
                &facts.places.summary,
            ),
            (
                Source::Description,
                self.sentences.clone(),
                &facts.places.description,
            ),
        ];
        let in_use = |word: &str, rest: &[String]| verb_in_use(word, rest, &self.text, facts);
        let own = self.own_acts();
        for (source, sentences, at) in texts {
            // A clause after ";" has its own subject; one after ":" is often a parameter's
            // note ("page_size: Sets the page size"), not the call.
            let acting = (sentences.iter().flat_map(|s| s.split(';')))
                .find_map(|clause| Some((clause, sentence_verb_that_acts(clause, &in_use, &own)?)));
            if let Some((sentence, verb)) = acting {
                // (Weighed where the call itself is the subject, and a GET's: "Each request
                // rotates the barcode secret", "Calling this resets the feed's secret".)
                let safe = facts.method.is_some_and(Method::is_safe);
                let says = match safe && names_the_call(sentence, verb, &own) {
                    true => Says::OwnAct,
                    false => Says::SentenceActs,
                };
                self.push(source, says, verb, at);
                return;
            }
        }
        // What a GET makes or changes as it answers, said in the passive: on the first
        // request, for each thing returned, by this call, or a record set to the caller's
        // address, weighed; under another condition ("If the file has none yet, a public
        // link is created") or in a participle after a comma (", shipping options" may be a
        // list's noun), only kept from `--read-only`.
        let safe = facts.method.is_some_and(Method::is_safe);
        let Some(lower) = (facts.description.as_deref())
            .filter(|_| safe)
            .map(str::to_ascii_lowercase)
        else {
            return;
        };
        // (Under another condition, "If the endpoint fails 19 times, the webhook is
        // removed", the act may be another's: not weighed.)
        let first_call = |w: &[&str]| {
            (w.windows(2)).any(|p| p[0] == "first" && matches!(p[1], "request" | "call"))
        };
        let on_the_first_call = || match lower.contains("first") {
            true => passive_write(&sentences_where(&lower, first_call), true),
            false => None,
        };
        // "An upload is created for each URL returned" (attack 75): made with the answer.
        // (Not "a password is stored for each username ..., the password is not returned".)
        let for_each_returned = |w: &[&str]| {
            (w.windows(4)).any(|p| {
                p[..2] == ["for", "each"]
                    && p[2..].iter().any(|x| matches!(*x, "returned" | "issued"))
            })
        };
        // (What is logged, charged or cached for each is metering, not a thing made.)
        let made_for_each = || {
            let told = sentences_where(&lower, for_each_returned);
            let written = passive_write(&told, false)?;
            // (Whole words of that sentence: "Login required" elsewhere meters nothing.)
            let metered = ["log", "cache", "charge", "credit", "bill"];
            let metering = words_of(&told)
                .iter()
                .any(|w| metered.iter().any(|m| w.starts_with(m)));
            let made = written.contains("created") || written.contains("generated");
            (made && !metering).then_some(written)
        };
        let made = on_the_first_call()
            .or_else(|| match lower.contains("for each") {
                true => made_for_each(),
                false => None,
            })
            .or_else(|| done_by_this_call(&lower))
            .or_else(|| points_at_the_caller(&lower));
        let at = &facts.places.description;
        if let Some(phrase) = made {
            self.push(Source::Description, Says::OwnAct, phrase, at);
        } else if let Some(phrase) = (passive_write(&lower, true))
            .or_else(|| acting_participle(&lower))
            .or_else(|| result_kept(&lower, kept_by_this_call))
        {
            self.push(Source::Description, Says::SentenceActs, phrase, at);
        }
    }

    /// A sentence of the description after its first, or a clause after the first verb,
    /// whose verb removes ("Also deletes their forks", "It deletes the label from every
    /// card", "Generates a new link and expires any link issued before it"): what the call
    /// takes with it, which adding back the relation or turning the switch on again does
    /// not restore.
    fn cascade(&mut self) {
        let facts = self.facts;
        if facts.description.is_none() {
            return;
        }
        let in_use = |word: &str, rest: &[String]| verb_in_use(word, rest, &self.text, facts);
        let own = self.own_acts();
        // Not the opening's verb said again ("Removes the label from the issue").
        let said: Vec<&String> = self.verbs_said().collect();
        let opening = usize::from(facts.summary.is_none());
        // Each verb that acts, in turn: "Generates a new link and expires any link issued
        // before it" removes with its second.
        let removes = (self.sentences.iter().skip(opening)).find_map(|&sentence| {
            let mut rest = sentence;
            while let Some(word) = sentence_verb_that_acts(rest, &in_use, &own) {
                rest = &rest[word.as_ptr() as usize - rest.as_ptr() as usize + word.len()..];
                // A sentence the verb opens says what the call is ("Removes the
                // suspension"); one it follows, what it does besides ("also deletes", "It
                // deletes").
                let opens = sentence.trim_start().starts_with(word);
                let Some((stem, verb)) = vocabulary::summary_verb(word) else {
                    continue;
                };
                let another = !said.contains(&&stem) && stem != "remove";
                if verb == Verb::Destroy && another && !opens {
                    return Some(word);
                }
            }
            None
        });
        // Of a call read as its sentences say (a GET), a later sentence is not weighed as
        // acting (it may tell what else happens); it still says nothing is only added.
        let says = match read_as_sentences(facts) {
            true => Says::SentenceActs,
            false => Says::DestroyPhrase,
        };
        // (A GET's first such verb is read already, as a sentence that acts.)
        let read_already =
            (self.out.iter()).any(|e| e.says == says && Some(e.seen.as_str()) == removes);
        if let (Some(word), false) = (removes, read_already) {
            self.push(Source::Description, says, word, &facts.places.description);
        }
    }

    /// The path: its last literal segment (`/search`, `/apps.uninstall`, `:cancel`), and a
    /// GET's path that names only resources.
    fn path(&mut self, path: &str) {
        self.last_segment(path);
        if let (Some(Method::Get), true) = (self.facts.method, names_only_resources(path)) {
            self.push(
                Source::Path,
                Says::ResourcePath,
                path,
                &self.facts.places.operation,
            );
        }
    }

    /// The last literal segment's verb, nouns and relation, and what the path's shape says.
    fn last_segment(&mut self, path: &str) {
        let facts = self.facts;
        let at = &facts.places.operation;
        let last = path
            .rsplit('/')
            .find(|s| !s.is_empty() && !s.starts_with('{'));
        let Some(segment) = last else {
            return;
        };
        // A format suffix is no word of the action (`/tags/delete.json` deletes).
        let action = without_format(segment);
        let words = name_words(action, None);
        let named = self.summary_names(&words) || self.a_read_names(&words);
        if !names_things(facts.name, path, segment, action, &words) && !named {
            self.path_verb(&words);
        }
        for word in &words {
            if vocabulary::is_destructive_noun(word) && !undoes(word, &self.text) {
                self.push(Source::Path, Says::DestructiveNoun, word, at);
            }
        }
        // The verb that acts on it: the name's, or without one the opening's ("Delete a
        // label" at `/repos/{owner}/{repo}/labels/{name}` deletes it for every issue).
        let verb = self.name_verb.clone().or_else(|| self.opening_verb.clone());
        if let Some(i) = related(verb.as_deref(), &words, facts.path) {
            self.push(Source::Path, Says::Relation, &words[i], at);
        }
        let ends_in_parameter = path
            .trim_end_matches('/')
            .trim_end_matches(".json")
            .ends_with('}');
        let post = facts.method == Some(&Method::Post);
        let patch = facts.method == Some(&Method::Patch);
        // A PATCH changes what its path names: one resource, a part of one
        // (`/devices/{id}/metadata`), or the caller's own (`/me`, `/account`), not a
        // collection.
        let bare = segment.split('.').next().unwrap_or(segment);
        let one_thing = path.contains('{') || !bare.ends_with('s');
        // A POST that sets values on a part of one resource (`/users/{id}/relationship`,
        // "Modify the relationship") changes that part; "Write to the feed" may not.
        let mut segments = path.trim_end_matches('/').rsplit('/');
        let after_a_parameter = segments.nth(1).is_some_and(|s| s.starts_with('{'));
        let sets = self
            .verbs_said()
            .any(|w| vocabulary::SET_TO_VALUE.contains(&w.as_str()));
        let part_of_one = post && after_a_parameter && !bare.ends_with('s') && sets;
        if (post && ends_in_parameter) || (patch && one_thing) || part_of_one {
            self.push(Source::Path, Says::OneResource, path, at);
        }
        let last = path.trim_end_matches('/').ends_with(segment);
        let no_verb = words.iter().all(|w| vocabulary::verb(w).is_none());
        // What is at the head of a queue is another thing after each call: taking it again
        // takes the next (`DELETE /queues/{queue}/head`).
        let writes = facts.method.is_some_and(|m| !m.is_safe());
        if writes && last && vocabulary::POSITIONS.contains(&bare) {
            self.push(Source::Path, Says::RepeatPhrase, segment, at);
        }
        // What a DELETE takes out of the trash (`DELETE /files/trash`, `/files/{id}/trash`)
        // is gone for good: emptying the trash is the step its switch leads to, not a switch.
        let trash = path
            .split('/')
            .any(|s| matches!(s, "trash" | "recyclebin" | "recycle-bin" | "recycle_bin"));
        if facts.method == Some(&Method::Delete) && trash {
            self.push(Source::Path, Says::DestroyPhrase, "trash", at);
        }
        if matches!(bare, "actions" | "action") {
            self.push(Source::Path, Says::Actions, segment, at);
        } else if bare == "proxy" {
            self.push(Source::Path, Says::Proxy, segment, at);
        } else if facts.only_posts && last && no_verb && names_a_noun(bare, &words) {
            self.push(Source::Path, Says::NounMethod, segment, at);
        } else if post && bare.ends_with('s') && no_verb && last {
            self.push(Source::Path, Says::Collection, segment, at);
        }
    }

    /// Whether the name is a reading verb and then these words, two or more
    /// (`getPublishQueue` of "Publish queue" or `/publish-queue`): they name what it reads.
    fn a_read_names(&self, words: &[impl AsRef<str>]) -> bool {
        // (Most names are not so: told apart without cutting the name into words.)
        let squashed = |text: &str| -> String {
            (text.chars().filter(char::is_ascii_alphanumeric))
                .map(|c| c.to_ascii_lowercase())
                .collect()
        };
        let said: String = words.iter().map(|w| squashed(w.as_ref())).collect();
        let name = squashed(self.facts.name);
        if words.len() < 2 || name.len() <= said.len() || !name.ends_with(&said) {
            return false;
        }
        let name = name_words(self.facts.name, None);
        match name.split_first() {
            Some((verb, named)) if named.len() > 1 && named.len() == words.len() => {
                vocabulary::verb(verb) == Some(Verb::Read)
                    && (named.iter())
                        .zip(words)
                        .all(|(n, w)| n.eq_ignore_ascii_case(w.as_ref()))
            }
            _ => false,
        }
    }

    /// Whether the summary names a segment of two or more words as what its own, other, verb
    /// acts on, right after it ("Replace retry schedule" at `/retry_schedule`): the segment
    /// names a thing. (A reading verb on a GET names only what is read: "Fetch invoice,
    /// retry payment" at `/retry_payment` may retry it.)
    fn summary_names(&self, words: &[String]) -> bool {
        let Some(summary) = self.facts.summary.as_deref().filter(|_| words.len() > 1) else {
            return false;
        };
        let said = lower_words(summary);
        let [verb, object @ ..] = &said[..] else {
            return false;
        };
        let object: Vec<&String> = (object.iter())
            .skip_while(|w| vocabulary::DETERMINERS.contains(&w.as_str()))
            .collect();
        let class = vocabulary::summary_verb(verb).map(|(_, class)| class);
        let safe = self.facts.method.is_some_and(Method::is_safe);
        *verb != words[0]
            && class.is_some_and(|class| !(safe && class == Verb::Read))
            && object.len() >= words.len()
            && object.iter().zip(words).all(|(o, w)| *o == w)
    }

    /// The first verb of the path's last literal segment, as its words stand.
    fn path_verb(&mut self, words: &[String]) {
        let facts = self.facts;
        // A segment that is only `read`, `unread` or `seen`, written to
        // (`POST /messages/{id}/read`, `/notifications/read`), marks what it names so: a
        // switch. (In an API of POSTs only, `read` may be a method that reads; so may one
        // after a word naming no things, HubSpot's `/batch/read`, OPC UA's `/history/read`.)
        let written = !facts.method.is_none_or(Method::is_safe) && !facts.only_posts;
        let mut segments = facts
            .path
            .unwrap_or_default()
            .trim_end_matches('/')
            .rsplit('/');
        let before = segments.nth(1).unwrap_or_default();
        let names_things = before.starts_with('{') || before.ends_with('s');
        if let ([only], true, true) = (words, written, names_things) {
            if matches!(only.as_str(), "read" | "unread" | "seen") {
                let at = &facts.places.operation;
                self.push(Source::Path, Says::Verb(Verb::Switch), only, at);
                return;
            }
        }
        let is_verb = |w: &String| {
            vocabulary::verb(w).is_some() && !vocabulary::PATH_NOUNS.contains(&w.as_str())
        };
        let Some(at) = words.iter().position(is_verb) else {
            return;
        };
        let verb = verb_in_use(&words[at], &words[at + 1..], &self.text, facts);
        // A verb before a noun in one segment is the action (`/delete-domain`), unless the
        // operation's words say another kind of verb: then it names a thing
        // (`/remove-token`, which the name says it creates) and overwrites nothing.
        let another = self
            .verbs_said()
            .any(|w| vocabulary::verb(w) != vocabulary::verb(&words[at]));
        // So does one "of" follows, as in an opening (`/account-end-of-day`), unless it
        // destroys.
        let of = words.get(at + 1).is_some_and(|w| w == "of");
        let names_a_thing = (at + 1 < words.len()
            && another
            && matches!(verb, Verb::Update | Verb::Renew | Verb::Destroy))
            || (of && !matches!(verb, Verb::Read | Verb::Destroy));
        // A segment that is only `search` (`POST /journals/search`) is a search endpoint:
        // it says as much as a phrase. With more words (`/search-and-delete`) it is a verb.
        let says = match words {
            [only] if only == "search" => Says::ReadPhrase,
            _ => Says::Verb(verb),
        };
        if !names_a_thing {
            self.push(Source::Path, says, &words[at], &facts.places.operation);
        }
    }

    /// Scopes: all of them read-only, or any that writes.
    fn scopes(&mut self) {
        let facts = self.facts;
        let at = &facts.places.operation;
        let scopes = &facts.scopes;
        if let Some(scope) = scopes.iter().find(|s| scope_reads(s) == Some(false)) {
            self.push(Source::Scope, Says::WriteScope, scope, at);
        } else if !scopes.is_empty() && scopes.iter().all(|s| scope_reads(s) == Some(true)) {
            self.push(Source::Scope, Says::ReadScope, scopes[0], at);
        }
    }

    /// A method override, a token grant, a request to keep what is sent, an idempotency key, a body of changes, and the responses that say
    /// something is made (201) or started (202, or an answer naming a job).
    fn arguments(&mut self) {
        let facts = self.facts;
        let at = &facts.places.operation;
        if let Some(name) = facts.method_override {
            self.push(Source::Parameter, Says::MethodOverride, name, at);
        }
        if let Some(name) = facts.grant {
            self.push(Source::Parameter, Says::Grant, name, at);
        } else if let Some(lasts) = issued_for_a_while(facts) {
            let at = &facts.places.description;
            self.push(Source::Description, Says::SentenceActs, lasts, at);
        }
        // A write that takes by how much (`delta`) moves it again on a repeat.
        let writes = facts.method.is_some_and(|m| !m.is_safe());
        if let (true, Some(name)) = (writes, facts.amount) {
            if super::moves_by(&name.to_ascii_lowercase()) {
                self.push(Source::Parameter, Says::RepeatPhrase, name, at);
            }
        }
        if let Some(name) = facts.acting_flag {
            self.push(Source::Parameter, Says::ActingFlag, name, at);
        }
        if let Some((location, name)) = facts.idempotency_key {
            let source = match location {
                ToolIn::Header => Source::Header,
                ToolIn::Body => Source::Body,
                _ => Source::Parameter,
            };
            self.push(source, Says::IdempotencyKey, name, at);
        }
        if facts.change_list {
            self.push(Source::Body, Says::ChangeList, "a list of changes", at);
        }
        if facts.carries_requests {
            self.push(Source::Body, Says::Actions, "a batch of requests", at);
        }
        if let Some(job) = &facts.started_job {
            self.push(Source::Response, Says::Accepted, job, at);
        }
        for status in &facts.statuses {
            match *status {
                "201" => self.push(Source::Response, Says::Created, status, at),
                "202" => self.push(Source::Response, Says::Accepted, status, at),
                _ => {}
            }
        }
    }
}

/// Whether a path's last segment names one member of a set that belongs to something
/// (`/policies/{policy}/apps/{app}`): a parameter after a literal, and a parameter before.
fn names_a_member(path: &str) -> bool {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let parameter = |s: &&str| s.starts_with('{');
    match segments[..] {
        [ref owner @ .., set, member] => {
            parameter(&member) && !parameter(&set) && owner.iter().any(parameter)
        }
        _ => false,
    }
}

/// Whether a path segment is plain words, none of them a verb (`info`, `url-info`,
/// `host-reputation`): an RPC method so named is a getter. (`#X-Amz-Target=...ReceiveMessage`
/// is no plain word: its verb may be one the vocabulary lacks.)
fn names_a_noun(bare: &str, words: &[String]) -> bool {
    let plain = bare
        .chars()
        .all(|c| c.is_ascii_alphabetic() || c == '-' || c == '_');
    // Nor is one whose head names an act (`/user/deletion`, `/key/rotation`): it does that
    // act (`ConnectionDetails` are details).
    let names_an_act = words
        .last()
        .and_then(|w| vocabulary::nominalized_verb(w))
        .is_some_and(|v| v != Verb::Read);
    plain
        && !words.is_empty()
        && !names_an_act
        && words.iter().all(|w| vocabulary::verb(w).is_none())
}

/// A path or a segment without its format's suffix (`/tags/delete.json`, `/opens.xml`).
fn without_format(path: &str) -> &str {
    [".json", ".xml"]
        .iter()
        .find_map(|suffix| path.strip_suffix(suffix))
        .unwrap_or(path)
}

/// Whether a path names only resources: literal segments of plain words, none of them a
/// verb, and no RPC method in one (`/channels.join`, `/tasks:cancel`).
fn names_only_resources(path: &str) -> bool {
    // A format's suffix names no resource (`/campaigns/{id}/opens.json`), and a parameter
    // after a prefix is a parameter (Meta's `/act_{ad_account_id}/insights`, `page-{n}`;
    // not one an RPC method follows, `{name}:cancel`, nor one a word is glued to,
    // `processed{format}`). So is an OData key, after its entity set (`/Property('{key}')`).
    let path = without_format(path);
    let parameter = |s: &&str| {
        let odata_key = s.ends_with(')') && (s.contains("('{") || s.contains("({"));
        let prefix = s
            .strip_suffix('}')
            .and_then(|s| s.split_once('{'))
            .map(|(p, _)| p);
        let method = s
            .rsplit_once('}')
            .is_some_and(|(_, after)| after.starts_with(':'));
        (s.starts_with('{') && !method)
            || prefix.is_some_and(|p| p.ends_with(['_', '-']))
            || odata_key
    };
    // A word after a resource's ID that is neither a plural nor a noun this reader knows
    // may be an action (`/coupons/{id}/redeem`), not a part of it (`/orders/{id}/items`).
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let action_after_id = match segments[..] {
        // (A number is no action: X12's `/reports/{id}/835` is the form named by it.)
        [.., id, last] if parameter(&id) && !parameter(&last) => {
            let words = name_words(last, None);
            let number = last.chars().all(|c| c.is_ascii_digit());
            let noun = |w: &str| is_plural(w) || vocabulary::is_known_noun(w);
            words.len() == 1 && !number && !noun(&words[0])
        }
        _ => false,
    };
    !action_after_id
        && segments.iter().filter(|s| !parameter(s)).all(|segment| {
            segment
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                && name_words(segment, None).iter().all(|w| {
                    vocabulary::verb(w).is_none() || vocabulary::PATH_NOUNS.contains(&w.as_str())
                })
        })
}
