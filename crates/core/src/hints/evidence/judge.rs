//! Judging the evidence against a tool's hints, one hint at a time: read-only first (a tool
//! believed read-only gets no other suggestion: MCP says the rest mean nothing there), then
//! destructive, then idempotent.

use crate::hints::vocabulary::{self, Verb};
use crate::hints::Hints;
use crate::http::Method;
use crate::tool::HintKind;

use unicode_segmentation::UnicodeSegmentation;

use super::read::{passive_write, result_kept};
use super::sentences::{
    is_plural, makes_another_act, opening_words, sentence_verb_that_acts, words_of,
};
use super::{Confidence, Evidence, Facts, Says, Source, Suggestion};

/// The suggestions the evidence supports for hints that differ from `hints` (the effective
/// ones), and the notes where it disagrees.
pub fn judge(facts: &Facts<'_>, evidence: &[Evidence], hints: &Hints) -> Vec<Suggestion> {
    let mut case = Case::new(facts, evidence, hints);
    if !read_only(&mut case) {
        destructive(&mut case);
        idempotent(&mut case);
    }
    case.out
}

/// One operation's evidence, sorted for judging, and the suggestions made so far.
struct Case<'c, 'f> {
    facts: &'c Facts<'f>,
    evidence: &'c [Evidence],
    hints: &'c Hints,
    /// Without a method (a manifest without a binding), the words alone are judged.
    method: Option<&'c Method>,
    reads: Vec<&'c Evidence>,
    acts: Vec<&'c Evidence>,
    /// What is acted on is a relation (a label, an assignee, a star).
    relation: bool,
    out: Vec<Suggestion>,
}

impl<'c, 'f> Case<'c, 'f> {
    fn new(facts: &'c Facts<'f>, evidence: &'c [Evidence], hints: &'c Hints) -> Self {
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
        // A method named by a noun only backs a read verb: against anything that acts it
        // says nothing (a POST claimed read-only whose words act is still corrected).
        let mut reads: Vec<&Evidence> = evidence
            .iter()
            .filter(|e| e.says_reads() && (acts.is_empty() || e.says != Says::NounMethod))
            .collect();
        // A POST that repeats its path's GET backs a reading word: of its name or path, or
        // of the summary both share (the GET's method is the second place: the words are
        // said of a read), except at a collection, where REST makes a POST add ("Get a
        // quote" at `/quotes` may keep the quote). Alone, against what acts, or where a
        // sentence of those words acts, it says nothing (the GET itself may act).
        // (A collection as REST names one, with or without a format, `/quotes.json`:
        // `rest_lookups.cwa_pollutants` is an RPC method.)
        let rpc_method = |segment: &str| {
            segment.split_once('.').is_some_and(|(_, after)| {
                !matches!(after, "json" | "xml" | "yaml" | "csv" | "txt" | "html")
            })
        };
        let at_a_collection =
            (evidence.iter()).any(|e| e.says == Says::Collection && !rpc_method(&e.seen));
        let repeats_its_get = evidence.iter().any(|e| e.says == Says::RepeatsItsGet);
        let kept = || says_it_keeps(facts.description.as_deref().unwrap_or(""));
        let named = repeats_its_get
            && reads.iter().any(|e| match e.source {
                Source::Name | Source::Path => true,
                Source::Summary => !at_a_collection && !kept(),
                _ => false,
            });
        let a_sentence_acts = evidence.iter().any(|e| e.says == Says::SentenceActs);
        if acts.is_empty() && named && !a_sentence_acts {
            reads.extend(evidence.iter().filter(|e| e.says == Says::RepeatsItsGet));
        }
        Case {
            facts,
            evidence,
            hints,
            method: facts.method,
            reads,
            acts,
            relation: evidence.iter().any(|e| e.says == Says::Relation),
            out: Vec::new(),
        }
    }

    /// The hint's effective value.
    fn value(&self, kind: HintKind) -> bool {
        self.hints.get(kind).value
    }

    /// `a POST`, `a GET`; `a tool` without a method.
    fn name(&self) -> String {
        self.method.map_or("tool".to_string(), |m| m.to_string())
    }

    fn removes(&self) -> bool {
        self.method.is_some_and(Method::removes)
    }

    /// The evidence that says one of these verbs.
    fn verbs(&self, wanted: &[Verb]) -> Vec<&'c Evidence> {
        self.evidence
            .iter()
            .filter(|e| matches!(e.says, Says::Verb(v) if wanted.contains(&v)))
            .collect()
    }

    /// The evidence that says any of these.
    fn saying(&self, wanted: &[Says]) -> Vec<&'c Evidence> {
        self.evidence
            .iter()
            .filter(|e| wanted.contains(&e.says))
            .collect()
    }

    fn add(
        &mut self,
        hint: HintKind,
        value: bool,
        confidence: Confidence,
        reason: &str,
        evidence: Vec<&Evidence>,
    ) {
        self.out.push(Suggestion {
            hint,
            value,
            confidence,
            reason: reason.to_string(),
            evidence: evidence.into_iter().cloned().collect(),
        });
    }
}

fn weight(list: &[&Evidence]) -> usize {
    list.iter().map(|e| e.weight()).sum()
}

/// Two pieces (or a phrase) are high confidence; one is medium.
fn confidence(list: &[&Evidence]) -> Confidence {
    if weight(list) >= 2 {
        Confidence::High
    } else {
        Confidence::Medium
    }
}

/// Read-only: safer needs two pieces (or a phrase) and nothing against; more cautious needs
/// one. HEAD, OPTIONS and TRACE are left alone: nothing but a GET-like route acts. Whether
/// the tool is then believed read-only.
fn read_only(case: &mut Case<'_, '_>) -> bool {
    let read_only = case.value(HintKind::ReadOnly);
    let safe = case.method.is_some_and(Method::is_safe);
    let name = case.name();
    let (reads, acts) = (case.reads.clone(), case.acts.clone());
    // A DELETE is defined to remove its target, a PUT to replace it and a PATCH to change
    // it: no words make one read-only ("Calculate a payroll" by PUT stores the result).
    let defined_to_write =
        case.removes() || matches!(case.method, Some(Method::Put | Method::Patch));
    if !read_only && !safe && !defined_to_write {
        return reads_though_its_method_writes(case, &reads, &acts);
    }
    let header_like = matches!(
        case.method,
        Some(Method::Head | Method::Options | Method::Trace)
    );
    if let (true, [method_override, ..]) = (read_only, &case.saying(&[Says::MethodOverride])[..]) {
        // Whatever the words say, the caller chooses the method the server carries out.
        case.add(
            HintKind::ReadOnly,
            false,
            Confidence::High,
            "it takes a method override: a caller can make the server carry out any method",
            vec![*method_override],
        );
        return false;
    }
    if let (true, [grant, ..]) = (read_only, &case.saying(&[Says::Grant])[..]) {
        // Whatever the words say ("Get a token"), a token endpoint issues a credential.
        let reason = format!(
            "it takes {}: a token endpoint issues a new credential on each call",
            grant.seen
        );
        case.add(
            HintKind::ReadOnly,
            false,
            Confidence::High,
            &reason,
            vec![*grant],
        );
        return false;
    }
    // Scopes say what the caller may do elsewhere, and a GET's 201 or 202 that work is
    // under way (a statistic computed on first asking, GitHub's 202): against words that
    // read, the words decide when more different reading words say so than these say
    // otherwise, the GET's own method being one more place (a name and a summary that
    // say the same "get" are one word: `b2_get_upload_url` needs `writeFiles`).
    let weak = |e: &Evidence| e.says == Says::WriteScope || e.source == Source::Response;
    let weak_acts = acts.iter().filter(|e| weak(e)).count();
    let reading_words: std::collections::BTreeSet<String> = (reads.iter())
        .map(|e| {
            let seen = e.seen.to_ascii_lowercase();
            vocabulary::summary_verb(&seen).map_or(seen, |(word, _)| word)
        })
        .collect();
    // So does a sentence that denies any change ("It doesn't actually change the ticket")
    // against a path's word (Zendesk's macro previews at `.../apply`).
    let denied = (reads.iter()).any(|e| {
        e.says == Says::ReadPhrase && matches!(e.source, Source::Summary | Source::Description)
    });
    let only_the_path = acts.iter().all(|e| e.source == Source::Path);
    let words_outweigh = (acts.len() == weak_acts && reading_words.len() > weak_acts)
        || (denied && only_the_path && reading_words.len() > acts.len());
    // A scope names what the caller may do, not what this call does: never alone.
    let only_scopes = acts.iter().all(|e| e.says == Says::WriteScope);
    if read_only && !header_like && !acts.is_empty() && !words_outweigh {
        if reads.is_empty() && only_scopes {
            return read_only;
        }
        if reads.is_empty() {
            let reason = format!("a read-only {name} whose evidence says it acts");
            case.add(HintKind::ReadOnly, false, confidence(&acts), &reason, acts);
            return false;
        }
        // A phrase that says what each call does ("can be used just once") outweighs one
        // verb that only names the reading, however often said ("Downloads a file",
        // `download`). (Not one that destroys: "will no longer be available" may be a
        // notice that the endpoint closes.)
        // A read scope names what the caller may do: against such a phrase it is no
        // reading word.
        let phrase = (acts.iter()).any(|e| matches!(e.says, Says::RepeatPhrase | Says::OwnAct));
        let read_words = (reads.iter())
            .filter(|e| e.says != Says::ReadScope)
            .map(|e| e.seen.to_ascii_lowercase())
            .map(|seen| vocabulary::summary_verb(&seen).map_or(seen, |(word, _)| word))
            .collect::<std::collections::BTreeSet<String>>();
        let confidence = if phrase && weight(&acts) > read_words.len() {
            Confidence::Medium
        } else {
            Confidence::Low
        };
        let both = reads.iter().chain(&acts).copied().collect();
        let reason = "the evidence disagrees on whether it acts";
        case.add(HintKind::ReadOnly, false, confidence, reason, both);
    }
    read_only
}

/// Whether a call whose method may write (a POST, an unknown method) only reads: when all
/// its evidence agrees, at least two pieces (the method weighs against them).
fn reads_though_its_method_writes<'c>(
    case: &mut Case<'c, '_>,
    reads: &[&'c Evidence],
    acts: &[&'c Evidence],
) -> bool {
    let name = case.name();
    // A scope names what the caller may do, not what this call does: it weighs against
    // agreeing verbs, never alone.
    let scopes_against = acts.iter().filter(|e| e.says == Says::WriteScope).count();
    let agree = acts.len() == scopes_against && weight(reads) >= 2 + scopes_against;
    // "Nothing is stored" said in words (a path's `/search` counts as a reading
    // phrase too, and says nothing of what the description tells).
    let not_kept = case.evidence.iter().any(|e| {
        e.says == Says::ReadPhrase && matches!(e.source, Source::Summary | Source::Description)
    });
    // (The call's own verbs, so that "Passing validation moves the envelope" of "Validate
    // a filing" is the call's sentence.)
    let acts_besides = || {
        let own: Vec<String> = (reads.iter())
            .filter(|e| matches!(e.source, Source::Name | Source::Summary))
            .filter_map(|e| Some(vocabulary::summary_verb(&e.seen)?.0))
            .collect();
        let own: Vec<&str> = own.iter().map(String::as_str).collect();
        a_sentence_acts(case.facts, not_kept, &own)
    };
    if agree && !acts_besides() {
        let reason = format!("a {name} whose evidence all says it only reads");
        case.add(
            HintKind::ReadOnly,
            true,
            confidence(reads),
            &reason,
            reads.to_vec(),
        );
        return true;
    }
    if !reads.is_empty() {
        let reason = if acts.is_empty() {
            "one piece of evidence says it only reads: not enough to call it read-only"
        } else {
            "the evidence disagrees on whether it only reads"
        };
        let both = reads.iter().chain(acts).copied().collect();
        case.add(HintKind::ReadOnly, true, Confidence::Low, reason, both);
    }
    false
}

/// Whether the description says the call acts: a sentence whose subject is the call
/// ("Returns the card and activates it") or that has it make another act ("Request that
/// the device publish its location"), a phrase that reading consumes ("Secrets are
/// destroyed after they are viewed") or one that something is written ("The code is sent
/// to the user by SMS", "it will alter the state of the queue"): a reading opening does
/// not hide it. What a classifier answers is no act ("The function
/// labels documents as spam", "Assigns one of the given labels to each text"), nor what is
/// made and "not saved". Read only where a method that is not safe would be called
/// read-only.
fn a_sentence_acts(facts: &Facts<'_>, not_kept: bool, own: &[&str]) -> bool {
    // (What reading consumes may be said in a summary too: "Polling method for a filter,
    // which returns an array of logs which occurred since last poll".)
    let summary = facts.summary.as_deref().unwrap_or_default();
    if vocabulary::phrases_in(&summary.to_ascii_lowercase())[3].is_some() {
        return true;
    }
    let Some(description) = facts.description.as_deref() else {
        return false;
    };
    let lower = description.to_ascii_lowercase();
    let phrases = vocabulary::phrases_in(&lower);
    let written = passive_write(&lower, false).or_else(|| result_kept(&lower, |_| true));
    if phrases[3].is_some() || (!not_kept && written.is_some()) {
        return true;
    }
    let class = |word: &str, _: &[String]| vocabulary::verb(word).unwrap_or(Verb::Act);
    description.unicode_sentences().any(|sentence| {
        if makes_another_act(sentence) {
            return true;
        }
        let Some(word) = sentence_verb_that_acts(sentence, &class, own) else {
            return false;
        };
        let Some((stem, verb)) = vocabulary::summary_verb(word) else {
            return false;
        };
        let at = word.as_ptr() as usize - sentence.as_ptr() as usize + word.len();
        let after: Vec<String> = (sentence[at..].split(|c: char| !c.is_alphabetic()))
            .filter(|w| !w.is_empty())
            .take(8)
            .map(str::to_ascii_lowercase)
            .collect();
        let into = after
            .iter()
            .any(|w| matches!(w.as_str(), "as" | "to" | "in" | "into"));
        let classifies = matches!(stem.as_str(), "label" | "assign" | "tag") && into;
        let made_not_kept = verb == Verb::Create && not_kept;
        verb != Verb::Read && !classifies && !made_not_kept
    })
}

/// Whether the description says, in a sentence with "already", that `verb` (as seen) was
/// done before: "If the insight has already been requested" of "Request an insight".
fn said_already(facts: &Facts<'_>, verb: &str) -> bool {
    let first = verb.split_whitespace().next().unwrap_or(verb);
    let Some((stem, _)) = vocabulary::summary_verb(first) else {
        return false;
    };
    let description = facts
        .description
        .as_deref()
        .unwrap_or("")
        .to_ascii_lowercase();
    description
        .split(['.', ';'])
        .any(|sentence| sentence.contains("already") && sentence.contains(stem.as_str()))
}

/// Destructive: vetoed by anything that overwrites, ends or settles; a switch, or a relation
/// removed or added, is reversible; something else added needs two pieces.
fn destructive(case: &mut Case<'_, '_>) {
    let relation = case.relation;
    let mut overwrites = case.verbs(&[Verb::Update, Verb::Renew, Verb::Settle]);
    overwrites.extend(case.evidence.iter().filter(|e| {
        matches!(
            e.says,
            Says::DestructiveNoun | Says::DestroyPhrase | Says::Actions
        ) || (e.says == Says::Verb(Verb::Destroy) && !relation)
            || (e.says == Says::ActingFlag && vocabulary::overwriting_flag(&e.seen))
            // What reading destroys ("view-once links are destroyed after the first
            // retrieval") is gone, whatever the opening's verb adds.
            || (e.says == Says::RepeatPhrase
                && vocabulary::CONSUMED_FOR_GOOD.contains(&e.seen.as_str()))
            // So is what a GET's sentence says it removes ("and expires any link issued
            // before it").
            || (e.says == Says::SentenceActs
                && vocabulary::summary_verb(&e.seen).is_some_and(|(_, v)| v == Verb::Destroy))
            // A swap overwrites both sides ("Swaps all content and metadata between two
            // tables", a SIM swap): each call swaps again, nothing is only added.
            || e.verb_in(&["swap"])
    }));
    let destructive = case.value(HintKind::Destructive);
    if !destructive && !overwrites.is_empty() {
        let confidence = confidence(&overwrites);
        let reason = "it overwrites or removes";
        case.add(HintKind::Destructive, true, confidence, reason, overwrites);
        return;
    }
    if !destructive || !overwrites.is_empty() || replaces_a_secret(case.facts) {
        return;
    }
    let switches = switches_that_undo(case);
    let removes = case.removes();
    // A PUT that "creates" at a given URI replaces what may be there, unless what it adds
    // is a relation (a label, a star) or it only creates.
    let upsert = case.method == Some(&Method::Put) && !relation && !creates_only(case);
    // Running a command or a script on a machine may remove anything there: such a runner
    // says nothing is only added (a run of a job or a trigger adds a run).
    // A command sent, issued or submitted runs too (`SendCommand`, "Issue a job command",
    // "Submits a SQL statement"), and so does a remote procedure call ("Send a JSON-RPC
    // request"). (Whether it is code is read only where a runner or a sender is said: it
    // reads every word of the operation.)
    let runner = |e: &Evidence| {
        e.verb_in(vocabulary::RUNNERS)
            || e.verb_in(vocabulary::SENDS)
            || e.verb_in(&["issue", "submit"])
    };
    let runs_code = case.evidence.iter().any(runner) && runs_code(case.facts);
    let runs = |e: &&Evidence| runs_code && runner(e);
    let mut adds: Vec<&Evidence> = case
        .verbs(&[Verb::Create, Verb::Repeat])
        .into_iter()
        .filter(|e| !upsert || e.says != Says::Verb(Verb::Create))
        .filter(|e| !runs(e))
        .collect();
    // A token endpoint issues a new credential beside the others (one strong piece).
    adds.extend(case.saying(&[Says::Created, Says::Collection, Says::Grant]));
    let add_verbs = case.verbs(&[Verb::Create]);
    if !switches.is_empty() {
        let reason = "a switch that its opposite undoes: nothing is lost";
        case.add(
            HintKind::Destructive,
            false,
            Confidence::Medium,
            reason,
            switches,
        );
    } else if relation && removes && owned(case.facts.path) {
        let removed = case.saying(&[Says::Relation, Says::Verb(Verb::Destroy)]);
        let reason = "removes a relation that adding it back restores";
        case.add(
            HintKind::Destructive,
            false,
            Confidence::Medium,
            reason,
            removed,
        );
    } else if (weight(&adds) >= 2 || adds.iter().any(sends)) && !removes && !ends_first(case) {
        let confidence = confidence(&adds);
        let reason = "it adds rather than overwrites or removes";
        case.add(HintKind::Destructive, false, confidence, reason, adds);
    } else if relation && !add_verbs.is_empty() && !removes && owned(case.facts.path) {
        let mut added = add_verbs;
        added.extend(case.saying(&[Says::Relation]));
        let reason = "adds a member to a set that removing it restores";
        case.add(
            HintKind::Destructive,
            false,
            Confidence::Medium,
            reason,
            added,
        );
    }
}

/// The switches a call turns that its opposite undoes. Not the off state of a member a DELETE
/// removes, nor another user's logout.
fn switches_that_undo<'c>(case: &Case<'c, '_>) -> Vec<&'c Evidence> {
    // A DELETE of a member (`/factors/{factorId}`, `/accounts/{accountId}`) removes it,
    // whatever off state its words name ("Unenroll a factor", "Deactivate a recipient
    // account", npm's "Unpublish a package" at `/{package}/-rev/{rev}`). (Unfollowing,
    // unblocking, logging out end the caller's own marks; a CMS's unpublish is a DELETE of
    // `.../published`.)
    let member = case.removes() && case.facts.path.is_some_and(|p| p.ends_with('}'));
    let off = [
        "deactivate",
        "inactivate",
        "disable",
        "suspend",
        "unenroll",
        "conclude",
        "unpublish",
    ];
    // Logging another user out (`/admin/users/{id}/logout`) revokes their sessions and
    // tokens, which nothing here restores; the caller's own logout is a switch.
    let another_user = (case.facts.path).is_some_and(|p| p.contains("users/{"));
    let logs_out = ["logout", "log", "sign"];
    let removed =
        |e: &&Evidence| (member && e.verb_in(&off)) || (another_user && e.verb_in(&logs_out));
    let mut switches = case.verbs(&[Verb::Switch]);
    switches.retain(|e| !removed(e));
    switches
}

/// Whether the operation's words name a command, a script, a SQL statement, a GraphQL
/// mutation, a stored procedure, a remote procedure call, a function or an app's action
/// (`RunCommand`, "Execute a shell script", `SendCommand`, "Execute a SQL statement", "Send
/// a JSON-RPC request", "Invokes a Lambda function", "Call an app action"): what it runs is
/// code.
fn runs_code(facts: &Facts<'_>) -> bool {
    let words = [
        facts.name,
        facts.summary.as_deref().unwrap_or(""),
        facts.description.as_deref().unwrap_or(""),
    ]
    .map(|text| super::name_words(text, None));
    words.iter().flatten().any(|w| {
        matches!(
            w.as_str(),
            "command"
                | "commands"
                | "script"
                | "scripts"
                | "shell"
                | "sql"
                | "statement"
                | "statements"
                | "mutation"
                | "mutations"
                | "procedure"
                | "procedures"
                | "rpc"
                | "function"
                | "functions"
                | "lambda"
                | "action"
                | "actions"
        )
    })
}

/// Whether a description says in the passive that something is kept ("A quote record is
/// created", "Quotes requested with POST are stored"; "nothing is stored" says the
/// opposite): a POST that says so is not its GET's query taken with a body.
fn says_it_keeps(description: &str) -> bool {
    let lower = description.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
        .collect();
    let kept = [
        "created",
        "stored",
        "saved",
        "persisted",
        "recorded",
        "kept",
        "reserved",
        "locked",
    ];
    let negations = ["nothing", "not", "no", "never", "neither", "nor"];
    words.windows(2).enumerate().any(|(i, pair)| {
        let before = &words[i.saturating_sub(3)..i];
        matches!(pair[0], "is" | "are" | "be")
            && kept.contains(&pair[1])
            && !before.iter().any(|w| negations.contains(w))
    })
}

/// Whether a piece of evidence is a verb that sends a message ("Send a cart"): one such
/// says the call adds (at medium confidence).
fn sends(e: &&Evidence) -> bool {
    matches!(e.says, Says::Verb(Verb::Repeat)) && e.verb_in(vocabulary::SENDS)
}

/// Whether the path names what a relation is added to or removed from: a parameter before
/// its last literal segment (`/issues/{number}/labels/{name}`), the caller's own
/// (`/user/favorites/{id}`, `/me/...`), or an RPC method (`/reactions.add`), whose
/// arguments name it. `/users/labels/{id}` deletes a label itself; `POST /members` creates
/// a member.
fn owned(path: Option<&str>) -> bool {
    let Some(path) = path else {
        return true;
    };
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let Some(last) = segments.iter().rposition(|s| !s.starts_with('{')) else {
        return false;
    };
    let bare = segments[last]
        .trim_end_matches(".json")
        .trim_end_matches(".xml");
    let rpc_method = bare.contains(['.', ':', '#']);
    let callers_own = last > 0 && matches!(segments[0], "user" | "me" | "my");
    rpc_method || callers_own || segments[..last].iter().any(|s| s.starts_with('{'))
}

/// Idempotent: every call adding an effect vetoes it; an idempotency key, a DELETE, a
/// switch, a relation, settling or ending one thing, or a set-to-value update supports it.
fn idempotent(case: &mut Case<'_, '_>) {
    // On a PUT, "create" or "add" is an upsert at a given URI: idempotent by definition
    // (but a new key or certificate is new on every call, and a PUT that only creates
    // makes another or fails); adding a relation (a label, an assignee) twice adds it once.
    let only_creates = creates_only(case);
    let adds_again: &[Verb] = if only_creates {
        &[Verb::Repeat, Verb::Create]
    } else if case.method.is_some_and(Method::is_idempotent) {
        &[Verb::Repeat]
    } else if case.relation {
        &[Verb::Repeat, Verb::Renew]
    } else {
        &[Verb::Repeat, Verb::Renew, Verb::Create]
    };
    let upsert = !upserts(case).is_empty();
    let mut repeats = case.verbs(adds_again);
    // A PUT that only creates by its responses says so by its 201, whatever its verb.
    if only_creates && repeats.is_empty() {
        repeats.extend(case.saying(&[Says::Created]));
    }
    // "Create or update": what it creates, a repeat updates.
    repeats.retain(|e| !(upsert && e.says == Says::Verb(Verb::Create)));
    // What a proxy passes on may add on every call: its server decides.
    let each_call_adds = case.saying(&[Says::RepeatPhrase, Says::Proxy, Says::DescribedRepeat]);
    repeats.extend(&each_call_adds);
    // A field switched with no value given flips, and a repeat flips it back.
    let flipped: Vec<&Evidence> = match flips_a_field(case.facts) {
        true => (case.verbs(&[Verb::Act]).into_iter())
            .filter(|e| e.verb_in(&["switch"]))
            .collect(),
        false => Vec::new(),
    };
    repeats.extend(&flipped);
    let mints = |e: &&Evidence| e.verb_in(vocabulary::MINTS);
    if case.method.is_some_and(Method::is_idempotent) {
        repeats.extend(case.verbs(&[Verb::Renew]).into_iter().filter(mints));
    }
    let key = case.saying(&[Says::IdempotencyKey]);
    let idempotent = case.value(HintKind::Idempotent);
    // "If a pool already exists with this name, no action will be performed": said outright,
    // unless it is also said that each call has an effect.
    let no_op = case.saying(&[Says::NoOpPhrase]);
    // ("Resend the invitation. If it was already accepted, no action is performed": what
    // is sent again is sent on each call that finds it unaccepted; "If the insight has
    // already been requested" says what a repeat of the request does.)
    let each_call = !each_call_adds.is_empty()
        || case
            .verbs(&[Verb::Repeat])
            .iter()
            .any(|e| !said_already(case.facts, &e.seen));
    if let (false, false, [phrase, ..]) = (idempotent, each_call, &no_op[..]) {
        case.add(
            HintKind::Idempotent,
            true,
            Confidence::High,
            "says a repeat changes nothing",
            vec![*phrase],
        );
    } else if let (false, [key, ..]) = (idempotent, &key[..]) {
        case.add(
            HintKind::Idempotent,
            true,
            Confidence::Medium,
            "accepts an idempotency key: true only where the caller mints the key once and \
             sends the same key on every retry",
            vec![*key],
        );
    } else if !idempotent && repeats.is_empty() {
        repeat_changes_nothing(case);
    } else if idempotent && !repeats.is_empty() && key.is_empty() {
        let confidence = confidence(&repeats);
        let reason = match repeats.len() == flipped.len() {
            true => "switches with no value given, so flips: a retry flips it back",
            false => "every call adds an effect: a retry repeats it",
        };
        case.add(HintKind::Idempotent, false, confidence, reason, repeats);
    }
}

/// Whether a PUT that creates only creates, as a POST would: it does not say "or update",
/// and either its one success is 201 Created, with a 409, whatever its verb ("Set a
/// namespace ...", 201 "successfully set", 409 "already exists": RFC 9110 says a 201
/// created something, where a PUT that updates answers 200 or 204), or its words create
/// but do not update and its description says a second call fails ("If there is already a
/// bot ..., a 409 error is returned"), or its responses answer a second call with a 409
/// Conflict and no success of an update (200, 204). (A PUT to a path without parameters
/// may still write at a given URI: a presigned upload URL.)
fn creates_only(case: &Case<'_, '_>) -> bool {
    if case.method != Some(&Method::Put) || !upserts(case).is_empty() {
        return false;
    }
    if succeeds_only_with_201_and_409(&case.facts.statuses) {
        return true;
    }
    if case.verbs(&[Verb::Create]).is_empty() {
        return false;
    }
    // The name's `put` says only the method; a token made is new whatever it says; a PUT
    // to an RPC method named "create" (Consul's `PUT /v1/session/create`) makes one, and so
    // does one to a collection, whose URI names none of what it makes ("Generates asset
    // changes" at `/asset-changes/change-sets`; "Add assets to a board" adds to a set).
    let last = (case.facts.path).and_then(|p| p.trim_end_matches('/').rsplit('/').next());
    let rpc_create = last.is_some_and(|last| last.eq_ignore_ascii_case("create"));
    let makes = (case.verbs(&[Verb::Create]).iter()).any(|e| !e.verb_in(&["add", "insert"]));
    let collection = makes
        && !case.relation
        && last.is_some_and(|last| !last.starts_with('{') && is_plural(last));
    if mints_a_credential(case.facts) || rpc_create {
        return true;
    }
    if collection {
        return !replaces_what_exists(case.facts);
    }
    if !case.verbs(&[Verb::Update]).is_empty() {
        return false;
    }
    let statuses = &case.facts.statuses;
    let conflicts =
        statuses.contains(&"409") && !statuses.iter().any(|s| matches!(*s, "200" | "204"));
    conflicts || fails_when_it_exists(case.facts.description.as_deref().unwrap_or(""))
}

/// Whether the responses answer success only with 201 Created (a `default` may be a
/// success too), and answer 409 Conflict.
fn succeeds_only_with_201_and_409(statuses: &[&str]) -> bool {
    let success = |s: &&&str| s.starts_with('2') || **s == "default";
    let mut successes = statuses.iter().filter(success).peekable();
    successes.peek().is_some() && successes.all(|s| *s == "201") && statuses.contains(&"409")
}

/// Whether the description opens by removing or voiding what the call is given: "Exchange
/// tickets" posted to `/exchanges`, 201, "Voids the given tickets and issues new tickets"
/// (attack 78) adds no more than it ends. (Not what it accepts as input: "Accepts a
/// `GeneratorInput` options map".)
fn ends_first(case: &Case<'_, '_>) -> bool {
    // (Of what settles, only a void ends what exists: "Completes the given conversation"
    // of `POST /chat/completions` makes one.)
    match &description_opening(case.facts)[..] {
        [(stem, verb), ..] => {
            !vocabulary::INPUT_VERBS.contains(&stem.as_str())
                && (stem == "void" || *verb == Some(Verb::Destroy))
        }
        [] => false,
    }
}

/// Whether the description opens by replacing what exists, whole: "Upload menu" by PUT at
/// `/stores/{id}/menus`, "Replaces the store's entire menu" (attack 76); not "Sets up a
/// new webhook", nor "Updates the album with the uploaded photo", which add one.
fn replaces_what_exists(facts: &Facts<'_>) -> bool {
    let opening = description_opening(facts);
    let has = |list: &[&str]| opening.iter().any(|(w, _)| list.contains(&w.as_str()));
    let whole = has(&["replace", "overwrite", "entire", "whole"]);
    let adds = has(&["new", "uploaded", "another", "additional"]);
    let existing = [
        "the", "its", "their", "all", "every", "each", "any", "existing",
    ];
    let of_what_exists = opening
        .get(1)
        .is_some_and(|(w, _)| existing.contains(&w.as_str()));
    whole && !adds && of_what_exists && opens_with(&opening, Verb::Update)
}

/// The words of the description's first sentence from its verb on, lower case, each with
/// its verb class and the stem it is known by ("Replaces the store's entire menu" opens
/// with `("replace", Update)`).
fn description_opening(facts: &Facts<'_>) -> Vec<(String, Option<Verb>)> {
    let description = facts.description.as_deref().unwrap_or_default();
    let sentence = description.unicode_sentences().next().unwrap_or_default();
    (opening_words(sentence).into_iter())
        .map(|word| match vocabulary::summary_verb(word) {
            Some((stem, verb)) => (stem, Some(verb)),
            None => (word.to_ascii_lowercase(), None),
        })
        .collect()
}

/// Whether the description opens by making something, not "Creates or updates".
fn opens_creating(facts: &Facts<'_>) -> bool {
    let opening = description_opening(facts);
    let or_updates = opening.get(1).is_some_and(|(w, _)| w == "or");
    opens_with(&opening, Verb::Create) && !or_updates
}

/// Whether an opening's first word is a verb of `class`.
fn opens_with(opening: &[(String, Option<Verb>)], class: Verb) -> bool {
    opening
        .first()
        .is_some_and(|(_, verb)| *verb == Some(class))
}

/// Whether the opening (the summary, or without one the description's first sentence)
/// creates a credential: "Creates a Access Token to write on a Card" makes a new token on
/// every call, whatever the method.
fn mints_a_credential(facts: &Facts<'_>) -> bool {
    let opening = facts.summary.as_deref().or(facts.description.as_deref());
    let lower = opening.unwrap_or("").to_ascii_lowercase();
    // (A possessive's "s" is no word: "Generate an app's oauth client/secret".)
    let mut words = words_of(&lower);
    words.retain(|w| *w != "s");
    let creates = words
        .first()
        .and_then(|w| vocabulary::summary_verb(w))
        .is_some_and(|(_, verb)| verb == Verb::Create);
    // Also a key named for access or a pair of them ("Create an API key", "Create a key
    // pair"; a store's "Create key" sets a value), and a service account, whose keys come
    // with it.
    let near: Vec<&str> = words.iter().skip(1).take(5).copied().collect();
    let credential = near.iter().enumerate().any(|(i, w)| {
        let before = i.checked_sub(1).map(|b| near[b]);
        let after = near.get(i + 1).copied();
        matches!(*w, "token" | "tokens" | "secret" | "password")
            || (matches!(*w, "key" | "keys")
                && (matches!(before, Some("api" | "access" | "ssh" | "signing"))
                    || after == Some("pair")))
            || *w == "keypair"
            || (*w == "account" && before == Some("service"))
    });
    creates && credential
}

/// Whether the call makes a thing's one secret anew ("Generate client secret" at
/// `/apps/{id}/secret/generate`, "Generate an app's oauth client/secret" at
/// `/apps/{id}/oauth/generate`, Keycloak's "Generate a new secret for the client" at
/// `/clients/{id}/client-secret`, Azure's "Generates new random app publishing password" at
/// `/sites/{name}/newpassword`): the old one stops working. One added to a collection
/// (`/users/{id}/tokens`, "Create an API key") is one more.
fn replaces_a_secret(facts: &Facts<'_>) -> bool {
    let after_thing = (facts.path)
        .and_then(|p| p.rsplit_once('}'))
        .map(|(_, after)| after);
    let segments: Vec<String> = (after_thing.unwrap_or("").split('/'))
        .filter(|s| !s.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let one = !segments.is_empty() && !segments.iter().any(|s| is_plural(s));
    let secret =
        (segments.iter()).any(|s| s.contains("secret") || s.contains("password") || s == "oauth");
    one && secret && mints_a_credential(facts)
}

/// Whether a sentence says the call fails when what it makes already exists: "already" and
/// an error ("a 409 error is returned", "fails", "conflict").
fn fails_when_it_exists(description: &str) -> bool {
    let lower = description.to_ascii_lowercase();
    lower.split(['.', ';']).any(|sentence| {
        sentence.contains("already")
            && ["409", "error", "fail", "conflict"]
                .iter()
                .any(|word| sentence.contains(word))
    })
}

/// The words that make a create an upsert: "or update" after it, in the opening or the
/// name (`addOrUpdateSetting`). ("Create a status update" makes a new update each time.)
fn upserts<'c>(case: &Case<'c, '_>) -> Vec<&'c Evidence> {
    let overwrite = |e: &&Evidence| {
        let word = e.seen.to_ascii_lowercase();
        let after_or = word.strip_prefix("or ");
        after_or.is_some_and(vocabulary::overwrites)
    };
    if case.verbs(&[Verb::Create]).is_empty() {
        return Vec::new();
    }
    let words = case.saying(&[Says::DestructiveNoun]);
    words.into_iter().filter(overwrite).collect()
}

/// Why repeating the call would change nothing, when the evidence says so: the first that
/// holds of a DELETE, a switch, adding to a set, settling, ending or setting values.
fn repeat_changes_nothing(case: &mut Case<'_, '_>) {
    if flips(case.facts.description.as_deref().unwrap_or_default()) {
        return;
    }
    let path = case.facts.path;
    let single_resource = path.is_some_and(|p| p.trim_end_matches('/').ends_with('}'));
    // An action on one resource: `/runs/{id}/cancel` as well as `/customers/{id}`, and an
    // RPC method that sets values on what its arguments name (`/chat.update`,
    // `/ips/set-custom-dns`; not `/tables/import`, which makes a table each time).
    let rpc_method = case.evidence.iter().any(|e| {
        e.source == Source::Path
            && e.says == Says::Verb(Verb::Update)
            && vocabulary::SET_TO_VALUE.contains(&e.seen.to_ascii_lowercase().as_str())
    });
    let one_resource = case.saying(&[Says::OneResource]).len();
    // (An API's version in the path names no resource: UPS's `/shipments/{version}/ship`.)
    let names_one =
        |p: &str| (p.split('{').skip(1)).any(|s| !s.to_ascii_lowercase().starts_with("version"));
    let on_a_resource = path.is_some_and(names_one) || rpc_method || one_resource > 0;
    let switches = case.verbs(&[Verb::Switch]);
    let updates = case.verbs(&[Verb::Update]);
    let ends = case.verbs(&[Verb::Destroy]);
    let settles = case.verbs(&[Verb::Settle]);
    // A 201 or a POST to a collection makes something new on each call, whatever the verb
    // ("subscribes a client" adds a subscription).
    let collection = !case.saying(&[Says::Collection]).is_empty();
    let created = !case.saying(&[Says::Created]).is_empty();
    let creates = collection || created;
    let mut adds_relation = case.verbs(&[Verb::Create]);
    adds_relation.extend(case.saying(&[Says::Relation]));
    let upsert = upserts(case);
    // JSON Patch's `add` to a list adds again on a repeat: values are not simply set,
    // unless the description's example of the body's list only replaces.
    let change_lists = case.saying(&[Says::ChangeList]);
    let sets_values = change_lists.is_empty()
        || (change_lists.iter().all(|e| e.source == Source::Body)
            && example_only_replaces(case.facts.description.as_deref()));
    let only = case.verbs(&[Verb::Act]).is_empty();
    // What takes an amount (`qty=10`, a withdrawal's `amount`) takes that much again on a
    // repeat: removing or ending it is no end.
    let whole = case.facts.amount.is_none();
    let (reason, evidence, confidence) = if case.removes() && only && whole {
        let confidence = if single_resource {
            Confidence::High
        } else {
            Confidence::Medium
        };
        let reason = "HTTP defines DELETE as idempotent: true if repeating it has no further \
                      effect in this API";
        return removal(case, reason, confidence);
    } else if !switches.is_empty() && (!creates || marks_once(case, &switches)) {
        (
            "a switch: setting it again changes nothing",
            switches,
            Confidence::Medium,
        )
    } else if case.relation && adds_relation.len() >= 2 && owned(path) {
        let reason = "adds to a set: adding the same member again changes nothing";
        (reason, adds_relation, Confidence::Medium)
    } else if !upsert.is_empty() && only && case.saying(&[Says::Collection]).is_empty() {
        // (Posted to a collection, "create or update" creates another without an ID.)
        let mut evidence = case.verbs(&[Verb::Create]);
        evidence.extend(upsert);
        let reason = "creates or updates: the same values again change nothing";
        (reason, evidence, Confidence::Medium)
    } else if !settles.is_empty()
        && on_a_resource
        && only
        && updates.is_empty()
        && !takes_money(case.facts, &settles)
        && !(created && opens_creating(case.facts))
    {
        // (Accepting a quote that "Creates the delivery from the quote", 201, makes one;
        // attack 76.)
        let reason = "moves one resource to a final state: moving it there again changes nothing";
        (reason, settles, Confidence::Medium)
    } else if ends.len() >= 2
        && only
        && updates.is_empty()
        && whole
        && !(collection && created)
        && !describes_taking_money(case.facts)
    {
        // (A ban posted to a collection with a 201 makes one more each time; Rebilly's
        // "Cancel a coupon redemption" at `/cancel` answers 201 and cancels it once, Batch's
        // `/removenodes` is no collection of removals.)
        let reason = "ends something: ending it again changes nothing";
        (reason, ends, Confidence::Medium)
    } else if updates.len() + one_resource >= 2
        && !updates.is_empty()
        && on_a_resource
        && only
        && sets_values
        && (whole || !moves_an_amount(&updates))
        && !(collection && created && !names_its_act(path, &updates))
        && !opens_with(&description_opening(case.facts), Verb::Repeat)
    {
        // (Nor what the description opens by sending: "Transfer a ticket" posted to
        // `/transfers`, "Sends the ticket to the recipient's email address"; attack 78.)
        // (What is posted to a collection of things with a 201 is one more each time: "Set
        // a hold" pushes another onto a thermostat's stack; "Merge a branch" at `/merges`
        // merges once.)
        let reason = "sets given values on one resource: the same values again change nothing";
        (reason, updates, Confidence::Medium)
    } else {
        return;
    };
    case.add(HintKind::Idempotent, true, confidence, reason, evidence);
}

/// Whether a description shows JSON Patch operations, all of them `replace` (`"op":
/// "replace", "path": "/base_price"`), and names no append (`/-`) nor another operation:
/// what such a list changes, it sets.
fn example_only_replaces(description: Option<&str>) -> bool {
    let description = description.unwrap_or("");
    let mut ops = description.split("\"op\"").skip(1).map(|after| {
        let value = after.trim_start().trim_start_matches(':').trim_start();
        value.starts_with("\"replace\"")
    });
    let replaces = ops
        .next()
        .is_some_and(|first| first && ops.all(|replace| replace));
    let lower = description.to_ascii_lowercase();
    let others = [
        "\"add\"",
        "\"move\"",
        "\"copy\"",
        "\"remove\"",
        "`add`",
        "`move`",
        "`copy`",
        "`remove`",
        "/-",
    ];
    replaces && !others.iter().any(|other| lower.contains(other))
}

/// Whether `path`'s last segment names the act one of `verbs` says (`/merges` for "Merge"):
/// a collection of acts, not of things each call adds.
fn names_its_act(path: Option<&str>, verbs: &[&Evidence]) -> bool {
    let last = path.and_then(|p| p.rsplit('/').next()).unwrap_or_default();
    let last = last.to_ascii_lowercase();
    (verbs.iter()).any(|e| last.starts_with(&e.seen.to_ascii_lowercase()))
}

/// Whether `description` says the call flips a switch ("If `status` is omitted, the
/// record's status is toggled"; attack 73): a repeat flips it back. Toggled to a value
/// ("is toggled to the given value") is set.
fn flips(description: &str) -> bool {
    let lower = description.to_ascii_lowercase();
    if !lower.contains("toggle") {
        return false;
    }
    let words = words_of(&lower);
    (0..words.len()).any(|i| {
        let passive = matches!(words[i], "toggled")
            && i > 0
            && matches!(words[i - 1], "is" | "are" | "be" | "gets" | "get");
        let active =
            words[i] == "toggles" && matches!(words.get(i + 1), Some(&("the" | "its" | "it")));
        // (Not "toggled between on and off", "toggled on or off": those flip.)
        let to_a_value = words.get(i + 1) == Some(&"to");
        (passive || active) && !to_a_value
    })
}

/// Whether the call is given nothing to set and its summary switches a field, flag, status
/// or state, to no value it names ("Fast switch the \"favourite\" field of a datapoint";
/// not "Switch organization", "Switch on the light", "Switch the status to active").
fn flips_a_field(facts: &Facts<'_>) -> bool {
    if !facts.given_nothing {
        return false;
    }
    let summary = facts
        .summary
        .as_deref()
        .unwrap_or_default()
        .to_ascii_lowercase();
    let words = words_of(&summary);
    let Some(at) = words.iter().position(|w| *w == "switch") else {
        return false;
    };
    let object = &words[at + 1..];
    let a_field = |w: &&str| matches!(*w, "field" | "flag" | "status" | "state");
    let a_value = |w: &&str| matches!(*w, "on" | "off" | "to" | "between" | "from");
    // (A value in the path, after the field's segment, is given: `/state/{state}`.)
    let path = facts.path.unwrap_or_default().trim_end_matches('/');
    let value_in_path = path.ends_with('}') && path.matches('{').count() > 1;
    let in_path = value_in_path && !path.rsplit('/').nth(1).is_some_and(|s| s.starts_with('{'));
    !in_path && object.iter().any(a_field) && !object.iter().any(a_value)
}

/// Whether a person's mark (follow, star, like...) is set at a path whose last segment is
/// the switch (`/products/{id}/follow`), or posted to the set of its marks
/// (`/my/categories/follows` for "Follow category"), and no word creates or acts: there a
/// 201 or the collection says only that the mark is made, once. (A 201 from starting,
/// subscribing or blocking may be a new run, a new charge or a new hold.)
fn marks_once(case: &Case<'_, '_>, switches: &[&Evidence]) -> bool {
    if !case
        .verbs(&[Verb::Create, Verb::Repeat, Verb::Act])
        .is_empty()
    {
        return false;
    }
    let last = case
        .facts
        .path
        .and_then(last_literal_segment)
        .unwrap_or_default();
    let sets = case.saying(&[Says::Collection]);
    let of_its_marks = |verb: &str| {
        (sets.iter()).any(|set| {
            let set = set.seen.to_ascii_lowercase();
            set == format!("{verb}s") || set == format!("{verb}ing")
        })
    };
    switches.iter().any(|switch| {
        let mark = vocabulary::summary_verb(&switch.seen)
            .map(|(word, _)| word)
            .filter(|word| vocabulary::PERSONS_MARKS.contains(&word.as_str()));
        mark.is_some_and(|verb| {
            let at_its_path = switch.source == Source::Path && last == verb;
            at_its_path || of_its_marks(&verb)
        })
    })
}

/// The path's last segment that is no parameter, lower case, without an extension or a
/// parameter glued to it (`/updates/{id}/share{mediaTypeExtension}`: `share`).
fn last_literal_segment(path: &str) -> Option<String> {
    let segment = path
        .rsplit('/')
        .find(|s| !s.is_empty() && !s.starts_with('{'))?;
    let bare = segment.split(['{', '.']).next().unwrap_or_default();
    Some(bare.to_ascii_lowercase())
}

/// Whether what updates moves something by an amount it takes ("Transfer balance" with an
/// `amount`: "Moves `amount` of this folio's balance to the target folio"; attack 73): a
/// repeat moves that much again, where one that sets a value sets it again.
fn moves_an_amount(updates: &[&Evidence]) -> bool {
    updates.iter().any(|e| {
        let first = e.seen.split_whitespace().next().unwrap_or_default();
        vocabulary::summary_verb(first)
            .is_some_and(|(stem, _)| matches!(stem.as_str(), "transfer" | "move"))
    })
}

/// Whether the description says the call captures or charges money ("Close a tab":
/// "Captures the pre-authorized card for the tab total", "charges the customer", ",
/// capturing the amount", "Closing a tab captures ...", "The card is charged"; attack 71):
/// ending or settling that takes money invites no retry. The active verb opens a sentence
/// (not as a noun: "Charges on the card are reversed") or follows the call's subject; money
/// (a payment, a card, an amount, the customer) follows within six words, or the passive's
/// sentence names it. A screenshot captured is no money.
fn describes_taking_money(facts: &Facts<'_>) -> bool {
    let Some(description) = facts.description.as_deref() else {
        return false;
    };
    let money = |w: &&str| {
        vocabulary::MONEY.contains(w)
            || matches!(
                *w,
                "card" | "amount" | "funds" | "total" | "authorization" | "customer" | "bill"
            )
    };
    let lower = description.to_ascii_lowercase();
    lower.split_inclusive(['.', ';']).any(|sentence| {
        let words = words_of(sentence);
        // (Not a condition or a relative clause: "an authorized payment that has been
        // captured" cannot be voided.)
        let told = |list: &[&str]| words.iter().any(|w| list.contains(w));
        let conditional = told(&[
            "that", "which", "once", "if", "when", "after", "not", "cannot",
        ]);
        let passive = !conditional
            && (1..words.len()).any(|j| {
                matches!(words[j], "charged" | "captured")
                    && super::sentences::auxiliary_before(&words, j).is_some()
            });
        passive && words.iter().any(money)
            || (words.iter().enumerate()).any(|(i, word)| {
                takes_money_at(&words, i, word) && words.iter().skip(i + 1).take(6).any(money)
            })
    })
}

/// Whether `word`, the `i`th of a sentence's `words`, is an act of taking money with the call
/// as its subject: "Captures ...", "It charges", "and captures", ", capturing", "Closing a
/// tab captures".
fn takes_money_at(words: &[&str], i: usize, word: &str) -> bool {
    if matches!(word, "capturing" | "charging") {
        return true;
    }
    if !matches!(word, "captures" | "charges") {
        return false;
    }
    // "Charges on the card are reversed": a noun, its verb later.
    let noun = i == 0
        && (words.iter().skip(1).take(5))
            .any(|w| matches!(*w, "are" | "were" | "is" | "was" | "made"));
    let by_doing = i > 0 && i <= 3 && super::sentences::gerund(words[0]);
    let subject = i.checked_sub(1).is_none_or(|j| {
        words[j] == "and"
            || vocabulary::CARRY_THE_SUBJECT.contains(&words[j])
            || vocabulary::SUBJECTS.contains(&words[j])
    });
    !noun && (subject || by_doing)
}

/// Settling takes held money (`/payments/{id}/capture`, "Complete pre-auth"): a retry is
/// not invited.
fn takes_money(facts: &Facts<'_>, settles: &[&Evidence]) -> bool {
    if describes_taking_money(facts) {
        return true;
    }
    let takes = |e: &&&Evidence| {
        let word = e.seen.to_ascii_lowercase();
        vocabulary::summary_verb(&word)
            .is_some_and(|(verb, _)| vocabulary::TAKES_MONEY.contains(&verb.as_str()))
    };
    if !settles.iter().any(|e| takes(&e)) {
        return false;
    }
    let text = [
        facts.name,
        facts.summary.as_deref().unwrap_or(""),
        facts.description.as_deref().unwrap_or(""),
        facts.path.unwrap_or(""),
    ];
    text.iter().any(|text| {
        let snake = crate::words::snake_case(text);
        let words: Vec<&str> = snake.split('_').collect();
        // "pre-auth" and `PreAuth` are two words here: `preauth` joined.
        let joined = words.windows(2).map(|pair| pair.concat());
        words.iter().any(|word| vocabulary::MONEY.contains(word))
            || joined
                .into_iter()
                .any(|word| vocabulary::MONEY.contains(&word.as_str()))
    })
}

/// A DELETE's suggestion: its words that remove, or without a verb in them the method,
/// which HTTP defines.
fn removal(case: &mut Case<'_, '_>, reason: &str, confidence: Confidence) {
    let mut removal: Vec<Evidence> = case
        .verbs(&[Verb::Destroy, Verb::Switch])
        .into_iter()
        .cloned()
        .collect();
    if removal.is_empty() {
        removal.push(Evidence {
            source: Source::Method,
            says: Says::Verb(Verb::Destroy),
            seen: "DELETE".into(),
            at: case.facts.places.operation.clone(),
        });
    }
    case.add(
        HintKind::Idempotent,
        true,
        confidence,
        reason,
        removal.iter().collect(),
    );
}
