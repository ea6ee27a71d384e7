//! The words the evidence reader knows: what a verb says an operation does, the nouns and
//! phrases that matter, and a word list to split glued identifiers (`getinputtokencounts`).
//! The lists are judged by `tests/hints.rs` on labelled operations: change them there.

use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::LazyLock;

use aho_corasick::AhoCorasick;

/// What a verb says an operation does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    /// Only reads or computes: get, list, search, count, validate, render, classify...
    Read,
    /// Adds something new: create, add, insert...
    Create,
    /// Adds an effect on every call: send, trigger, run, charge, append, toggle...
    Repeat,
    /// Sets a switch or a membership that the opposite verb undoes: star, lock, follow,
    /// enable, and their undoing (unstar, unlock, unfollow, disable).
    Switch,
    /// Overwrites what exists with given values: update, set, replace, rename...
    Update,
    /// Replaces what exists with something new on every call: reset, regenerate, rotate,
    /// roll back...
    Renew,
    /// Removes or irreversibly ends something: delete, remove, revoke, cancel, purge...
    Destroy,
    /// Moves something to a final state: approve, reject, void, capture... Moving it there
    /// again changes nothing; nothing moves it back.
    Settle,
    /// Acts in some other way: approve, verify, sync, connect, login...
    Act,
}

const READ: &[&str] = &[
    "get",
    "list",
    "search",
    "find",
    "fetch",
    "query",
    "count",
    "describe",
    "lookup",
    "read",
    "show",
    "view",
    "see",
    "autocomplete",
    "retrieve",
    "browse",
    "head",
    "exists",
    "check",
    "watch",
    "download",
    "poll",
    "preview",
    "inspect",
    "compare",
    "diff",
    "render",
    "validate",
    "estimate",
    // "Price an endorsement": what it would cost (Socotra).
    "price",
    "calculate",
    "compute",
    "classify",
    "moderate",
    "embed",
    "extract",
    "summarize",
    "summarise",
    "tokenize",
    "analyze",
    "analyse",
    "detect",
    "return",
    "explain",
    "filter",
    "match",
    "lint",
    "evaluate",
    "score",
    "provide",
    "predict",
    "translate",
    "transcribe",
    "display",
    "print",
    "echo",
    "present",
    "output",
    "obtain",
    "identify",
    "parse",
    "geocode",
    "locate",
    "produce",
    // Ably's "Enumerate all active channels".
    "enumerate",
];

const CREATE: &[&str] = &[
    "create",
    "add",
    "insert",
    "register",
    "new",
    "open",
    "make",
    "upload",
    "fork",
    "clone",
    "copy",
    "duplicate",
    "mint",
    "issue",
    "generate",
    "provision",
    "purchase",
    "buy",
    "place",
    "reserve",
    "shorten",
    "import",
    "login",
    "signin",
    "signup",
];

const REPEAT: &[&str] = &[
    "send",
    "resend",
    "notify",
    "remind",
    "broadcast",
    "trigger",
    "run",
    "rerun",
    "retry",
    "rerequest",
    "redeliver",
    "dispatch",
    "execute",
    "perform",
    "invoke",
    "call",
    "ping",
    "test",
    "charge",
    "pay",
    "refund",
    "order",
    "book",
    "submit",
    "publish",
    "post",
    "append",
    "increment",
    "decrement",
    // "and deducts a visit from the member's class pack" (attack 82).
    "deduct",
    "toggle",
    "flip",
    "enqueue",
    "queue",
    "schedule",
    "deploy",
    "restart",
    "reboot",
    "start",
    // "Initiates the process of estimating ...", "Initiates a file upload": another each call.
    "initiate",
    "exchange",
    "request",
    "dial",
    "export",
    "emit",
    "reply",
    "comment",
    "invite",
    "launch",
    "swap",
    "begin",
    // "Records the result": each call keeps another.
    "record",
    "push",
    // Relative moves and one-shot device acts: each call skips, rewinds or beeps again.
    "skip",
    "rewind",
    "dispense",
    "beep",
    "blink",
    // Money paid out: each call moves more (attack 28).
    "disburse",
];

const SWITCH: &[&str] = &[
    "star",
    "unstar",
    "follow",
    "unfollow",
    "lock",
    "unlock",
    "block",
    "unblock",
    "pin",
    "unpin",
    "assign",
    "unassign",
    "subscribe",
    "unsubscribe",
    "unwatch",
    "archive",
    "unarchive",
    "mute",
    "unmute",
    "suspend",
    "unsuspend",
    "hide",
    "unhide",
    "label",
    "unlabel",
    "tag",
    "untag",
    "unmap",
    "like",
    "unlike",
    "favorite",
    "unfavorite",
    "favourite",
    "unfavourite",
    "bookmark",
    "unbookmark",
    "enable",
    "disable",
    "mark",
    "pause",
    "resume",
    "stop",
    "activate",
    "deactivate",
    "trash",
    "untrash",
    "logout",
    "unban",
    "poweroff",
    "poweron",
    "deallocate",
    "shutdown",
    "hibernate",
    // A node cordoned, a volume mounted, an alert silenced, a player playing (attack 27).
    "cordon",
    "uncordon",
    "mount",
    "unmount",
    "silence",
    "unsilence",
    "snooze",
    "unsnooze",
    "quarantine",
    "unquarantine",
    "arm",
    "disarm",
    "play",
    // An account frozen, a post unpublished, a student enrolled (attack 28).
    "freeze",
    "unfreeze",
    "unpublish",
    "enroll",
    "unenroll",
];

const UPDATE: &[&str] = &[
    "update",
    // HMRC names its updates "Amend ..." (attack 39).
    "amend",
    "set",
    "replace",
    "put",
    "patch",
    "modify",
    "edit",
    "change",
    "configure",
    "rename",
    "upsert",
    "save",
    "write",
    "move",
    "reorder",
    "reschedule",
    "reprioritize",
    "apply",
    "restore",
    "promote",
    "convert",
    "merge",
    "migrate",
    "upgrade",
    "resize",
    "scale",
    "transfer",
    "recover",
    // Demoted to a role, tuned to a channel, seeked to a position: set to a value.
    "demote",
    "tune",
    "seek",
    // Downgraded to a plan, as upgraded.
    "downgrade",
];

const RENEW: &[&str] = &[
    "reset",
    "regenerate",
    "rotate",
    "recycle",
    "rollback",
    "revert",
    // A claim or a payment reversed is undone (attack 44).
    "reverse",
    "refresh",
    "renew",
    "reissue",
    "reroll",
    "reimage",
    "recreate",
    // Rebuilding an index or an image replaces it with a new one.
    "rebuild",
];

/// Renewals that make something new (a key, a certificate) on every call, whatever the
/// method: on a PUT too, a retry makes another. (A reset or a rollback returns to one state.)
pub const MINTS: &[&str] = &[
    "regenerate",
    "rotate",
    "refresh",
    "renew",
    "reissue",
    "reroll",
    "recreate",
];

const DESTROY: &[&str] = &[
    "recall",
    // Words redacted from a comment are gone for good.
    "redact",
    "delete",
    "remove",
    "destroy",
    "purge",
    "drop",
    "wipe",
    "truncate",
    "overwrite",
    "revoke",
    "erase",
    "evict",
    "terminate",
    "kill",
    "discard",
    "clear",
    "uninstall",
    "deregister",
    "unregister",
    "cancel",
    "close",
    "expire",
    "invalidate",
    "detach",
    "unlink",
    "unbind",
    "dismiss",
    "rescind",
    "withdraw",
    // A ban takes the member out; unbanning only lets them ask to join again.
    "ban",
    // Pruning unused images, kicking a member, decommissioning a node (attack 27).
    "prune",
    "shred",
    "kick",
    "decommission",
    "deprovision",
    "undeploy",
];

/// Verbs that move something to a final state: repeated, nothing more happens.
const SETTLE: &[&str] = &[
    "approve",
    "accept",
    "confirm",
    "complete",
    "finalize",
    "reject",
    "decline",
    "deny",
    "void",
    "capture",
    "abandon",
    "end",
    // An alert or an event acknowledged stays so.
    "ack",
    "acknowledge",
    // A shipped order stays shipped.
    "ship",
];

/// Statuses that nothing takes back: an invoice marked paid, failed or uncollectible, a
/// deal marked lost, a stay marked processed (checked out). (Marked read, seen, done or
/// spam, a thing is marked again the other way.)
pub const FINAL_STATES: &[&str] = &[
    "paid",
    "failed",
    "successful",
    "uncollectible",
    "lost",
    "won",
    "fraudulent",
    "void",
    "voided",
    "delivered",
    "processed",
    "shipped",
    "fulfilled",
    "settled",
    "refunded",
    "cancelled",
    "canceled",
    "abandoned",
];

const ACT: &[&str] = &[
    // Google Ads' `MutateLabels`: "Creates, updates, or removes labels" in one batch; what
    // it creates is new each call, whatever "Creates or updates" says.
    "mutate",
    "verify",
    "sync",
    // Switching an input or a plan acts (a GET "Switch input"); "Switch details" of a
    // network switch reads; a field switched with no value flips (`idempotent`).
    "switch",
    "connect",
    "sign",
    "transition",
    "authorize",
    "authenticate",
    "link",
    "attach",
    "bind",
    "review",
    "redirect",
    "install",
    "resolve",
    "reopen",
    "escalate",
    "synchronize",
    "grant",
    "claim",
    // Admin and device acts (attack 27): "Flush cache", "Drain nodes", "Wake devices".
    "flush",
    "reload",
    "reindex",
    "rescan",
    "resync",
    "reconnect",
    "repair",
    "reprocess",
    "drain",
    "wake",
    "quiesce",
    "evacuate",
    "vacuum",
    "compact",
    "defragment",
    "pair",
    "adopt",
    "eject",
    // Recalculated totals are saved (attack 28: "Recalculate line totals and save them").
    "recalculate",
    "recompute",
];

/// What `word` (lower case) says, if it is a verb this reader knows.
pub fn verb(word: &str) -> Option<Verb> {
    // Looked up for every word of every operation: a map, built once.
    static VERBS: LazyLock<FxHashMap<&str, Verb>> = LazyLock::new(|| {
        let classes = [
            (READ, Verb::Read),
            (CREATE, Verb::Create),
            (REPEAT, Verb::Repeat),
            (SWITCH, Verb::Switch),
            (UPDATE, Verb::Update),
            (RENEW, Verb::Renew),
            (DESTROY, Verb::Destroy),
            (SETTLE, Verb::Settle),
            (ACT, Verb::Act),
        ];
        classes
            .into_iter()
            .flat_map(|(list, class)| list.iter().map(move |word| (*word, class)))
            .collect()
    });
    // A word this map lacks that redoes an act adding an effect each time (`redeploy`,
    // `resubmit`, `republish`) adds another.
    let redone = || {
        let stem = word.strip_prefix("re")?;
        (stem.len() > 2 && VERBS.get(stem) == Some(&Verb::Repeat)).then_some(Verb::Repeat)
    };
    // British spellings of the same verbs (`authorise`, `finalise`, Moodle's `enrol`).
    let british = || {
        let american = match word.strip_suffix("ise") {
            Some(stem) => format!("{stem}ize"),
            None if word.ends_with("rol") => format!("{word}l"),
            None => return None,
        };
        VERBS.get(american.as_str()).copied()
    };
    VERBS.get(word).copied().or_else(redone).or_else(british)
}

/// A verb as it stands first in a summary, in the imperative or the third person:
/// `Lists` -> list, `Searches` -> search, `Modifies` -> modify.
pub fn summary_verb(word: &str) -> Option<(String, Verb)> {
    // (Called for many words of every operation: a form is made only to be looked up.)
    let mut word = word.to_ascii_lowercase();
    word.retain(|c| c != '-');
    let found = |form: &str| verb(form).map(|class| (form.to_string(), class));
    if let Some(hit) = found(&word) {
        return Some(hit);
    }
    if let Some(stem) = word.strip_suffix("ing") {
        // "Resetting", "Cancelling", "Running": the consonant doubled before -ing.
        let doubled = match stem.as_bytes() {
            [.., a, b] if a == b && !b"aeiou".contains(b) => Some(&stem[..stem.len() - 1]),
            _ => None,
        };
        let hit = (found(stem))
            .or_else(|| found(&format!("{stem}e")))
            .or_else(|| doubled.and_then(found));
        if hit.is_some() {
            return hit;
        }
    }
    let ies = word.strip_suffix("ies").map(|stem| format!("{stem}y"));
    (ies.as_deref().and_then(found))
        .or_else(|| word.strip_suffix("es").and_then(found))
        .or_else(|| word.strip_suffix('s').and_then(found))
}

/// The verb a noun names the act of, when it names one (`deletion` -> delete, `rotation`
/// -> rotate, `cancellation` -> cancel, `suspension` -> suspend, `removal` -> remove,
/// `closure` -> close, `deployment` -> deploy); `None` for a noun that names a thing.
pub fn nominalized_verb(word: &str) -> Option<Verb> {
    let mut forms = Vec::new();
    if let Some(stem) = word.strip_suffix("ion") {
        forms.extend([stem.to_string(), format!("{stem}e")]);
        if let Some(root) = stem.strip_suffix("ificat") {
            forms.push(format!("{root}ify"));
        }
        if let Some(root) = stem.strip_suffix("at") {
            // `cancellation`: the consonant doubled before the ending.
            let undoubled = match root.as_bytes() {
                [.., a, b] if a == b => &root[..root.len() - 1],
                _ => root,
            };
            forms.extend([root.to_string(), undoubled.to_string()]);
        }
        if let Some(root) = stem.strip_suffix('s') {
            forms.push(format!("{root}d"));
        }
    }
    for ending in ["al", "ure", "ment"] {
        if let Some(stem) = word.strip_suffix(ending) {
            forms.extend([stem.to_string(), format!("{stem}e")]);
        }
    }
    forms
        .iter()
        .filter(|form| form.len() > 2)
        .find_map(|form| verb(form))
}

/// Things an operation adds to or removes from a set, so that removing one loses nothing
/// that adding it back does not restore: a label on an issue, an assignee, a member of a
/// selection...
pub const RELATIONS: &[&str] = &[
    "label",
    "labels",
    "assignee",
    "assignees",
    "reviewer",
    "reviewers",
    "starred",
    "following",
    "lock",
    "pin",
    "tag",
    "tags",
    "topic",
    "topics",
    "watcher",
    "watchers",
    "mute",
    "suspended",
    "selected",
    "resources",
    "repositories",
    "collaborator",
    "collaborators",
    "member",
    "members",
    "participant",
    "participants",
    "restrictions",
    "mappings",
    "droplets",
];

/// Switches that set a person's own mark on something: made once, whatever a response
/// says (a 201 for a follow is the follow, not a new thing each call). Not subscribing,
/// pinning, blocking, labelling or tagging: in many APIs those make billable or new things.
pub const PERSONS_MARKS: &[&str] = &[
    "star",
    "follow",
    "like",
    "favorite",
    "favourite",
    "bookmark",
    "mute",
];

/// A person's own marks on something (a reaction, a subscription, a star): deleting one
/// is a relation removed, where deleting a label deletes the label.
pub const MARKS: &[&str] = &[
    "reaction",
    "reactions",
    "subscription",
    "subscriptions",
    "star",
    "stars",
    "vote",
    "votes",
    "like",
    "likes",
    "bookmark",
    "bookmarks",
    "favorite",
    "favorites",
    "favourite",
    "favourites",
];

/// Verbs that take a relation apart rather than destroy the thing: remove a label.
pub const DETACH: &[&str] = &[
    "remove", "detach", "unlink", "unbind", "unassign", "untag", "unmap",
];

/// Nouns in a path or name that say an operation overwrites, moves or ends something,
/// whatever its verb: they veto a suggestion that it is not destructive.
pub const DESTRUCTIVE_NOUNS: &[&str] = &[
    "eviction",
    "rollback",
    // A recovery code's regeneration removes the old one (Auth0).
    "regeneration",
    // An inventory adjustment changes the on-hand count in place.
    "adjustment",
    // A deployment replaces what runs in its environment (AppVeyor's "Start deployment").
    "deployment",
    "restore",
    "merge",
    "transfer",
    "garbage",
    // Harbor's `/system/gc/schedule` ("Create a gc schedule": a manual one runs at once).
    "gc",
    "cancellation",
    "deletion",
    "reset",
    "batch",
    "bulk",
    "migrate",
    "migration",
    "promote",
    "upgrade",
    "recycle",
    "rotation",
    "rename",
    "revert",
    "replace",
    "upsert",
    "import",
    "refund",
    "refunds",
    "reversal",
    "cleanup",
    "termination",
    // A card's or a user's state changed by creating one (Marqeta's "Create user
    // transition"), which may be final.
    "transition",
    "invalidation",
    "purge",
    "wipe",
    "erasure",
    "closure",
    "revocation",
    "removal",
    "decommission",
    "takedown",
    "chargeback",
    "liquidation",
    "expungement",
    "dissolution",
    "teardown",
    "destruction",
];

/// Whether `word` (lower case) is one of [`DESTRUCTIVE_NOUNS`], in the singular or the
/// plural (`/v1/cancellations`, "Create reversals").
pub fn is_destructive_noun(word: &str) -> bool {
    // ("gcs" is Google Cloud Storage, no garbage collections.)
    let singular = word
        .strip_suffix('s')
        .filter(|s| s.len() > 2)
        .unwrap_or(word);
    DESTRUCTIVE_NOUNS.contains(&word) || DESTRUCTIVE_NOUNS.contains(&singular)
}

/// What a container registry holds, which a GET's "pull" downloads and a PUT's "push"
/// uploads to its reference ("Pull a manifest", "Push a manifest"; attack 67).
pub const REGISTRY_CONTENT: &[&str] = &[
    "manifest", "image", "tag", "blob", "artifact", "chart", "layer",
];

/// Whether `word` (lower case) is [`REGISTRY_CONTENT`], in the singular or the plural.
pub fn is_registry_content(word: &str) -> bool {
    REGISTRY_CONTENT.contains(&word.strip_suffix('s').unwrap_or(word))
}

/// Verbs, in the third person, that make a new thing ("Every request adds a new note").
pub const MAKES: &[&str] = &[
    "adds",
    "creates",
    "generates",
    "issues",
    "mints",
    "opens",
    "starts",
    "appends",
    "records",
    "inserts",
    "makes",
    "produces",
];

/// What [`MAKES`] says in the passive ("A new link is generated").
pub const MADE: &[&str] = &[
    "added",
    "created",
    "generated",
    "issued",
    "minted",
    "opened",
    "started",
    "appended",
    "recorded",
    "inserted",
    "made",
    "produced",
    // A masked phone number "allocated on each request" (attack 76), a sandbox provisioned.
    "allocated",
    "provisioned",
];

/// Verbs that move an amount by what is given ("Add funds to carrier", "Award experience",
/// "Load funds"): a repeat moves it again (attack 69, 68, 70).
pub const AMOUNT_VERBS: &[&str] = &[
    "add",
    "award",
    "grant",
    "give",
    "load",
    "deposit",
    "credit",
    "debit",
    "deduct",
    "subtract",
    "top",
    "increase",
    "decrease",
    "increment",
    "decrement",
];

/// Amounts an [`AMOUNT_VERBS`] verb moves. (Not "tokens": an access token is no amount;
/// nor hours or stock: "Add business hours", "Add stock to watchlist".)
pub const AMOUNTS: &[&str] = &[
    "funds",
    "money",
    "credit",
    "credits",
    "points",
    "xp",
    "experience",
    "balance",
    "coins",
    "miles",
    // "Adds the received quantity to the product's on-hand stock" (attack 79).
    "quantity",
];

/// Nouns that say money is held or paid back: capturing, completing or confirming one moves
/// it, and a retry must not be invited without an idempotency key (voiding or declining one
/// releases it).
pub const MONEY: &[&str] = &[
    "payment",
    "payments",
    "charge",
    "charges",
    "charged",
    "preauth",
    "checkout",
    "checkouts",
    "refund",
    "refunds",
];

/// Settling verbs that take held money.
pub const TAKES_MONEY: &[&str] = &["capture", "complete", "confirm", "finalize"];

/// Phrases of a description that say an operation changes nothing.
pub const READ_PHRASES: &[&str] = &[
    "does not modify",
    "does not change",
    "does not actually change",
    "doesn't change",
    "doesn't actually change",
    "doesn’t change",
    "doesn’t actually change",
    "does not create",
    "does not store",
    "does not save",
    "do not modify",
    "without saving",
    "without storing",
    "without changing",
    "without modifying",
    "without creating",
    "not saved",
    "not stored",
    "not kept",
    "not persisted",
    "nothing is saved",
    "nothing is stored",
    "nothing is created",
    "nothing is changed",
    "nothing is sent",
    "no side effect",
    "is discarded",
    "are discarded",
    "dry run",
    "dry-run",
    "read-only query",
    "read-only request",
    "are rejected",
    // A billing estimate: "similar to the Update a subscription API but the subscription
    // will not be updated".
    "will not be updated",
    "will not be created",
    "will not be changed",
    "will not be modified",
    "will not be saved",
    "will not be stored",
    "will not be persisted",
];

/// Phrases of a description that say every call has an effect of its own.
pub const REPEAT_PHRASES: &[&str] = &[
    "every call",
    "each call",
    "each time",
    "every time",
    "sends an email",
    "sends a message",
    "sends a notification",
    "sends a push notification",
    "sends an email notification",
    "email is sent",
    "emails are sent",
    "notification is sent",
    "notifications are sent",
    "receive a notification",
    "receives a notification",
    // "The organizer receives a response email" of "Accept an event", "emails them a link"
    // of "Offer a freed slot" (attack 76): a message on each call. (Not "and emails the":
    // "phone numbers and emails the contact has".)
    "receives an email",
    "receives an e-mail",
    "receives a response email",
    "receives a confirmation email",
    "receives a text message",
    "emails them",
    "notifies all",
    "notifies the",
    "is emailed",
    "are emailed",
    "triggers the",
    "triggers a",
    "webhook is triggered",
    "webhooks are triggered",
    "calling it again",
    "call it again",
    "call this again",
    "a repeat ",
    "is incremented",
    "are incremented",
    "will be incremented",
    "is increased",
    "are increased",
    "will be increased",
    "freshly generated",
    "returns a new",
    "newly generated",
    "one position",
    "is appended",
    "are appended",
    "will be inserted",
    "added to the current",
    "added to the existing",
    "relative to the current",
    "relative to its current",
    "by the offset",
    "is debited",
    "are debited",
    "will be debited",
    "increases the",
    "decreases the",
    "increments the",
    "decrements the",
    "is decremented",
    "are decremented",
    "will be decremented",
    // An inventory moved "by a certain amount (relative adjustment)".
    "relative adjustment",
    // A versioned store keeps each write as one more version (a secret's, a document's).
    "creates a new version",
    "a new version is created",
    "adds a new version",
    // "Each upload is stored as a new revision of the slot" (attack 68).
    "as a new revision",
    "as a new version",
    "creates a new revision",
    "a new revision is created",
    "by a certain amount",
    "by the given amount",
    "by the specified amount",
    "by the given quantity",
    // "Moves the price ... by the given number of ladder ticks" (attack 78).
    "by the given number of",
    "by the specified quantity",
    // "The first call deactivates the user and the second call deletes it" (Okta).
    "the second call",
    // A date moved "later by `extra_days` days, on top of any extension the student
    // already has" (attack 66). ("Later by" alone misfires: "a ride which was requested
    // earlier by providing the ride id".)
    "on top of any",
    "on top of the existing",
];

/// Phrases of a description that say an operation overwrites or destroys.
pub const DESTROY_PHRASES: &[&str] = &[
    "permanently",
    "is permanent",
    "are permanent",
    "cannot be undone",
    "can not be undone",
    "cannot be recovered",
    "can not be recovered",
    "cannot be reversed",
    "can not be reversed",
    "cannot be reactivated",
    "can not be reactivated",
    "cannot be reopened",
    // A chart note locked, a recording stopped (attack 44).
    "cannot be edited",
    "cannot be resumed",
    "cannot be restarted",
    "can no longer be",
    "cannot be unblocked",
    "cannot be unlocked",
    "cannot be unfrozen",
    // "Leaving the program forfeits any unpaid rewards".
    "forfeits",
    "is forfeited",
    "are forfeited",
    "cannot be turned off",
    "cannot be disabled",
    "cannot be reenabled",
    "cannot be re-enabled",
    "does not survive",
    "do not survive",
    "does not persist",
    "do not persist",
    "are dropped",
    "is dropped",
    "can never be",
    "destructive operation",
    "destructive action",
    "will erase",
    "erases all",
    "irreversible",
    "irreversibly",
    "potential data loss",
    "potential data-loss",
    "data loss is possible",
    "result in data loss",
    "results in data loss",
    "lead to data loss",
    "leads to data loss",
    "cause data loss",
    "causes data loss",
    "loss of data",
    "will be lost",
    "may be lost",
    "can be lost",
    "is lost",
    "are lost",
    "is discarded",
    "are discarded",
    "will be discarded",
    "wiped",
    // "All objects attached to the clock are cleared" (a single "is cleared" is often a
    // field: "the `conclusion` is cleared").
    "are cleared",
    "will be cleared",
    "are erased",
    "is erased",
    "will be erased",
    "no longer be available",
    "overwrites",
    "remove them from all",
    "removes them from all",
    "overrides existing",
    "overrides the existing",
    "replaces",
    "removes any",
    "clears",
    "will be deleted",
    "are deleted",
    "is deleted",
    "is overwritten",
    "are overwritten",
    "will be overwritten",
    "is removed",
    "are removed",
    "is replaced",
    "are replaced",
    "will be replaced",
    "to be overwritten",
    "merged with existing",
    "merged with the existing",
    "cancelled and replaced",
    // "This will remove the task from other sections": a move.
    "will remove",
    // "Submitting a change merges it into the target branch".
    "merges it into",
    "merges them into",
    "canceled and replaced",
    // "The existing lease term is ended": what ran is over.
    "is ended",
    "are ended",
    "will be ended",
    "is terminated",
    "are terminated",
    "will be terminated",
    "will be updated",
    "is updated with",
    "are updated with",
    "updates the existing",
    "gets overwritten",
    "get overwritten",
    "overwriting any",
    "overwriting the",
    "overwriting existing",
    "replacing any",
    "replacing the existing",
    "is purged",
    "are purged",
    "is regenerated",
    "are regenerated",
    "will be regenerated",
    "is invalidated",
    "are invalidated",
    "will be invalidated",
    "is revoked",
    "are revoked",
    "will be revoked",
    // What this call makes stale: "Links issued before stop working" (attack 80), "The
    // token the partner used for this request stops working" (attack 79).
    "stop working",
    "stops working",
    "will stop working",
    // "Printing converts the tickets to paper delivery: their mobile barcodes are voided"
    // (attack 78).
    "is voided",
    "are voided",
    "will be voided",
    "cannot be reverted",
    // A rollout that "Flashes the image to the given devices" overwrites their firmware
    // (attack 77); "Flashes the lights" does not.
    "flashes the image",
    "flashes the firmware",
    "flash the image",
    "flash the firmware",
    "will clear",
    "will replace",
    "will overwrite",
    "remove all",
    "removes all",
    "delete all",
    "deletes all",
    // What it does its act by: "Takes the asset offline by deleting all of its public
    // playback IDs" (attack 75).
    "by deleting",
    "by removing",
    "by revoking",
    "by erasing",
    "by purging",
    "by wiping",
    "by overwriting",
    // What a run it starts does: "Runs the retention policy, which deletes the artifacts
    // its rules do not retain" (attack 67).
    "which deletes",
    "which removes",
    // A compliance lock that "becomes immutable: it cannot be changed or deleted by anyone"
    // is no switch its opposite undoes (attack 68).
    // ("Cannot be removed" misfires: "The last participant of a group conversation cannot
    // be removed".)
    "becomes immutable",
    "become immutable",
    // A pointer moved to what is made no longer points where it did: "Tags of the copied
    // artifact that already exist in this repository are moved to it".
    "is moved to it",
    "is moved to this",
    "are moved to it",
    "are moved to this",
    // What an unlock takes back: "Published payslips are withdrawn".
    "is withdrawn",
    "are withdrawn",
    "marked as superseded",
    // What a repeat throws away: "For an IP that is already warming up, the plan starts
    // again from day one" (attack 73).
    "again from day one",
    "over from day one",
    "again from the beginning",
    "over from the beginning",
];

/// What a "create" makes when it only computes an answer and stores nothing: "Create
/// embeddings", "create a moderation", "Create an eligibility check".
pub const COMPUTED: &[&str] = &[
    "embedding",
    "embeddings",
    "moderation",
    "moderations",
    "classification",
    "classifications",
    "completion",
    "completions",
    "lookup",
    "lookups",
    "eligibility",
    "statistics",
    "estimate",
    "estimates",
    "preview",
    "previews",
];

/// Verbs that, on a GET, compute an answer from what they are given: "Convert a price to or
/// from VAT price", "Transform HTML", "Render a formula".
pub const CALCULATIONS: &[&str] = &["convert", "transform", "render", "normalize", "calculate"];

/// What a runner (`RUNNERS`) carries out when it only computes an answer: "Execute a
/// query", "Performs sentiment analysis", "Run a search".
pub const ANALYSES: &[&str] = &[
    "query",
    "queries",
    "search",
    "analysis",
    "analyses",
    "detection",
    "recognition",
    "classification",
    "extraction",
    "lemmatization",
];

/// Words that, standing after a name's first verb or after "or" in a summary, say the
/// operation overwrites too: `add-or-update`, `createOrReplace`, "Create or update".
const OVERWRITE_WORDS: &[&str] = &[
    "update",
    "amend",
    "upsert",
    "replace",
    "overwrite",
    "edit",
    "modify",
    "rename",
];

/// Whether `word`, in any form the summaries use ("updates", "replacing"), is one of the
/// [`OVERWRITE_WORDS`].
pub fn overwrites(word: &str) -> bool {
    let as_written = word.to_ascii_lowercase();
    OVERWRITE_WORDS.contains(&as_written.as_str())
        || summary_verb(word).is_some_and(|(base, _)| OVERWRITE_WORDS.contains(&base.as_str()))
}

/// The first words of a flag that asks to overwrite what is there (`overwrite`,
/// `replaceIfExists`, `drop_existing`, `upsert`, `clobber`, `update_existing`, Brevo's
/// `updateEnabled`), or of an enum's value that chooses to (`mode: overwrite`,
/// `conflictBehavior: replace`, Snowflake's `createMode: orReplace`).
pub const OVERWRITING_FLAGS: &[&str] = &[
    "overwrite",
    "replace",
    "drop",
    "recreate",
    "upsert",
    "clobber",
    "orreplace",
    "updateexisting",
    "updateenabled",
];

/// Whether a flag's name opens with one of [`OVERWRITING_FLAGS`], or is `force` alone (what
/// `forceChangePassword` forces is its own act), however it is spelt (`over_write`,
/// `x-overwrite`, `AllowOverwrite`).
pub fn overwriting_flag(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    let lower = lower.strip_prefix("x-").unwrap_or(&lower);
    let squashed: String = lower.chars().filter(char::is_ascii_alphabetic).collect();
    let squashed = squashed.strip_prefix("allow").unwrap_or(&squashed);
    squashed == "force" || OVERWRITING_FLAGS.iter().any(|w| squashed.starts_with(w))
}

/// Words that follow an imperative verb: "Uninstall *your* app", "Frobnicate *the* widget".
pub const DETERMINERS: &[&str] = &[
    "a", "an", "the", "your", "my", "our", "their", "this", "that", "these", "those", "all",
    "every", "each", "one", "some", "any",
];

/// What an opening names as its subject before the verb: "This endpoint returns", "The
/// method creates".
pub const SUBJECTS: &[&str] = &[
    "endpoint",
    "method",
    "operation",
    "call",
    "api",
    "service",
    "resource",
    "request",
    "function",
    "route",
];

/// Words after which a verb in the third person still has the call as its subject: "It
/// deletes", "and then deletes", "now removes", "also creates", and a label that opens a
/// sentence ("Note: deletes the cache entries").
pub const CARRY_THE_SUBJECT: &[&str] = &[
    "it",
    "this",
    "additionally",
    "afterwards",
    "automatically",
    "subsequently",
    "finally",
    "then",
    "also",
    "now",
    "and",
    "but",
    "thereby",
    "note",
    "warning",
    "important",
    "caution",
];

/// Words after a third-person word that say it is no verb acting on something: a noun
/// before a clause or a list ("Requests that ...", "Calls and texts"), or a verb with no
/// object ("Updates are ...").
pub const NO_OBJECT: &[&str] = &[
    "that", "which", "who", "whose", "where", "when", "and", "or", "but", "are", "is", "was",
    "were", "be", "been", "for", "to", "of", "in", "on", "at", "by", "with", "as", "if", "than",
    "from", "per", "daily", "hourly", "weekly", "monthly", "after", "every",
];

/// Adverbs that may stand between a modal and its verb: "It will also delete".
pub const ADVERBS: &[&str] = &[
    "also",
    "then",
    "automatically",
    "permanently",
    "immediately",
    "now",
    "always",
    "subsequently",
    "additionally",
    "finally",
    "async",
    "asynchronously",
];

/// Words before a verb in its base form that carry the subject to it: "It will delete".
pub const MODALS: &[&str] = &[
    "will", "may", "might", "can", "could", "would", "shall", "should", "must",
];

/// Verbs that, after the subject, say what an operation takes or is, not what it does:
/// "Method accepts a JSON array of queries", "It will accept", "It is deprecated".
pub const INPUT_VERBS: &[&str] = &[
    "accepts", "accept", "takes", "take", "expects", "expect", "receives", "receive", "requires",
    "require", "allows", "allow", "lets", "let", "is", "be", "does", "do",
];

/// Words that open a clause before the verb, never an imperative: "*Given* a word, returns
/// ...", "*For* each order ...", "*Based on* the ...", a status told by "*Whether* the loan
/// has funded" (attack 83).
pub const CLAUSE_OPENERS: &[&str] = &[
    "given", "based", "provided", "using", "assuming", "for", "with", "from", "by", "in", "on",
    "at", "to", "as", "if", "when", "per", "whether",
];

/// Update verbs that set given values, so that setting them again changes nothing: what an
/// RPC method that names no resource in its path (`/chat.update`, `/ips/set-custom-dns`)
/// must say to be idempotent. (Moving, merging, importing or converting are updates too,
/// but not set-to-value.)
pub const SET_TO_VALUE: &[&str] = &[
    "set",
    "update",
    "amend",
    "modify",
    "edit",
    "change",
    "configure",
    "rename",
    "replace",
    "put",
];

/// Verbs that send a message: each call adds one and changes nothing that exists, so one
/// of them is enough to say nothing is lost (running, publishing or deploying may replace).
pub const SENDS: &[&str] = &[
    "send",
    "resend",
    "notify",
    "remind",
    "broadcast",
    "reply",
    "comment",
    "invite",
];

/// Verbs that only say something is carried out; what is carried out decides whether it
/// writes: "Execute a read-only query", "run a dry run".
pub const RUNNERS: &[&str] = &["execute", "run", "invoke", "call", "perform"];

/// Whether `text` (lower case) holds `phrase` as whole words: "or update" is not in
/// "updated or".
pub fn has_phrase(text: &str, phrase: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    text.match_indices(phrase).any(|(at, found)| {
        !word(text[..at].chars().next_back()) && !word(text[at + found.len()..].chars().next())
    })
}

/// Words that say which of a kind a name reads (`currentUser`, `topStories`), where a
/// verb would stand: with [`looks_like_a_qualifier`]'s endings, not an unknown verb.
pub const QUALIFIERS: &[&str] = &[
    "top", "new", "all", "my", "own", "main", "random", "default", "nearby", "next", "last",
];

/// Whether `word` has an adjective's or a participle's ending (`latest`, `recent`,
/// `trending`, `featured`, `popular`, `public`, `daily`, `global`, `active`, `available`)
/// or is one of the [`QUALIFIERS`].
pub fn looks_like_a_qualifier(word: &str) -> bool {
    const ENDINGS: [&str; 11] = [
        "est", "ent", "ing", "ed", "ar", "ic", "ly", "al", "ive", "ble", "ous",
    ];
    QUALIFIERS.contains(&word) || ENDINGS.iter().any(|ending| word.ends_with(ending))
}

/// What is put into a stream, a log or a bus (`PutRecords`, `PutLogEvents`,
/// `PutMetricData`): each put adds another entry, where putting an item or a policy sets it.
pub const STREAM_ENTRIES: &[&str] = &[
    "record",
    "records",
    "event",
    "events",
    "log",
    "logs",
    "message",
    "messages",
    "telemetry",
    "metric",
    "metrics",
];

/// A path's last segment that names a place in a queue, not a thing: what is there is
/// another thing after each call.
pub const POSITIONS: &[&str] = &["head", "next", "first", "oldest", "newest", "front", "tail"];

/// What is run, not switched on: starting one makes another run each time ("Start a
/// workflow", "Start a build"), where starting a machine is a state.
pub const RUNS: &[&str] = &[
    "workflow",
    "workflows",
    "job",
    "jobs",
    "pipeline",
    "pipelines",
    "build",
    "builds",
    "run",
    "execution",
    "crawl",
    "scan",
    "backup",
    "export",
    "import",
    "deployment",
    "migration",
    "recording",
    "transcription",
    "session",
    "conversation",
    "call",
    "broadcast",
    "meeting",
    "sync",
    "test",
    "runbook",
    "script",
    "playbook",
    "task",
];

/// What a GET reads of a thing, which makes a verb before it part of the thing's name
/// ("Order details", "Login history", "Invite list").
pub const READ_THINGS: &[&str] = &[
    "details",
    "detail",
    "history",
    "status",
    "statuses",
    "list",
    "lists",
    "info",
    "information",
    "summary",
    "statistics",
    "stats",
    "reasons",
    "points",
    "types",
    "options",
    "count",
    "counts",
    "logs",
    "results",
    "limits",
    "activity",
    "fees",
    "receipt",
    "receipts",
    "policy",
    "quota",
    "quotas",
    "reason",
    "time",
    "url",
    "form",
    "recording",
    "recordings",
    "book",
];

/// Whether `word` names what a GET reads, or may read.
pub fn is_read_thing(word: &str) -> bool {
    READ_THINGS.contains(&word) || ACTED_ON_THINGS.contains(&word)
}

/// Things a GET reads that an act may also be done to ("Sync settings", "Pause queue",
/// "Enable rules", "Retry errors"): before them, a verb names what is read only where the
/// description opens by reading.
pub const ACTED_ON_THINGS: &[&str] = &[
    // "Refund quote" (attack 71): what an act would cost, named where the description
    // reads ("Calculates the amount refundable"); a quote is also sent, voided, accepted.
    "quote",
    "quotes",
    "window",
    "settings",
    "setting",
    "schedule",
    "rules",
    "queue",
    "errors",
    "eligibility",
    "windows",
    "coverage",
    "preferences",
    "targets",
    "candidates",
    // "Transfer log" (attack 75) under "Transfers from trust to operating"; "Post journal",
    // "Archive log" may act.
    "log",
    "journal",
    "ledger",
    "trail",
];

/// Of [`CONSUME_PHRASES`], those that say what is read is gone once read (a secret
/// destroyed once viewed, a code used once): reading it destroys it.
pub const CONSUMED_FOR_GOOD: &[&str] = &[
    "is destroyed",
    "are destroyed",
    "is burned",
    "are burned",
    "used just once",
    "used only once",
    "only be used once",
    "can be used once",
    "only be viewed once",
    // "Links created with `single_use` expire as soon as they are opened" (attack 70).
    "expire as soon as they are opened",
    "expires as soon as it is opened",
    // Found by `spent_once_used` only, not under a condition (attack 77).
    "link is spent",
    "token is spent",
    "code is spent",
    "marks the code as used",
    // "A link works once; opening it again returns 410" (attacks 71, 80).
    "works only once",
    "only works once",
    "token works once",
    "link works once",
    "code works once",
];

/// Phrases of a description that say what is read is changed by reading it (a queue's
/// message handed out, a notification marked read, a code that works once): said of a
/// GET, each call has an effect of its own. (Said of a POST, "are marked as read" is a
/// switch.)
pub const CONSUME_PHRASES: &[&str] = &[
    "dequeue",
    "dequeues",
    "marked as read",
    "become invisible",
    "becomes invisible",
    "is dequeued",
    "are dequeued",
    "removed from the queue",
    "deleted from the queue",
    "used just once",
    "used only once",
    "only be used once",
    // "The link signs the donor in ..., is valid for 30 minutes and can be used once".
    "can be used once",
    "marked as used",
    "is destroyed",
    "are destroyed",
    "is burned",
    "are acknowledged",
    "is assigned to the calling",
    "marked as seen",
    "only be viewed once",
    "are burned",
    "are locked",
    "is leased",
    "are leased",
    "is reserved for",
    "are reserved for",
    "is sent to",
    "are sent to",
    // "a copy of the receipt is also emailed to the payer" (attack 82).
    "is emailed to",
    "are emailed to",
    "is increased by",
    "one is created",
    "taken off the queue",
    "is handed to",
    "are handed to",
    "is handed out",
    "are handed out",
    "expires once",
    "marked as delivered",
    "marked as processed",
    "returned only once",
    "only returned once",
    "delivered only once",
    "only delivered once",
    "returned once per",
    // A mailbox of new filings (IRS MeF's `GetNewAcks`): what is handed out once is gone.
    "not been previously retrieved",
    "not previously retrieved",
    "not been retrieved yet",
    "not yet been retrieved",
    "not returned again",
    "not be returned again",
    "not returned by a later",
    // A feed that hands out each record once ("records in a batch are not included in any
    // later batch").
    "not included in any later",
    "not be included in any later",
    // A link or code good for one use ("Each token works once").
    "works only once",
    "only works once",
    "token works once",
    "link works once",
    "code works once",
    // A launch URL or a link that opens once ("can be launched only once", "stops working
    // after it has been opened").
    "launched only once",
    "only be launched once",
    "opened only once",
    "only be opened once",
    "stops working after it has been",
    "stops working once it has been",
    "flagged as retrieved",
    "marked as retrieved",
    // A bound eSIM profile package (GSMA ES9+ `getBoundProfilePackage`).
    "cannot be fetched again",
    "can not be fetched again",
    "cannot be retrieved again",
    "cannot be downloaded again",
    // A signing view's URL "valid for a single use" (DocuSign), a login session "then
    // consumed" (npm's web login poll).
    "single use",
    "single-use",
    "one-time use",
    "is then consumed",
    "are then consumed",
    "flagged as delivered",
    "flagged as read",
    "goes up by",
    // A filter polled for what "occurred since last poll" (`eth_getFilterChanges`).
    "since last poll",
    "since the last poll",
    "cursor advances",
    "are held for",
    "is held for",
    "side effect:",
    "side effects:",
    "expire as soon as they are opened",
    "expires as soon as it is opened",
    // An export "removed from storage after it has been downloaded" (attack 70).
    "after it has been downloaded",
    // A key "rotated after each retrieval", "A new code is issued on each request" (attack
    // 68): reading makes another.
    "after each retrieval",
    "new code is issued",
    "new key is issued",
    "new token is issued",
];

/// Phrases that say what a call that changes something ends besides: "Bookings the user
/// hosts in the period are cancelled ...; meeting invitations in the period are declined"
/// of "Add time off", "The user is signed out of every session" of a suspension (attack
/// 76). Not read of a GET, whose description tells a lifecycle so ("Orders not paid within
/// 24 hours are cancelled").
pub const ENDS_OTHERS: &[&str] = &[
    "are cancelled",
    "are canceled",
    "will be cancelled",
    "will be canceled",
    "automatically cancelled",
    "automatically canceled",
    "are declined",
    "are auto-declined",
    "signed out of",
    "signed out from",
    "logged out of",
    "logged out from",
    "signs them out",
    "logs them out",
    // What it stops or settles on its way (attack 79): "A transaction in progress on the
    // connector is stopped first" of an unlock, "the charge point ends the given
    // transaction" of a remote stop, an amendment "whose figures supersede those of the
    // original", a payment it "applies to outstanding fines".
    "stopped first",
    "ends the given",
    "ends the current",
    "supersede those",
    "supersedes those",
    "it to outstanding",
    "applies to outstanding",
    "applied to outstanding",
];

/// Phrases that say, in the passive or of the state, that a call writes: a POST whose
/// words read is not suggested read-only where its description says one ("The code is
/// sent to the user by SMS", "it will alter the state of the queue"). Not read where the
/// description says nothing is kept ("nothing is stored").
pub const WRITE_PHRASES: &[&str] = &[
    "is sent",
    "are sent",
    "is created",
    "are created",
    "is generated",
    "are generated",
    // "If the listener has no active token, a new one is issued" (attack 81). (Not "An
    // invoice is issued when its billing period closes".)
    "new one is issued",
    "new ones are issued",
    "is increased",
    "are increased",
    "is decreased",
    "is updated",
    "are updated",
    "is locked",
    "is stored",
    "are stored",
    "is saved",
    "are saved",
    "is recorded",
    "are recorded",
    "alter the state",
    "alters the state",
    "change the state",
    "changes the state",
    "modify the state",
    "modifies the state",
    // "The Profile state changes to Downloaded".
    "state changes to",
    "status changes to",
    "be deleted",
    "be removed",
    "be modified",
    "be altered",
    "be overwritten",
    "can alter",
    "can modify",
    "can delete",
    "ddl",
    "dml",
    "mutation",
    "mutations",
    "one-time",
    "single-use",
    "exported to a new",
    "is added",
    "are added",
    "will create",
    "will be created",
    "will be generated",
    "is held",
    "are held",
    "is charged",
    "are charged",
    "is bought",
    "are bought",
    "is purchased",
    "are purchased",
    "is debited",
    "are debited",
    // "the analysis runs now and its results are written to the contract's properties".
    "is written to",
    "are written to",
    // "The reward is credited on the first request of the day"; "a fresh set is generated
    // ... and saved" (attack 68).
    "is credited",
    "are credited",
    // "When true, the document is also checked out to the caller" (attack 75).
    "is checked out",
    "are checked out",
    "generated and stored",
    "created and stored",
];

/// Phrases that say a repeat changes nothing, counted only in a sentence that says what
/// is "already" there: "If a pool already exists with this name, no action will be
/// performed", "If the request has already been made, this method has no effect other than
/// to return the existing insight".
pub const NO_OP_PHRASES: &[&str] = &[
    "no action will be performed",
    "no action is performed",
    "no action is taken",
    "has no effect",
    "have no effect",
    "returns the existing",
    "return the existing",
];

/// The phrase lists, in the order [`phrases_in`] answers for them.
pub const PHRASE_LISTS: [&[&str]; 5] = [
    READ_PHRASES,
    REPEAT_PHRASES,
    DESTROY_PHRASES,
    CONSUME_PHRASES,
    NO_OP_PHRASES,
];

/// For each of [`PHRASE_LISTS`], the phrase of that list that `text` (lower case) holds as
/// whole words, the earliest in the list when several do. One pass over the text for all
/// of them: it runs on every operation's summary and description.
pub fn phrases_in(text: &str) -> [Option<&'static str>; 5] {
    static ALL: LazyLock<(AhoCorasick, Vec<(usize, usize)>)> = LazyLock::new(|| {
        let mut phrases = Vec::new();
        let mut origin = Vec::new();
        for (list, phrases_of_list) in PHRASE_LISTS.iter().enumerate() {
            for (index, phrase) in phrases_of_list.iter().enumerate() {
                phrases.push(*phrase);
                origin.push((list, index));
            }
        }
        let automaton = AhoCorasick::new(phrases).expect("the phrases are plain strings");
        (automaton, origin)
    });
    let (automaton, origin) = &*ALL;
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let mut earliest: [Option<usize>; 5] = [None; 5];
    for found in automaton.find_overlapping_iter(text) {
        let whole = !word(text[..found.start()].chars().next_back())
            && !word(text[found.end()..].chars().next());
        let (list, index) = origin[found.pattern().as_usize()];
        if whole && earliest[list].is_none_or(|e| index < e) {
            earliest[list] = Some(index);
        }
    }
    [0, 1, 2, 3, 4].map(|list| earliest[list].map(|index| PHRASE_LISTS[list][index]))
}

/// Whether `word`, before a plural on a GET, is the noun naming what is read ("Order
/// items", "Post comments", "Merge requests", "Login attempts"): a verb that is nearly
/// always the noun in a path, or login, signup, signin or merge ("Signup forms"); not one
/// that runs, copies or holds something ("Run jobs", "Export contacts", "Lock files").
pub fn names_what_a_get_reads(word: &str) -> bool {
    let acts_on_a_plural = [
        "run", "test", "book", "export", "import", "check", "copy", "stream", "schedule", "queue",
        "lock",
    ];
    (PATH_NOUNS.contains(&word) && !acts_on_a_plural.contains(&word))
        || matches!(word, "login" | "signup" | "signin" | "merge")
}

/// Verbs that, as a path segment, are nearly always the noun (`/store/order/{id}`).
pub const PATH_NOUNS: &[&str] = &[
    "order",
    "record",
    "post",
    "run",
    "issue",
    "comment",
    "request",
    "test",
    "book",
    "reply",
    "export",
    "import",
    "check",
    "copy",
    "stream",
    "schedule",
    "queue",
    "match",
    "label",
    "tag",
    "lock",
    "pin",
    "star",
    "like",
    "vote",
    "review",
    "link",
    "bookmark",
    "favorite",
    "favourite",
];

/// Whether `word` (lower case) is a noun this reader knows: one API identifiers are made
/// of, or one a reading names.
pub fn is_known_noun(word: &str) -> bool {
    NOUNS.contains(&word) || is_read_thing(word) || PATH_NOUNS.contains(&word)
}

/// Words that, besides the verbs, make up API identifiers: what the segmenter splits glued
/// lower-case names into.
const NOUNS: &[&str] = &[
    "account",
    "accounts",
    "api",
    "app",
    "apps",
    "batch",
    "body",
    "branch",
    "card",
    "cards",
    "charge",
    "comment",
    "comments",
    "config",
    "content",
    "contents",
    "count",
    "counts",
    "customer",
    "customers",
    "data",
    "detail",
    "details",
    "document",
    "documents",
    "email",
    "event",
    "events",
    "file",
    "files",
    "group",
    "groups",
    "id",
    "image",
    "images",
    "info",
    "input",
    "inputs",
    "invoice",
    "invoices",
    "issue",
    "issues",
    "item",
    "items",
    "job",
    "jobs",
    "key",
    "keys",
    "list",
    "log",
    "logs",
    "media",
    "member",
    "members",
    "message",
    "messages",
    "metadata",
    "model",
    "models",
    "name",
    "note",
    "notes",
    "order",
    "orders",
    "output",
    "owner",
    "page",
    "pages",
    "payment",
    "payments",
    "permission",
    "permissions",
    "pet",
    "pets",
    "plan",
    "plans",
    "post",
    "posts",
    "price",
    "product",
    "products",
    "property",
    "properties",
    "project",
    "projects",
    "query",
    "record",
    "records",
    "refund",
    "refunds",
    "release",
    "report",
    "reports",
    "repo",
    "repos",
    "request",
    "requests",
    "response",
    "responses",
    "role",
    "roles",
    "run",
    "runs",
    "secret",
    "secrets",
    "session",
    "sessions",
    "setting",
    "settings",
    "status",
    "store",
    "subscription",
    "summary",
    "task",
    "tasks",
    "team",
    "teams",
    "text",
    "token",
    "tokens",
    "type",
    "types",
    "usage",
    "user",
    "users",
    "value",
    "values",
    "version",
    "versions",
    "webhook",
    "webhooks",
    "workflow",
    "workflows",
    "workspace",
    // Lists named by a verb (a list of what is blocked): whole words, never the verb and
    // its object.
    "allowlist",
    "allowlists",
    "blacklist",
    "blacklists",
    "blocklist",
    "blocklists",
    "checklist",
    "checklists",
    "denylist",
    "denylists",
    "playlist",
    "playlists",
    "safelist",
    "waitlist",
    "watchlist",
    "watchlists",
    "whitelist",
    "whitelists",
    "by",
    "for",
    "all",
    "from",
    "to",
    "of",
    "my",
    "me",
];

fn is_word(word: &str) -> bool {
    verb(word).is_some() || is_noun(word)
}

/// Whether `word` (lower case) is a noun this reader knows (`info`, `content`, `status`).
fn is_noun(word: &str) -> bool {
    static NOUN_SET: LazyLock<FxHashSet<&str>> = LazyLock::new(|| NOUNS.iter().copied().collect());
    NOUN_SET.contains(word)
}

/// Splits a glued lower-case identifier into known words, fewest words first
/// (`getinputtokencounts` -> get input token counts); `None` when it cannot.
pub fn segment(glued: &str) -> Option<Vec<&str>> {
    // Every known word is lower-case letters (a test holds them so): `resource123` spells
    // none, and is not looked up piece by piece.
    if !glued.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    // best[i]: the fewest words that spell glued[..i], as the index where the last begins.
    let n = glued.len();
    let mut best: Vec<Option<(usize, usize)>> = vec![None; n + 1];
    best[0] = Some((0, 0));
    for end in 1..=n {
        for start in end.saturating_sub(16)..end {
            let (Some((count, _)), Some(word)) = (best[start], glued.get(start..end)) else {
                continue;
            };
            if is_word(word) && best[end].is_none_or(|(c, _)| count + 1 < c) {
                best[end] = Some((count + 1, start));
            }
        }
    }
    best[n]?;
    let mut words = Vec::new();
    let mut end = n;
    while end > 0 {
        let (_, start) = best[end]?;
        words.push(&glued[start..end]);
        end = start;
    }
    words.reverse();
    (words.len() > 1).then_some(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_words_are_lower_case_letters() {
        let classes = [
            READ, CREATE, REPEAT, SWITCH, UPDATE, RENEW, DESTROY, SETTLE, ACT,
        ];
        for word in classes.into_iter().chain([NOUNS]).flatten() {
            assert!(word.bytes().all(|b| b.is_ascii_lowercase()), "{word}");
        }
        assert_eq!(segment("resource123"), None);
        assert_eq!(segment("Getresource"), None);
    }

    #[test]
    fn glued_names_are_split_into_known_words() {
        assert_eq!(
            segment("getinputtokencounts").unwrap(),
            ["get", "input", "token", "counts"]
        );
        assert_eq!(
            segment("createorderrefund").unwrap(),
            ["create", "order", "refund"]
        );
        assert_eq!(segment("listpets").unwrap(), ["list", "pets"]);
        assert_eq!(segment("pets"), None, "one word is not glued");
        assert_eq!(segment("qwertyuiop"), None);
    }

    #[test]
    fn summary_verbs_in_the_third_person() {
        assert_eq!(summary_verb("Lists").unwrap().0, "list");
        assert_eq!(summary_verb("Searches").unwrap().0, "search");
        assert_eq!(summary_verb("Modifies").unwrap().1, Verb::Update);
        assert_eq!(summary_verb("Returns").unwrap().1, Verb::Read);
        assert_eq!(summary_verb("Pet"), None);
        assert_eq!(summary_verb("Re-run").unwrap().0, "rerun");
        assert_eq!(summary_verb("Searching").unwrap().0, "search");
        assert_eq!(summary_verb("Creating").unwrap().0, "create");
        assert_eq!(summary_verb("Resetting").unwrap().0, "reset");
        assert_eq!(summary_verb("Cancelling").unwrap().0, "cancel");
    }

    #[test]
    fn british_spellings_are_the_same_verbs() {
        for (british, american) in [
            ("authorise", "authorize"),
            ("finalise", "finalize"),
            ("enrol", "enroll"),
            ("unenrol", "unenroll"),
        ] {
            assert_eq!(verb(british), verb(american), "{british}");
            assert!(verb(british).is_some(), "{british}");
        }
        assert_eq!(summary_verb("Enrols").unwrap().1, Verb::Switch);
    }

    #[test]
    fn nouns_that_name_an_act() {
        for (noun, act) in [
            ("deletion", Verb::Destroy),
            ("cancellation", Verb::Destroy),
            ("removal", Verb::Destroy),
            ("notification", Verb::Repeat),
        ] {
            assert_eq!(nominalized_verb(noun), Some(act), "{noun}");
        }
        for noun in ["rotation", "suspension", "closure", "deployment"] {
            assert!(nominalized_verb(noun).is_some(), "{noun}");
        }
        for thing in ["information", "station", "details", "portal"] {
            assert_eq!(nominalized_verb(thing), None, "{thing}");
        }
    }

    #[test]
    fn phrases_match_whole_words() {
        assert!(has_phrase("add or update a setting", "or update"));
        assert!(!has_phrase("should be updated or kept", "or update"));
        assert!(!has_phrase("re-run or updated", "or update"));
        assert!(has_phrase("it is not saved.", "not saved"));
        // All lists in one pass, the earliest phrase of each list, whole words only.
        assert_eq!(
            phrases_in(
                "it is not saved, and calling it again replaces nothing; overwrites; \
                 messages become invisible; if it already exists, no action is taken"
            ),
            [
                Some("not saved"),
                Some("calling it again"),
                Some("overwrites"),
                Some("become invisible"),
                Some("no action is taken")
            ]
        );
        assert_eq!(phrases_in("a dry-runner"), [None; 5]);
    }

    #[test]
    fn every_word_has_one_class() {
        let lists = [READ, CREATE, REPEAT, SWITCH, UPDATE, RENEW, DESTROY, ACT];
        for (i, list) in lists.iter().enumerate() {
            for word in *list {
                for other in &lists[i + 1..] {
                    assert!(!other.contains(word), "{word} is in two classes");
                }
            }
        }
    }
}
