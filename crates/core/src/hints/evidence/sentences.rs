//! How a sentence of a summary or a description is read: its opening words from the verb
//! on, whether it is only a title, what a verb means with the words after it, and a later
//! sentence that says the call acts.

use crate::hints::vocabulary::{self, Verb};

/// A "create" whose object is only computed and returned (embeddings, a lookup) reads; so
/// does running a query or an analysis ("Executes a query and returns a paginated
/// response", "Performs sentiment analysis on the given document"). Getting an access
/// token makes one.
pub(super) fn computed(word: &str, verb: Verb, rest: &[String]) -> Verb {
    let computes = rest
        .iter()
        .any(|w| vocabulary::COMPUTED.contains(&w.as_str()));
    let runs_a_query = vocabulary::RUNNERS.contains(&word)
        && rest
            .iter()
            .take(3)
            .any(|w| vocabulary::ANALYSES.contains(&w.as_str()));
    if (verb == Verb::Create && computes) || runs_a_query {
        Verb::Read
    } else if verb == Verb::Read && (mints_a_token(word, rest) || a_new_one(word, rest)) {
        Verb::Create
    } else {
        verb
    }
}

/// Whether what is read is "a new" one ("Returns a new Bitcoin address", `getNewAddress`):
/// one made for the call. ("New" before a plural, `getNewReleases`, names what is recent;
/// a new one previewed or estimated is only foreseen: "Preview a new purchase".)
fn a_new_one(word: &str, rest: &[String]) -> bool {
    if matches!(
        word,
        "preview" | "estimate" | "simulate" | "forecast" | "quote"
    ) {
        return false;
    }
    let after_new = match rest {
        [a, new, next, ..] if matches!(a.as_str(), "a" | "an") && new == "new" => next,
        [new, next, ..] if new == "new" => next,
        _ => return false,
    };
    !is_plural(after_new)
}

/// A sentence that says each call makes a new thing ("A new card with a new card number
/// is issued and the current card is closed", "A new link is generated on each request",
/// "Every request adds a new note"), in `lower` (a summary or description in lower case):
/// the words that say it. Of a GET only when said of each request or call (its description
/// may tell of what happens apart from it: "A new statement is generated monthly"), and
/// not of an identifier, a URL or a token computed for the answer unless it says what
/// stops working. Never under a condition on what exists ("If none exists, a new hub is
/// created"), nor denied before it; under one on what is given, of a write ("When
/// `message` is given, a new update is added"). "The new member is added" is no new one.
pub(super) fn makes_a_new_one(lower: &str, safe: bool) -> Option<&str> {
    // (Most descriptions say no "new" as a word, "newest" is none: nothing to split.)
    if !vocabulary::has_phrase(lower, "new") {
        return None;
    }
    lower.split_inclusive(['.', ';']).find_map(|sentence| {
        let words = words_of(sentence);
        let (span, each_call) = new_one_made(&words, safe)?;
        let has = |list: &[&str]| words.iter().any(|w| list.contains(w));
        let condition = has(&["if", "unless", "when", "whenever", "once"]);
        let on_what_is_given = has(&["given", "provided", "specified", "supplied", "included"]);
        // ("The old card can no longer be used" denies nothing.)
        let denied = (0..=span.1).any(|i| match words[i] {
            "no" => words.get(i + 1) != Some(&"longer"),
            w => matches!(w, "already" | "exist" | "exists" | "not" | "never" | "none"),
        });
        // (What it makes: the words from "new" to a few after the verb.)
        let thing = &words[span.0..(span.1 + 5).min(words.len())];
        let ids = ["id", "url", "uri", "token", "cursor", "signature", "etag"];
        // ("Any token issued before it expires": what stops is an earlier one.)
        let stops = has(&["stops", "expire", "expires", "invalidates", "revokes"])
            && has(&["previous", "prior", "old", "older", "earlier", "before"]);
        let computed = thing.iter().any(|w| ids.contains(w)) && !stops;
        // (Of a GET: said of each request, and no answer computed.)
        let passed = !denied && (!safe || (each_call && !computed));
        let conditional = condition && (safe || !on_what_is_given);
        let start = words[span.0].as_ptr() as usize - lower.as_ptr() as usize;
        let end = words[span.1].as_ptr() as usize - lower.as_ptr() as usize + words[span.1].len();
        (passed && !conditional).then(|| &lower[start..end])
    })
}

/// Where "new" is in a sentence that opens by replacing a credential or a link "with a new
/// one" ("Replaces the record's DynamicURL with a new one", "Replace the webhook's signing
/// secret with a new one"): the server makes the new one, unless the caller gives it ("with
/// a new PIN given in the body"). What else is replaced "with a new one" is often the body
/// ("Replaces the existing policy with a new one").
fn replaced_with_a_new_one(words: &[&str]) -> Option<usize> {
    const MADE: [&str; 10] = [
        "secret",
        "key",
        "token",
        "url",
        "uri",
        "link",
        "code",
        "certificate",
        "password",
        "credential",
    ];
    if !matches!(words.first(), Some(&("replace" | "replaces"))) {
        return None;
    }
    // ("with a new one", "with new ones")
    let new = (2..words.len().min(12)).find(|&k| {
        words[k] == "new"
            && (words[k - 1] == "with"
                || (k > 2 && matches!(words[k - 1], "a" | "an") && words[k - 2] == "with"))
    })?;
    let with = (0..new).rev().find(|&k| words[k] == "with")?;
    let object = words[1..with].iter().chain(words.get(new + 1));
    let made =
        (object.into_iter()).any(|w| MADE.iter().any(|m| w.trim_end_matches('s').ends_with(m)));
    let given = words.iter().skip(new + 1).take(5).any(|w| {
        matches!(
            *w,
            "given" | "provided" | "specified" | "supplied" | "passed" | "you" | "your" | "body"
        )
    });
    (made && !given).then_some(new)
}

/// Where in a sentence's `words` a new thing is made, first to last word, and whether the
/// sentence says "each|every request|call": "each request creates a new", "every update
/// creates a new" (of a write), or "a new ... is|are|will be <made>" with at most six
/// words between "new" and the auxiliary.
fn new_one_made(words: &[&str], safe: bool) -> Option<((usize, usize), bool)> {
    let each = |things: &[&str]| {
        (words.windows(2)).position(|p| matches!(p[0], "each" | "every") && things.contains(&p[1]))
    };
    let each_call = each(&["request", "call"]);
    let writes = [
        "update",
        "upload",
        "write",
        "change",
        "save",
        "edit",
        "submission",
    ];
    let maker = each_call.or_else(|| each(&writes).filter(|_| !safe));
    let active = maker.filter(|&i| {
        (words.get(i + 2)).is_some_and(|w| vocabulary::MAKES.contains(w))
            && words.iter().skip(i + 3).take(2).any(|w| *w == "new")
    });
    if let Some(i) = active {
        return Some(((i, i + 2), true));
    }
    if let Some(new) = replaced_with_a_new_one(words) {
        return Some(((0, new), true));
    }
    // ("new credentials will need to be generated" says what the caller must do.) A bare
    // "New members are added" tells of a kind; "a brand new card" is one.
    let passive = (1..words.len()).find_map(|j| {
        let aux = auxiliary_before(words, j).filter(|_| vocabulary::MADE.contains(&words[j]))?;
        let new = (aux.saturating_sub(7)..aux)
            .rev()
            .find(|&k| words[k] == "new")?;
        let article = |k: usize| matches!(words[k], "a" | "an");
        let indefinite = match new {
            0 => each_call.is_some(),
            1 => article(0),
            _ => {
                article(new - 1)
                    || (matches!(words[new - 1], "brand" | "completely" | "entirely")
                        && article(new - 2))
            }
        };
        indefinite.then_some((new, j))
    });
    passive.map(|span| (span, each_call.is_some()))
}

/// Where the auxiliary of a passive participle at `j` of `words` stands: "is|are", "will
/// be", "has|have been", past one adverb ("is then saved", "is always created").
pub(super) fn auxiliary_before(words: &[&str], j: usize) -> Option<usize> {
    let mut at = j.checked_sub(1)?;
    if vocabulary::ADVERBS.contains(&words[at]) || words[at] == "always" {
        at = at.checked_sub(1)?;
    }
    match (at.checked_sub(1).map(|i| words[i]), words[at]) {
        (_, "is" | "are") => Some(at),
        (Some("will"), "be") | (Some("has" | "have"), "been") => Some(at - 1),
        _ => None,
    }
}

/// A passive whose agent is this call ("Passengers not yet checked in are checked in by
/// this request"), in `lower`: the words that say what it does. Its participle is a verb
/// this reader knows that makes, changes, ends or sends (not one that shapes the answer:
/// "are converted by this endpoint", "are returned by this endpoint"), or one of a few
/// phrasal verbs that act ("checked in", "signed up"; not "looked up", "filtered out"); a
/// sentence that denies ("No records are created by this endpoint") says nothing. ("Not
/// yet checked in" denies nothing.)
pub(super) fn done_by_this_call(lower: &str) -> Option<&str> {
    const PHRASAL: [&str; 13] = [
        "checked", "logged", "signed", "opted", "clocked", "turned", "switched", "shut", "cleaned",
        "locked", "paid", "topped", "wiped",
    ];
    // (Read on every GET: most say no "by this", and need no split.)
    if !(lower.contains("by") && lower.contains("this")) {
        return None;
    }
    lower.split_inclusive(['.', ';']).find_map(|sentence| {
        let words = words_of(sentence);
        // Denied before the act ("No records are created"; "no longer" denies nothing).
        let denied = |j: usize| {
            (0..j).any(|i| match words[i] {
                "no" => words.get(i + 1) != Some(&"longer"),
                w => matches!(w, "nothing" | "none" | "never"),
            })
        };
        (4..words.len()).find_map(|k| {
            let agent = words[k - 2] == "by"
                && words[k - 1] == "this"
                && matches!(words[k], "request" | "call" | "endpoint" | "operation");
            let phrasal = matches!(words[k - 3], "in" | "out" | "up" | "off");
            let j = (k.checked_sub(if phrasal { 4 } else { 3 }))
                .filter(|&j| agent && j > 0 && !denied(j))?;
            // (A count "decremented by this request" meters it: no change of the caller's.)
            let counts = matches!(words[j], "incremented" | "decremented" | "counted");
            let acts = match phrasal {
                true => PHRASAL.contains(&words[j]),
                false => participle_acts(words[j]) && !counts,
            };
            let passive = matches!(words[j - 1], "is" | "are" | "be" | "been");
            let start = words[j].as_ptr() as usize - lower.as_ptr() as usize;
            let end = words[k].as_ptr() as usize - lower.as_ptr() as usize + words[k].len();
            (acts && passive).then(|| &lower[start..end])
        })
    })
}

/// Whether a past participle (`created`, `notified`, `cancelled`, `locked`, `sent`, `reset`)
/// is of a verb this reader knows that does more than read; one that shapes an answer
/// (converted, truncated, redacted, generated) or that labels or checks it does not.
fn participle_acts(participle: &str) -> bool {
    const SHAPES: &[&str] = &[
        "truncate",
        "redact",
        "mask",
        "resolve",
        "generate",
        "compress",
        "label",
        "tag",
        "verify",
        "authenticate",
        "review",
    ];
    const IRREGULAR: [&str; 7] = [
        "sent", "reset", "set", "written", "paid", "frozen", "hidden",
    ];
    if IRREGULAR.contains(&participle) {
        return true;
    }
    let Some(stem) = participle.strip_suffix("ed") else {
        return false;
    };
    let mut forms = vec![stem.to_string(), format!("{stem}e")];
    // "cancelled": the consonant doubled; "notified": y made i.
    let mut last = stem.chars().rev();
    if let (Some(a), Some(b)) = (last.next(), last.next()) {
        if a == b {
            forms.push(stem[..stem.len() - a.len_utf8()].to_string());
        }
    }
    if let Some(base) = stem.strip_suffix('i') {
        forms.push(format!("{base}y"));
    }
    forms.iter().any(|form| {
        let acts = vocabulary::verb(form).is_some_and(|verb| verb != Verb::Read);
        acts && !vocabulary::CALCULATIONS.contains(&form.as_str())
            && !SHAPES.contains(&form.as_str())
    })
}

/// Whether `verb` gets a token or credentials a call issues ("Retrieve an access token",
/// `get_access_token`, "Get a runner registration token", "Get Docker Credentials", "Get a
/// new session ID"): getting one mints a credential. A token named by what it is for is
/// issued; one only counted or listed is not ("Retrieve a list of auth tokens", "Get input
/// token counts", "Retrieve a token", "Get account by access token", "Get Paging Token",
/// "Get static credentials" (stored ones); "Validate an access token" checks one.)
fn mints_a_token(verb: &str, rest: &[String]) -> bool {
    let gets = matches!(
        verb,
        "get" | "retrieve" | "fetch" | "obtain" | "request" | "acquire"
    );
    let near: Vec<&str> = rest.iter().take(4).map(String::as_str).collect();
    let token = near.windows(2).enumerate().any(|(i, pair)| {
        // A cursor is no credential: "Get Paging Token" (Marketo), a sync or continuation
        // token.
        let cursor = matches!(
            pair[0],
            "paging"
                | "page"
                | "pagination"
                | "continuation"
                | "sync"
                | "delta"
                | "cursor"
                | "next"
        );
        let named = !vocabulary::DETERMINERS.contains(&pair[0])
            && !matches!(
                pair[0],
                "of" | "list" | "all" | "existing" | "current" | "static"
            )
            && !cursor;
        // What is read of a token ("token counts", "token status") is no token got.
        let about_it = near.get(i + 2).is_some_and(|w| {
            vocabulary::is_read_thing(w) || matches!(*w, "usage" | "limit" | "metadata")
        });
        // "Get account by access token": a token it is looked up by is given, not got.
        let looked_up_by = near[..i]
            .iter()
            .any(|w| matches!(*w, "by" | "for" | "from"));
        named && !about_it && !looked_up_by && matches!(pair[1], "token" | "tokens")
    });
    // "a new session ID", "new API key": a credential made for this call.
    let new = rest.iter().take(2).position(|w| w == "new");
    let new_credential = new.is_some_and(|i| {
        rest.iter().skip(i + 1).take(2).any(|w| {
            matches!(
                w.as_str(),
                "token" | "tokens" | "key" | "keys" | "session" | "password" | "secret" | "nonce"
            )
        })
    });
    // A one-time or temporary password or code, a nonce, an OTP: made for this call.
    let one_time = near.windows(2).any(|pair| {
        matches!(pair[0], "one-time" | "temporary" | "pairing" | "otp")
            && matches!(pair[1], "password" | "passcode" | "code" | "pin")
    });
    let minted = near.iter().any(|w| matches!(*w, "otp" | "nonce" | "totp"));
    // A link that signs someone in ("Get donor portal sign-in link", "Get a magic link";
    // attack 81) is a credential too, where the link is what is got (not "Get magic link
    // expiry"; a "login link" may be the login page's).
    let signs_in = near.windows(2).enumerate().any(|(i, pair)| {
        let head = rest.get(i + 2).is_none_or(|w| {
            matches!(
                w.as_str(),
                "for" | "to" | "of" | "that" | "which" | "with" | "and"
            )
        });
        matches!(pair[0], "sign-in" | "signin" | "magic")
            && matches!(pair[1], "link" | "url")
            && head
    });
    // Credentials said to be stored ones ("Get static credentials") are read.
    let credentials = near.iter().enumerate().any(|(i, w)| {
        let stored = i > 0 && matches!(near[i - 1], "static" | "stored");
        *w == "credentials" && !stored
    });
    gets && (token || new_credential || one_time || minted || credentials || signs_in)
}

/// Whether `words` are a title of two to four capitalized words, a noun this reader knows
/// first and a reading verb last ("Charge Point Read").
fn resource_then_read(words: &[&str]) -> bool {
    let capitalized = words
        .iter()
        .all(|w| w.starts_with(|c: char| c.is_uppercase()));
    let (Some(first), Some(last)) = (words.first(), words.last()) else {
        return false;
    };
    let reads = vocabulary::summary_verb(last).is_some_and(|(_, verb)| verb == Verb::Read);
    (2..=4).contains(&words.len())
        && capitalized
        && reads
        && vocabulary::is_known_noun(&first.to_ascii_lowercase())
}

/// Whether a summary is only a title: its first word is no verb this reader knows, and no
/// imperative's object follows it ("Flush the cache" is an imperative, "Batch operation
/// for search" a title).
pub(super) fn is_title(summary: &str) -> bool {
    let words = opening_words(summary);
    let verb = words
        .first()
        .is_some_and(|w| vocabulary::summary_verb(w).is_some());
    let imperative = words
        .get(1)
        .is_some_and(|w| vocabulary::DETERMINERS.contains(&w.to_ascii_lowercase().as_str()));
    !verb && !imperative
}

/// The first verb in `sentence` that acts, in the third person, with the call as its
/// subject (first, or after a word that carries the subject on: "it", "then", "and", a
/// word naming the call, or "each" or "every" before the call's own act, one of `own`:
/// "Each download registers the device" of "Download wallet pass") and what it acts on
/// after it; `in_use` says what a verb does with the words after it, as the opening's is
/// read.
pub(super) fn sentence_verb_that_acts<'s>(
    sentence: &'s str,
    in_use: &dyn Fn(&str, &[String]) -> Verb,
    own: &[&str],
) -> Option<&'s str> {
    let words: Vec<&str> = sentence
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .collect();
    let one_of = |list: &[&str], word: &str| list.iter().any(|w| w.eq_ignore_ascii_case(word));
    words.iter().enumerate().find_map(|(i, word)| {
        // Checked first, without allocating: most words of a description are neither.
        let third_person = word.len() > 3 && word.ends_with('s') && !word.ends_with("ss");
        // "It will delete", "This may remove", "It will also delete": a modal carries the
        // subject to its verb, past an adverb.
        let adverb = i > 1 && one_of(vocabulary::ADVERBS, words[i - 1]);
        let gap = usize::from(adverb);
        let modal = i
            .checked_sub(1 + gap)
            .is_some_and(|j| one_of(vocabulary::MODALS, words[j]));
        if !(third_person || modal) {
            return None;
        }
        let subject = i.checked_sub(if modal { 2 + gap } else { 1 });
        // "Retrieving notifications marks them as read", "Calling this endpoint deletes
        // it": a sentence opened by doing something has the call as its subject.
        // So does one opened so after a note ("Note that fetching notifications marks them
        // as seen").
        let noted = words.len() > 2
            && one_of(vocabulary::CARRY_THE_SUBJECT, words[0])
            && words[1].eq_ignore_ascii_case("that");
        // (The doing's own verb: "Listing returns orders created ..." reads, its "orders" a
        // noun.)
        let read_before = |from: usize| {
            (words.get(from..i).unwrap_or_default().iter()).any(|w| {
                w.ends_with('s')
                    && vocabulary::summary_verb(w).is_some_and(|(_, v)| v == Verb::Read)
            })
        };
        let by_doing = (i <= 3 && gerund(words[0]) && !read_before(1))
            || (noted && i <= 5 && gerund(words[2]) && !read_before(3));
        // "Each download registers the device", "Every single download will register it"
        // (a list's "Each visit records the user" tells of what it lists).
        // (What each call is billed is no act: "Each lookup charges your account".)
        let billed = one_of(&["charges", "bills", "costs", "consumes"], word);
        let each_call = !billed
            && subject.is_some_and(|j| {
                let each = |k: usize| one_of(&["each", "every"], words[k]);
                // ("The first download deletes the export": the first one does.)
                let the_first = j > 1
                    && words[j - 1].eq_ignore_ascii_case("first")
                    && words[j - 2].eq_ignore_ascii_case("the");
                one_of(own, words[j])
                    && (j.checked_sub(1).is_some_and(each)
                        || the_first
                        || (j > 1 && words[j - 1].eq_ignore_ascii_case("single") && each(j - 2)))
            });
        // "Passing validation moves the envelope to `ready`" of "Validate a filing" (attack
        // 75): the call's own act named as a noun, opening or passed, is the call.
        // (Only a verb that moves or keeps state: "Calculation applies the exemption
        // certificate" computes.)
        let moves_state = [
            "moves",
            "marks",
            "sets",
            "saves",
            "stores",
            "records",
            "creates",
            "sends",
            "changes",
            "updates",
            "advances",
            "locks",
            "flags",
            "adds",
            "transitions",
        ];
        let own_act = third_person
            && one_of(&moves_state, word)
            && subject.is_some_and(|j| {
                // (A bare verb opening is the imperative: "Retrieve blocks matching ...",
                // "List issues assigned to you".)
                let passed = ["passing", "successful", "completing", "completed"];
                let after_passed = j > 0 && one_of(&passed, words[j - 1]);
                names_an_own_act(words[j], own, after_passed) && (j == 0 || after_passed)
            });
        let carried = by_doing
            || each_call
            || own_act
            || subject.is_none_or(|j| {
                one_of(vocabulary::CARRY_THE_SUBJECT, words[j])
                    || one_of(vocabulary::SUBJECTS, words[j])
            });
        if !carried {
            return None;
        }
        let rest: Vec<String> = (words[i + 1..].iter().take(4))
            .map(|w| w.to_ascii_lowercase())
            .collect();
        // What it acts on follows ("deletes it", "removes the D", "deletes old users",
        // "deletes data"): "calls and texts" name things, and "Requests that ..." opens a
        // relative clause. Read so, a GET is left out, never kept.
        let object = rest
            .first()
            .is_some_and(|next| !vocabulary::NO_OBJECT.contains(&next.as_str()));
        // As the opening's verb is taken (a URL generated is computed, a conversion on a
        // GET reads); a runner's object says what it does ("performs a search").
        let acts = object
            && vocabulary::summary_verb(word).is_some_and(|(stem, _)| {
                !vocabulary::RUNNERS.contains(&stem.as_str()) && in_use(&stem, &rest) != Verb::Read
            });
        // "accepts a query" says what it takes; "Enables an app to find ..." lets someone
        // read.
        let takes = vocabulary::INPUT_VERBS.contains(&word.to_ascii_lowercase().as_str());
        let lets_read = words[i + 1..].windows(2).take(6).any(|pair| {
            pair[0] == "to"
                && vocabulary::summary_verb(pair[1]).is_some_and(|(_, v)| v == Verb::Read)
        });
        (acts && !takes && !lets_read).then_some(*word)
    })
}

/// Where a sentence says that what this call returns is not returned again: "Returned
/// reminders are marked as dispatched and are not returned by later calls" (attack 76).
/// Only of what it returns, and of later calls: "Deleted customers are not returned by
/// subsequent list calls" filters a list, "... not returned again on the next page" pages.
pub(super) fn handed_out_once(lower: &str) -> Option<&str> {
    let said = [
        "not returned",
        "not included",
        "not appear",
        "excluded from",
    ];
    if !said.iter().any(|p| lower.contains(p)) {
        return None;
    }
    lower.split_inclusive(['.', ';']).find_map(|sentence| {
        let words = words_of(sentence);
        let returned = matches!(words[..], ["returned", ..] | ["the", "returned", ..]);
        // Of later calls, not of pages: "The returned events are not returned again on the
        // next page" pages through a list.
        let later = |w: &&str| matches!(*w, "later" | "subsequent" | "again" | "next");
        let calls = |w: &&str| matches!(*w, "call" | "calls" | "request" | "requests" | "polls");
        let pages = |w: &&str| matches!(*w, "page" | "pages");
        let of_calls = words.iter().any(calls) && !words.iter().any(pages);
        let not_again = (words.windows(2)).find(|p| {
            (p[0] == "not" && matches!(p[1], "returned" | "included" | "appear"))
                || *p == ["excluded", "from"]
        })?;
        // (What is said: from "not" or "excluded" to the sentence's end.)
        let start = not_again[0].as_ptr() as usize - sentence.as_ptr() as usize;
        let said = sentence[start..].trim_end_matches(['.', ';']);
        (returned && of_calls && words.iter().any(later)).then_some(said)
    })
}

/// Whether a sentence whose acting verb is `verb` names the call itself as its subject:
/// "Each request rotates the barcode secret", "Calling this resets the feed's secret",
/// "The first download marks the export as transmitted", "Downloading voids the mobile
/// barcodes" (of "Download tickets"). Not what is metered ("Each request logs an access
/// record", "Each download increments the download count").
pub(super) fn names_the_call(sentence: &str, verb: &str, own: &[&str]) -> bool {
    let words = lower_words(sentence);
    // (Metering, said by the verb or by what it acts on: "will charge one credit", "writes
    // an audit log entry", "decrements your remaining daily quota", "refreshes the cached
    // rates", "updates its `last_seen_at`".)
    let metered = [
        "log",
        "record",
        "count",
        "charge",
        "bill",
        "cost",
        "consume",
        "increment",
        "decrement",
    ];
    let stem = vocabulary::summary_verb(verb)
        .map(|(stem, _)| stem)
        .unwrap_or_default();
    let Some(at) = words.iter().position(|w| w.eq_ignore_ascii_case(verb)) else {
        return false;
    };
    let metering_noun = |w: &String| {
        [
            "log",
            "audit",
            "quota",
            "credit",
            "cache",
            "count",
            "counter",
            "last",
            "signature",
            "rate",
            "usage",
            "statistic",
            "analytic",
            "view",
        ]
        .iter()
        .any(|m| w.starts_with(m))
    };
    if metered.contains(&stem.as_str()) || words[at + 1..].iter().take(6).any(metering_noun) {
        return false;
    }
    // (Of a gerund's sentence, the verb right after what it does: "Listing returns orders
    // created ..." reads.)
    let verb_between = (words.get(1..at).unwrap_or_default().iter())
        .any(|w| w.ends_with('s') && vocabulary::summary_verb(w).is_some());
    let call = |w: &str| matches!(w, "request" | "call") || names_an_own_act(w, own, true);
    let gerund_of_own = |w: &str| {
        (w.strip_suffix("ing")).is_some_and(|stem| {
            own.iter()
                .any(|o| *o == stem || o.strip_suffix('e') == Some(stem))
        })
    };
    match words.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["each" | "every", noun, ..] => call(noun),
        ["the", "first", noun, ..] => call(noun),
        ["calling", "this" | "it", ..] => true,
        [first, ..] => gerund_of_own(first) && !verb_between,
        [] => false,
    }
}

/// Whether `word` names one of the call's own acts, `own`, as a noun: "validation" of
/// validate, "verification" of verify, "approval" of approve; the verb itself ("check"
/// of check) only where `bare` allows.
fn names_an_own_act(word: &str, own: &[&str], bare: bool) -> bool {
    let word = word.to_ascii_lowercase();
    own.iter().any(|stem| {
        let root = stem.trim_end_matches(['e', 'y']);
        let suffix = word.strip_prefix(root);
        (bare && word == *stem)
            || suffix.is_some_and(|s| matches!(s, "ion" | "ation" | "ication" | "ment" | "al"))
    })
}

/// Whether a word is a known verb in its -ing form ("Retrieving", "Calling").
pub(super) fn gerund(word: &str) -> bool {
    word.len() > 4
        && word.to_ascii_lowercase().ends_with("ing")
        && vocabulary::summary_verb(word).is_some()
}

/// An opening's words as they stand, from its verb on: a glued camelCase opening
/// (`removeContact`) split into verb and object, an adverb before the verb ("Permanently
/// delete") and the operation named as the subject ("This endpoint returns", "Method
/// searches", "It lists") dropped.
pub(super) fn opening_words(text: &str) -> Vec<&str> {
    // A request named for its resource, then its action ("Order - Get", "Refund - Create",
    // as Postman collections name them; Qualys's "Tag: Create"): the action opens.
    let joint = [" - ", ": "]
        .iter()
        .find_map(|joint| text.split_once(joint));
    let text = match joint {
        Some((resource, action))
            if resource.split_whitespace().count() <= 3
                && (action.split_whitespace().next())
                    .is_some_and(|w| vocabulary::summary_verb(w).is_some()) =>
        {
            action
        }
        _ => text,
    };
    // (A possessive's "s" is no word: "Get a meeting's join token".)
    let mut words: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric() && c != '-')
        .filter(|w| !w.is_empty() && *w != "s")
        .collect();
    // So does a title of a known noun, then more, then a reading verb ("Charge Point Read",
    // "Order Search": EV charging APIs name reads so): the read opens.
    if resource_then_read(&words) {
        words.rotate_right(1);
    }
    // Microsoft Graph's "Invoke action getSchedule": the action's name says what it does.
    // (An OData function invoked, "Invoke function delta", is read as such.)
    if let [invoke, "action", _, ..] = words[..] {
        if invoke.eq_ignore_ascii_case("invoke") {
            words.drain(..2);
        }
    }
    // "Sorry, this function ...": a word a comma ends is no imperative's verb.
    let comma = words.first().is_some_and(|w| {
        let end = w.as_ptr() as usize - text.as_ptr() as usize + w.len();
        text[end..].starts_with(',')
    });
    if comma {
        words.truncate(1);
    }
    let glued = words.first().and_then(|w| {
        let starts_lower = w.starts_with(|c: char| c.is_ascii_lowercase());
        let at = w.find(|c: char| c.is_ascii_uppercase())?;
        starts_lower.then(|| w.split_at(at))
    });
    if let Some((verb, object)) = glued {
        words.splice(0..1, [verb, object]);
    }
    let lower: Vec<String> = words
        .iter()
        .take(3)
        .map(|w| w.to_ascii_lowercase())
        .collect();
    let lower = |i: usize| lower.get(i).cloned();
    let subject = match (lower(0).as_deref(), lower(1).as_deref()) {
        (Some("this" | "the"), Some(noun)) if vocabulary::SUBJECTS.contains(&noun) => 2,
        (Some("it" | "method" | "endpoint" | "operation"), _) => 1,
        _ => 0,
    };
    words.drain(..subject);
    if subject > 0 {
        // "It will delete", "Method accepts a query and ...": a modal says nothing, and
        // what it takes is not what it does.
        let modal = matches!(
            lower(subject).as_deref(),
            Some("will" | "can" | "may" | "should")
        );
        if modal {
            words.remove(0);
        }
        let verb = lower(subject + usize::from(modal));
        if verb.is_some_and(|w| vocabulary::INPUT_VERBS.contains(&w.as_str())) {
            words.clear();
        }
    }
    // "Attempts to cancel a job" (AWS), "Tries to stop": what is attempted opens, where
    // it is a verb this reader knows ("Attempts to grab the store url" stays as said).
    if let [attempts, to, verb, ..] = words[..] {
        let attempts = attempts.to_ascii_lowercase();
        let attempted = matches!(attempts.as_str(), "attempts" | "tries")
            && to.eq_ignore_ascii_case("to")
            && vocabulary::summary_verb(verb).is_some();
        if attempted {
            words.drain(..2);
        }
    }
    // "Apply", "Reply" are verbs themselves; "Fast switch the favourite field" (ClickMeter)
    // switches.
    // (Not "Quick start guide": a flat adverb before a verb and its article.)
    let article = words
        .get(2)
        .is_some_and(|w| vocabulary::DETERMINERS.contains(&w.to_ascii_lowercase().as_str()));
    let adverb = |w: &str| {
        let lower = w.to_ascii_lowercase();
        let ly = w.len() > 4 && lower.ends_with("ly") && vocabulary::summary_verb(w).is_none();
        ly || (matches!(lower.as_str(), "fast" | "quick") && article)
    };
    if words.len() > 1 && adverb(words[0]) && vocabulary::summary_verb(words[1]).is_some() {
        words.remove(0);
    }
    words
}

/// Whether a sentence has the call make another party act ("Request that the device
/// publish its current location", "Instructs the vehicle to unlock", "Asks the thermostat
/// to refresh", "Fetch files from endpoints"): what that party does, the call does. ("Ask
/// the server to return ..." reads.)
pub(super) fn makes_another_act(sentence: &str) -> bool {
    let words: Vec<String> = (sentence.split(|c: char| !c.is_alphabetic()))
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let class = |i: usize| vocabulary::summary_verb(&words[i]).map(|(_, class)| class);
    // What is fetched "from endpoints" or "from agents" a remote agent collects and uploads
    // (SentinelOne's "Fetch files from endpoints", "Retrieve files from selected endpoints").
    let machine = |w: &String| {
        let stem = w.strip_suffix('s').unwrap_or(w);
        matches!(stem, "endpoint" | "agent" | "host" | "machine" | "device")
    };
    let from_machines = words
        .iter()
        .take(8)
        .enumerate()
        .any(|(i, w)| w == "from" && (words.iter().skip(i + 1).take(3)).any(machine));
    let fetches = words.first().is_some_and(|w| {
        let stem = vocabulary::summary_verb(w).map(|(stem, _)| stem);
        matches!(
            stem.as_deref(),
            Some("fetch" | "retrieve" | "get" | "collect" | "pull")
        )
    });
    (fetches && from_machines) || caused_verb(&words).is_some_and(|i| class(i) != Some(Verb::Read))
}

/// Where among an opening's words (lower case) is the verb of the party it has act:
/// "Requests that Amazon *stop* attempting to fulfill ...", "Instructs the vehicle to
/// *unlock*", "Enables applications to *preview* ...". The party is a word or two, then
/// its verb, bare or after "to"; after "that", the word after a one-word party is its verb,
/// known or not ("Requests that the warehouse *hold* the order").
pub(super) fn caused_verb(words: &[String]) -> Option<usize> {
    // (What an endpoint "enables", "allows" or "lets" someone do, after "to", says its
    // purpose; "Enables a job schedule" enables it, and the imperative "Enable the app to
    // read ..." grants a permission.)
    let purpose = |w: &String| matches!(w.as_str(), "enables" | "allows" | "lets");
    let causes = |w: &String| {
        let stem = w.strip_suffix('s').unwrap_or(w);
        matches!(stem, "request" | "ask" | "tell" | "instruct" | "command") || purpose(w)
    };
    let at = words.iter().take(3).position(causes)?;
    let only_after_to = purpose(&words[at]);
    let skip = |w: &str| w == "that" || vocabulary::DETERMINERS.contains(&w);
    let party = at + 1 + (words.iter().skip(at + 1)).position(|w| !skip(w))?;
    // (A party of two words may open with a verb's word: "Asks the charge point to upload".)
    let compound = words.get(party + 2).is_some_and(|w| w == "to")
        && words
            .get(party + 1)
            .is_some_and(|w| vocabulary::verb(w).is_none());
    if vocabulary::verb(&words[party]).is_some() && !compound {
        return None;
    }
    let known = (party + 1..(party + 3).min(words.len())).find_map(|i| {
        let to = words[i] == "to";
        if only_after_to && !to {
            return None;
        }
        let i = if to { i + 1 } else { i };
        words
            .get(i)
            .filter(|w| vocabulary::verb(w).is_some())
            .map(|_| i)
    });
    let that = words.get(at + 1).is_some_and(|w| w == "that");
    known.or_else(|| (that && party + 1 < words.len()).then_some(party + 1))
}

/// The words of `text`: its runs of letters and digits.
pub(super) fn words_of(text: &str) -> Vec<&str> {
    (text.split(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty())
        .collect()
}

/// The words of `text`, letters and digits, in lower case.
pub(super) fn lower_words(text: &str) -> Vec<String> {
    words_of(text)
        .into_iter()
        .map(str::to_ascii_lowercase)
        .collect()
}

/// Whether `word` looks like a plural noun (`users`, not `address`).
pub(super) fn is_plural(word: &str) -> bool {
    word.len() > 3 && word.ends_with('s') && !word.ends_with("ss")
}
