//! What a verb says in use: the words after it (its object, a phrase it makes), the
//! method and the path decide whether "Return Delivery" sends back or "List tickets for
//! resale" puts up.

use crate::hints::vocabulary::{self, Verb};
use crate::http::Method;
use unicode_segmentation::UnicodeSegmentation;

use super::names::name_words;
use super::sentences::{computed, is_plural, lower_words, sentence_verb_that_acts};
use super::Facts;

/// What `word` says in a phrase its next words make, where that differs from its class:
/// "Open orders" on a GET, "Subscribe IPO", "Subscribe to Webhook", a GET's "Call a stored
/// function", "Get the tunnel token", "Confirm funds", "follow a property reference", a
/// GET's "Ping", "Verify credentials" or "Verify a certificate", a server's "Download a
/// remote subtitle".
fn in_a_phrase(word: &str, rest: &[String], safe: bool, path: Option<&str>) -> Option<Verb> {
    // On a GET, "open" before a plural says which are read ("Open orders", `openPositions`).
    if safe && word == "open" && rest.first().is_some_and(|w| is_plural(w)) {
        return Some(Verb::Read);
    }
    // Subscribing to a financial product buys into it again on each call ("Subscribe
    // Flexible Product", "Subscribe IPO", "Subscribe to fund"), where subscribing to a
    // topic is a switch.
    let product = |w: &String| {
        matches!(
            w.as_str(),
            "product"
                | "products"
                | "fund"
                | "funds"
                | "ipo"
                | "shares"
                | "bond"
                | "bonds"
                | "staking"
        )
    };
    if word == "subscribe" && rest.iter().take(3).any(product) {
        return Some(Verb::Repeat);
    }
    // Subscribing to a webhook makes one (Zapier's REST Hooks, `POST /hooks/subscribe`,
    // "Subscribe to Webhook": a new ID each call); unsubscribing deletes it.
    let hook = |w: &str| w.starts_with("webhook") || w.starts_with("hook");
    let of_hooks = rest.iter().take(3).any(|w| hook(w))
        || path.is_some_and(|p| p.split('/').any(|s| hook(&s.to_ascii_lowercase())));
    match word {
        "subscribe" if of_hooks => return Some(Verb::Create),
        "unsubscribe" if of_hooks => return Some(Verb::Destroy),
        _ => {}
    }
    // A GET of a resource's one token (`/tunnels/{tunnel_id}/token`, "Get the tunnel
    // token") reads it: no token is made.
    let its_token = path.is_some_and(|p| p.trim_end_matches('/').ends_with("}/token"));
    if safe && its_token && vocabulary::verb(word) == Some(Verb::Read) {
        return Some(Verb::Read);
    }
    // On a GET, "Invoke function ...", "Call a stored function": an OData function or a
    // database function declared stable, which has no side effects (an action may; a
    // volatile function is called by POST).
    let function = rest.iter().take(3).any(|w| w == "function");
    if safe && matches!(word, "invoke" | "call") && function {
        return Some(Verb::Read);
    }
    // Confirming whether there are funds checks them (open banking's confirmation of funds:
    // "Confirm funds", "Confirm whether there are enough funds"), as confirming an order
    // does not.
    let what = rest.first().map(String::as_str);
    let checks = matches!(what, Some("whether" | "if" | "availability"))
        || (what == Some("funds") && rest.get(1).is_none_or(|w| w == "availability"));
    if word == "confirm" && checks {
        return Some(Verb::Read);
    }
    // Following a property reference reads the resource it links to (Spring Data REST's
    // `followPropertyReference`, a HAL term).
    if word == "follow" && rest.first().is_some_and(|w| w == "property") {
        return Some(Verb::Read);
    }
    // A GET's ping checks that the server answers ("Ping", `/_ping`); verifying the caller's
    // own credentials or token reads them (Mastodon's `verify_credentials`). (A ping sent by
    // a method that writes is delivered: "Ping a webhook"; so is a heartbeat's or a check's,
    // `/heartbeats/{name}/ping`, Healthchecks' `/ping/{uuid}`: a cron job's check-in.)
    let own_credentials = rest
        .iter()
        .take(3)
        .any(|w| matches!(w.as_str(), "credentials" | "token" | "auth"));
    // (Pinging a machine, `/pods/{podId}/ping`, checks that it answers.)
    // (A webhook pinged by a GET is delivered to as well: "Ping a webhook", "Delivers a
    // sample event to the webhook's URL"; attack 69.)
    let hook = |w: &str| w.contains("hook") || w.contains("callback");
    let checks_in = rest
        .iter()
        .take(2)
        .any(|w| w.starts_with("heartbeat") || hook(w))
        || path.is_some_and(|p| p.contains("/ping/{") || p.contains("heartbeat") || hook(p));
    let verifies = own_credentials || checks_authenticity(word, rest, path);
    if safe && ((word == "ping" && !checks_in) || (word == "verify" && verifies)) {
        return Some(Verb::Read);
    }
    // Checking a one-time code by a method that writes spends an attempt ("Check a
    // verification code": "after 3 wrong attempts the request is cancelled"; attack 62).
    let a_code = |w: &String| matches!(w.as_str(), "code" | "codes" | "otp" | "pin" | "passcode");
    if !safe && matches!(word, "check" | "verify" | "validate") && rest.iter().take(3).any(a_code) {
        return Some(Verb::Act);
    }
    // Downloading what is remote, or from somewhere, by a method that writes: the server
    // fetches it and keeps it ("Downloads a remote subtitle", "Download a model from the
    // library"); a GET's download is the caller's.
    let from_afar = rest.iter().take(6).any(|w| w == "remote" || w == "from");
    if word == "download" && !safe && from_afar {
        return Some(Verb::Act);
    }
    None
}

/// Whether a PUT goes to the state its path names by the verb's participle (Contentful's
/// `PUT .../entries/{id}/published`, which a DELETE there undoes): it sets that state. (A
/// switch, `PUT .../suspended`, stays one.)
fn puts_the_named_state(word: &str, facts: &Facts<'_>) -> bool {
    let last = (facts.path).and_then(|p| p.trim_end_matches('/').rsplit('/').next());
    let participle = |last: &str| {
        last.strip_prefix(word)
            .is_some_and(|e| e == "ed" || e == "d")
    };
    facts.method == Some(&Method::Put) && last.is_some_and(participle)
}

/// A path's last segment when it is an action on one resource (`/vms/{vm}/start`), with the
/// segment naming the resource's collection, when there is one (`vms`).
fn action_on_one(path: &str) -> Option<(&str, Option<&str>)> {
    let mut segments = path.trim_end_matches('/').rsplit('/');
    let action = segments.next()?;
    let id = segments.next()?;
    id.starts_with('{').then(|| (action, segments.next()))
}

/// Whether the path ends in the action `verb` on one resource (`/vms/{vm}/start`): the thing
/// started is the resource itself, a state its opposite undoes, not something new.
fn acts_on_its_resource(path: Option<&str>, verb: &str) -> bool {
    path.and_then(action_on_one)
        .is_some_and(|(action, _)| action.eq_ignore_ascii_case(verb))
}

/// Whether `path`'s last literal segment, after a parameter, opens with `verb`
/// (`/leads/{id}/convert`, `/quotes/{id}/convert-to-invoice`): it acts on the resource.
fn converts_what_it_names(path: &str, verb: &str) -> bool {
    action_on_one(path).is_some_and(|(action, _)| {
        name_words(action, None)
            .into_iter()
            .next()
            .is_some_and(|w| w == verb)
    })
}

/// Whether verifying what `rest` or the path names checks its authenticity, which looks it
/// up ("Verify a certificate": "Checks that a certificate ID is genuine"; attack 66), as
/// verifying an email or a domain does not.
fn checks_authenticity(word: &str, rest: &[String], path: Option<&str>) -> bool {
    let authentic = |w: &str| {
        matches!(
            w.strip_suffix('s').unwrap_or(w),
            "certificate" | "signature" | "license" | "licence" | "receipt" | "checksum"
        )
    };
    let resource = path.and_then(|p| resource_acted_on(p, word));
    rest.iter().take(3).any(|w| authentic(w)) || resource.is_some_and(|r| authentic(&r))
}

/// The resource a path's action segment acts on, as a word (`certificates` in
/// `/certificates/{id}/verify`, for `verify`).
fn resource_acted_on(path: &str, verb: &str) -> Option<String> {
    let (action, resource) = action_on_one(path)?;
    let resource = resource.filter(|_| action.eq_ignore_ascii_case(verb))?;
    Some(resource.to_ascii_lowercase())
}

/// Whether `verb` moves something to or from a trash, where its opposite undoes it: "Move a
/// file to the trash", "Restore a file from the trash", restore what was deleted. `text` is
/// the operation's words, lower case.
pub(super) fn undoes(verb: &str, text: &str) -> bool {
    // (Asked of most verbs of every operation: the text is searched only for these.)
    let trash = || text.contains("trash");
    // (Emptying the trash is for good: `trashEmpty`, "Empty the trash can".)
    let emptied = || {
        [
            "empty the trash",
            "empties the trash",
            "emptytrash",
            "trashempty",
        ]
        .iter()
        .any(|said| text.contains(said))
    };
    match verb {
        "trash" | "untrash" => !emptied(),
        "move" => trash(),
        "restore" => trash() || vocabulary::has_phrase(text, "deleted"),
        _ => false,
    }
}

/// The words to show for a verb: with the words after it when they turned reading into
/// acting or back (`get access token` makes one, `run a query` reads), else the verb alone.
pub(super) fn in_use(word: &str, alone: Option<Verb>, verb: Verb, rest: &[String]) -> String {
    if (alone == Some(Verb::Read)) == (verb == Verb::Read) {
        return word.to_string();
    }
    std::iter::once(word)
        .chain(rest.iter().take(3).map(String::as_str))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether the description's first word is a verb that reads ("Returns the status"), or
/// its first sentence restates the summary as a thing (an article, then the summary's
/// words among the next few) and says of it no act: "Retry schedule", "The smart retry
/// schedule used for failed payments." (not of a verb that changes or removes: "Reset
/// statistics", "The counters ...").
fn description_opens_reading(facts: &Facts<'_>, harmful: bool) -> bool {
    let description = facts.description.as_deref().unwrap_or("");
    if !harmful && names_what_is_read(description.unicode_sentences().next().unwrap_or("")) {
        return true;
    }
    let first = description
        .split(|c: char| !c.is_alphanumeric())
        .find(|w| !w.is_empty());
    // "Transfers from trust to operating, with who approved each one" under "Transfer log"
    // (attack 75): the verb's plural before a preposition names the acts listed. (Only
    // under a verb before a thing read: "Switches between HDMI 1 and HDMI 2" under "Switch
    // input" switches.)
    let mut words = description.split_whitespace().map(str::to_ascii_lowercase);
    let (opening, next) = (
        words.next().unwrap_or_default(),
        words.next().unwrap_or_default(),
    );
    let summary = lower_words(facts.summary.as_deref().unwrap_or_default());
    let listed = match &summary[..] {
        [verb, thing, ..] => {
            opening == format!("{verb}s")
                && vocabulary::is_read_thing(thing)
                && matches!(
                    next.as_str(),
                    "from" | "between" | "made" | "of" | "that" | "which"
                )
        }
        _ => false,
    };
    if listed {
        return true;
    }
    match first.map(str::to_ascii_lowercase).as_deref() {
        Some("the" | "a" | "an") => !harmful && restates_the_summary(facts, description),
        _ => first
            .and_then(vocabulary::summary_verb)
            .is_some_and(|(_, verb)| verb == Verb::Read),
    }
}

/// Whether a sentence only names things: a plural noun and what qualifies it, with no verb
/// of theirs that acts and nothing done to them ("Devices that failed to install the update
/// and are waiting for the next retry window"; attack 66). ("Settings are copied to ...",
/// "Devices that retry in the next window", "Syncs with the cloud the settings" are not.)
fn names_what_is_read(sentence: &str) -> bool {
    let words = lower_words(sentence);
    let [first, second, ..] = &words[..] else {
        return false;
    };
    let acting = |w: &str| vocabulary::summary_verb(w).is_some_and(|(_, verb)| verb != Verb::Read);
    let a_noun = is_plural(first) && vocabulary::summary_verb(first).is_none();
    let qualified = matches!(
        second.as_str(),
        "that" | "which" | "in" | "with" | "of" | "for" | "waiting" | "awaiting" | "currently"
    );
    let being = |w: &str| matches!(w, "is" | "are" | "was" | "were" | "be" | "been" | "being");
    let participle = |w: &str| w.ends_with("ed") || w.ends_with("en") || acting(w);
    let done = (words.windows(2)).any(|w| being(&w[0]) && participle(&w[1]));
    // A verb after "to" says what failed or is awaited; after a determiner or a qualifier
    // it names a thing ("the next retry window").
    let named = |before: &str| {
        before == "to"
            || vocabulary::DETERMINERS.contains(&before)
            || vocabulary::QUALIFIERS.contains(&before)
    };
    let acts = (words.windows(2).skip(1)).any(|w| acting(&w[1]) && !named(&w[0]));
    a_noun && qualified && !done && !acts
}

fn restates_the_summary(facts: &Facts<'_>, description: &str) -> bool {
    let summary = lower_words(facts.summary.as_deref().unwrap_or(""));
    let sentence = description.unicode_sentences().next().unwrap_or_default();
    let opening: Vec<String> = lower_words(sentence)
        .into_iter()
        .take(summary.len() + 3)
        .collect();
    let restated = !summary.is_empty() && opening.windows(summary.len()).any(|run| run == summary);
    let class = |word: &str, _: &[String]| vocabulary::verb(word).unwrap_or(Verb::Act);
    restated && sentence_verb_that_acts(sentence, &class, &[]).is_none()
}

/// What a verb says in use, given the words after it: a create of something only computed
/// reads, setting a person's own mark (a subscription), moving to the trash or starting a
/// resource (`/vms/{vm}/start`) is a switch.
pub(super) fn verb_in_use(word: &str, rest: &[String], text: &str, facts: &Facts<'_>) -> Verb {
    let path = facts.path;
    let verb = computed(word, vocabulary::verb(word).unwrap_or(Verb::Act), rest);
    // Converting or rendering what a GET is given computes an answer: nothing is kept. (A
    // stored thing its path names, converted, becomes another: `/leads/{id}/convert`.)
    let safe = facts.method.is_some_and(Method::is_safe);
    let stored = path.is_some_and(|p| converts_what_it_names(p, word));
    if safe && vocabulary::CALCULATIONS.contains(&word) && !stored {
        return Verb::Read;
    }
    // Written to, it may make another (a file, an invoice): no values set.
    if !safe && word == "convert" && stored {
        return Verb::Act;
    }
    if verb != Verb::Switch && puts_the_named_state(word, facts) {
        return Verb::Update;
    }
    // A manifest, an image or a tag pushed by PUT is uploaded to its reference, which it
    // sets ("Push a manifest"; attack 67); a notification pushed is sent.
    let put = facts.method == Some(&Method::Put);
    let uploaded = rest
        .iter()
        .take(3)
        .any(|w| vocabulary::is_registry_content(w));
    if word == "push" && put && (uploaded || pushed_to_its_uri(rest, facts)) {
        return Verb::Update;
    }
    if let Some(verb) = acts_by_its_object(word, rest, safe) {
        return verb;
    }
    if safe && a_get_reads(word, rest) {
        return Verb::Read;
    }
    // On a GET, a verb before what is read names a thing ("Order details", "Login
    // history", `importStatus`), unless it changes or removes ("Delete requests") and the
    // description does not open by reading ("Transfer status": "Returns the current
    // status of a transfer").
    // Before what an act may be done to ("Pause queue", "Sync settings"), only a reading
    // description says it is named.
    let harmful = matches!(verb, Verb::Update | Verb::Destroy | Verb::Renew);
    // (Or a noun, then one: "Upload session details", "Run step logs".)
    let thing = |things: &[&str]| {
        let is_thing = |w: &String| things.contains(&w.as_str());
        let a_noun = |w: &String| {
            !vocabulary::DETERMINERS.contains(&w.as_str()) && vocabulary::verb(w).is_none()
        };
        match rest {
            [first, ..] if is_thing(first) => true,
            [first, second, ..] => a_noun(first) && is_thing(second),
            _ => false,
        }
    };
    let read_thing = thing(vocabulary::READ_THINGS);
    let acted_on = thing(vocabulary::ACTED_ON_THINGS);
    let described = || description_opens_reading(facts, harmful);
    if safe && ((read_thing && !harmful) || ((read_thing || acted_on) && described())) {
        return Verb::Read;
    }
    // So does, before a plural, a verb that is mostly a noun ("Order items", "Post
    // comments", "Merge requests", "Login attempts"): a GET that sent or ran would say so
    // with another verb.
    let plural = rest.first().is_some_and(|w| is_plural(w));
    if safe && plural && vocabulary::names_what_a_get_reads(word) {
        return Verb::Read;
    }
    // "Check out the cart", "Check in a guest": a phrasal verb that acts.
    if word == "check" && rest.first().is_some_and(|w| w == "out" || w == "in") {
        return Verb::Act;
    }
    // Watching by a method that writes subscribes ("Watch a repository"); a GET's watch
    // streams what changes.
    if word == "watch" && !safe {
        return Verb::Switch;
    }
    if let Some(verb) = in_a_phrase(word, rest, safe, path) {
        return verb;
    }
    // Making an invitation sends one ("Create fleet invitation"), however often it is had.
    let invitation = |w: &String| matches!(w.as_str(), "invitation" | "invitations");
    if verb == Verb::Create && rest.iter().take(3).any(invitation) {
        return Verb::Repeat;
    }
    let sets_a_mark = word == "set" && rest.iter().any(|w| vocabulary::MARKS.contains(&w.as_str()));
    if let Some(verb) = starts_or_stops_a_run(word, rest) {
        return verb;
    }
    if word == "mark" && marks_a_final_state(rest) {
        return Verb::Settle;
    }
    let starts_itself = word == "start" && acts_on_its_resource(path, word);
    if sets_a_mark || starts_itself || undoes(word, text) {
        Verb::Switch
    } else {
        verb
    }
}

/// Whether what a PUT pushes is the resource at its URI, and nothing says more: "Push a
/// location" at `/locations/{locationId}` stores it there (an OCPI receiver; attack 79),
/// where "Push a notification" at `/devices/{id}/notification` sends one, and "Pushes the
/// deployment to the devices ... and restarts them" does more than store it.
fn pushed_to_its_uri(rest: &[String], facts: &Facts<'_>) -> bool {
    let Some(path) = facts.path.filter(|p| p.ends_with('}')) else {
        return false;
    };
    // (Its description, if any, says it stores: "Creates or replaces the location".)
    let stores = facts.description.as_deref().is_none_or(|d| {
        let lower = d.to_ascii_lowercase();
        ["replaces", "stores", "upserts", "creates or updates"]
            .iter()
            .any(|w| lower.contains(w))
    });
    if !stores {
        return false;
    }
    let object = rest
        .iter()
        .find(|w| !vocabulary::DETERMINERS.contains(&w.as_str()));
    let segments: Vec<&str> = path.split('/').filter(|s| !s.starts_with('{')).collect();
    object.is_some_and(|object| {
        let last = segments.last().copied().unwrap_or_default();
        let singular = last.strip_suffix('s').unwrap_or(last);
        !object.is_empty() && (last == object || singular == object)
    })
}

/// What starting or stopping a run does: starting a workflow, a job or a build makes a run
/// of it each time (starting a machine or a server is a state its opposite undoes), and so
/// does starting "a new" anything ("Starts a new run of the test"); stopping one ends it
/// for good, as cancelling does; starting afresh or over clears what was there.
fn starts_or_stops_a_run(word: &str, rest: &[String]) -> Option<Verb> {
    let a_run = |w: &String| vocabulary::RUNS.contains(&w.as_str()) || w == "new";
    if word == "start" && rest.iter().take(3).any(a_run) {
        return Some(Verb::Repeat);
    }
    // ("Stop a parking session", Harbor's `stopReplication`, Argo's `StopWorkflow`; a
    // broadcast is a campaign, stopped and started again: CallFire's.)
    let a_run_to_end = |w: &String| {
        (a_run(w) && w != "broadcast") || w == "replication" || w.starts_with("execution")
    };
    if word == "stop" && rest.iter().take(3).any(a_run_to_end) {
        return Some(Verb::Settle);
    }
    // (Chargebee's time machine "Start afresh".)
    let afresh = rest.first().is_some_and(|w| w == "afresh" || w == "over");
    (word == "start" && afresh).then_some(Verb::Renew)
}

/// Whether "mark" puts its object in a status nothing takes back: "Mark an open invoice as
/// failed", `mark_uncollectible`.
fn marks_a_final_state(rest: &[String]) -> bool {
    let is_final = |w: &String| vocabulary::FINAL_STATES.contains(&w.as_str());
    let after_as = rest.iter().take(6).position(|w| w == "as").map(|i| i + 1);
    rest.get(after_as.unwrap_or(0)).is_some_and(is_final)
}

/// What a verb does by what it acts on: a worker polling for a task or a job is handed one,
/// which no other worker then gets (polling a job's status reads it); a draft or a template
/// published replaces the live one; records produced to a topic are sent; a thing listed
/// for sale is put up; money or goods
/// returned move back ("Return Received
/// ACH Transaction", "Returns (aka refunds) an amount back to a card"), and so does a drone
/// told to "Return home": an act, not an answer, which may reverse a credit (so nothing is
/// said of adding) and may be made again (nor of repeating).
fn acts_by_its_object(word: &str, rest: &[String], safe: bool) -> Option<Verb> {
    let work = |w: &[String]| {
        matches!(w[0].as_str(), "task" | "tasks" | "job" | "jobs" | "work")
            && w.get(1).is_none_or(|next| !vocabulary::is_read_thing(next))
    };
    let near = &rest[..rest.len().min(4)];
    if word == "poll" && (0..near.len()).any(|i| work(&rest[i..])) {
        return Some(Verb::Repeat);
    }
    // A draft, content, a template, a policy or a site published replaces the live one
    // (Mandrill's "Publish the content for the template": the draft replaces what is used;
    // Fireblocks' policy): nothing is said of adding another. (A message, a version or a
    // package published adds one.)
    let replaced = |w: &String| {
        matches!(
            w.as_str(),
            "draft"
                | "drafts"
                | "content"
                | "template"
                | "templates"
                | "changes"
                | "policy"
                | "policies"
                | "rules"
                | "site"
                | "project"
                | "config"
                | "configuration"
                | "workflow"
        )
    };
    if word == "publish" && !safe && rest.iter().take(4).any(replaced) {
        return Some(Verb::Act);
    }
    // Records or messages produced to a topic are sent (Kafka's "Produce Records"), where
    // a report produced is an answer.
    let sent = |w: &String| {
        matches!(
            w.as_str(),
            "record" | "records" | "message" | "messages" | "event" | "events" | "to"
        )
    };
    if word == "produce" && !safe && rest.iter().take(3).any(sent) {
        return Some(Verb::Repeat);
    }
    // Tickets listed "for resale", a house "for rent" by a method that writes: a listing
    // made, no list read ("List homes for sale" by GET reads them).
    let for_sale = rest.windows(2).take(4).any(|pair| {
        pair[0] == "for" && matches!(pair[1].as_str(), "sale" | "resale" | "rent" | "auction")
    });
    if word == "list" && for_sale && !safe {
        return Some(Verb::Create);
    }
    // Statement lines matched to ledger entries, a payment to an invoice, or matched
    // "automatically": links written, no search (a reconciliation's "Match automatically").
    let links = rest.first().is_some_and(|w| w == "automatically")
        || rest.iter().take(6).any(|w| w == "to");
    if word == "match" && links && !safe {
        return Some(Verb::Act);
    }
    // A customer data platform's bare "Identify", or one of a user, records who the user is
    // and their traits (Segment's `POST /v1/identify`); a document's language identified
    // is an answer ("Identifies the language of the document").
    let a_person = |w: &String| {
        matches!(
            w.as_str(),
            "user" | "users" | "visitor" | "visitors" | "customer" | "customers" | "traits"
        )
    };
    if word == "identify" && !safe && object(rest).is_none_or(a_person) {
        return Some(Verb::Act);
    }
    // A signal sent to a machine or a process may stop it (Fly's `SIGKILL`): no message
    // added.
    let signal = |w: &String| w == "signal" || w == "signals";
    if word == "send" && rest.iter().take(3).any(signal) {
        return Some(Verb::Act);
    }
    // "Rebuild a build", "Rebuild the latest build" make another run (attack 71), where an
    // index or a cache rebuilt is replaced: the run heads the object ("Rebuild pipeline
    // cache" rebuilds a cache).
    let head = object_words(rest).and_then(|(object, _)| object.last().copied());
    let a_run = head.is_some_and(|w| vocabulary::RUNS.contains(&w.as_str()));
    if word == "rebuild" && !safe && a_run {
        return Some(Verb::Repeat);
    }
    if !safe && moves_an_amount(word, rest) {
        return Some(Verb::Repeat);
    }
    (!safe && word == "return" && sends_back(rest)).then_some(Verb::Act)
}

/// Whether `word`, a verb in any person, moves an amount by what is given ("Add funds to
/// carrier", "Awards experience points to the player", "Deposit funds into a wallet", "Top
/// up the prepaid balance", "Add 30 days"): each call moves it again. The amount heads the
/// object, before any preposition but "of" ("points of interest"), and what stands before
/// it only says which (a number, "bonus", "loyalty"): a balance alert, a credit memo, work
/// experience or business hours is a thing. (Or what the call is given: "Adds the received
/// quantity to the on-hand stock".)
pub(super) fn moves_an_amount(word: &str, rest: &[String]) -> bool {
    const WHICH: [&str; 13] = [
        "given",
        "received",
        "requested",
        "specified",
        "bonus",
        "loyalty",
        "reward",
        "rewards",
        "extra",
        "more",
        "additional",
        "prepaid",
        "free",
    ];
    let forms = [Some(word), word.strip_suffix("es"), word.strip_suffix('s')];
    let verb = (forms.into_iter().flatten()).any(|form| vocabulary::AMOUNT_VERBS.contains(&form));
    let rest = rest.strip_prefix(&["up".to_string()]).unwrap_or(rest);
    let Some((object, after)) = object_words(rest) else {
        return false;
    };
    let number = |w: &String| w.chars().all(|c| c.is_ascii_digit());
    let which = |w: &&String| {
        number(w) || WHICH.contains(&w.as_str()) || vocabulary::AMOUNTS.contains(&w.as_str())
    };
    let (head, before) = object.split_last().expect("an object has a word");
    let amount = vocabulary::AMOUNTS.contains(&head.as_str()) && before.iter().all(which);
    // Time, only first ("Add 30 days", not "Add business hours").
    let time = matches!(
        head.as_str(),
        "minutes" | "hours" | "days" | "weeks" | "months" | "years"
    ) && before.iter().all(|w| number(w));
    verb && (amount || time) && after.is_none_or(|w| w != "of")
}

/// The words of a verb's object in `rest`, past its determiners and before a preposition
/// (at most three), and the word that ends them.
fn object_words(rest: &[String]) -> Option<(Vec<&String>, Option<&String>)> {
    const ENDS: [&str; 20] = [
        "to", "from", "for", "of", "in", "on", "onto", "with", "and", "or", "into", "via", "by",
        "at", "per", "using", "through", "against", "as", "within",
    ];
    let words = rest
        .iter()
        .skip_while(|w| vocabulary::DETERMINERS.contains(&w.as_str()));
    let object: Vec<&String> = words
        .clone()
        .take_while(|w| !ENDS.contains(&w.as_str()))
        .collect();
    let after = words.clone().nth(object.len());
    (!object.is_empty() && object.len() <= 3).then_some((object, after))
}

/// Whether "return" sends what follows back: money (an ACH transaction, funds, a refund),
/// goods, a drone home, or anything "to" somewhere.
fn sends_back(rest: &[String]) -> bool {
    let sent_back = |w: &String| {
        matches!(
            w.as_str(),
            "back"
                | "ach"
                | "funds"
                | "refund"
                | "refunds"
                | "merchandise"
                | "shipment"
                | "home"
                | "dock"
                | "launch"
                | "charger"
        )
    };
    // ("Return to stock", "Return to sender": whatever follows "to".)
    let to = rest.first().is_some_and(|w| w == "to");
    // ("Return Delivery", "Return a parcel": goods straight after the verb; "Returns the
    // bound profile package" answers.)
    let goods = object(rest)
        .is_some_and(|w| matches!(w.as_str(), "delivery" | "package" | "parcel" | "goods"));
    to || goods || rest.iter().take(6).any(sent_back)
}

/// What a verb acts on: the first of the words after it that is no determiner.
fn object(rest: &[String]) -> Option<&String> {
    rest.iter()
        .find(|w| !vocabulary::DETERMINERS.contains(&w.as_str()))
}

/// Whether, on a GET, `word` says what is read: "new" before a plural names what is recent
/// (`new_releases`; on a method that writes, it makes them: "New users" posted), and a
/// feed or a stream is followed with a cursor ("Follow a feed of vehicle stats"), and
/// "reverse" is an adjective ("Reverse geocode").
fn a_get_reads(word: &str, rest: &[String]) -> bool {
    let new = word == "new" && rest.first().is_some_and(|w| is_plural(w));
    let feed = |w: &String| {
        matches!(
            w.as_str(),
            "feed" | "feeds" | "stream" | "changes" | "log" | "logs"
        )
    };
    // ("Reverse geocode", "reverse lookup": an adjective, where a payment reversed is undone;
    // "Change data capture": the objects changed since a time.)
    let change_data = word == "change" && rest.first().is_some_and(|w| w == "data");
    new || (word == "follow" && rest.iter().take(3).any(feed)) || word == "reverse" || change_data
}
