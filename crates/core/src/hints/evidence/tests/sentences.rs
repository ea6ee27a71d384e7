//! What `--read-only` reads past the opening: a sentence that says the call acts keeps a GET
//! out, though the judgement does not weigh it (one that tells in the passive of the call's
//! own work, it does).

use super::*;

/// Why `--read-only` would leave a GET out, or `None` when it keeps it.
fn left_out_because(summary: &str, description: &str) -> Option<String> {
    let get = Method::Get;
    let mut facts = facts(&get, "", summary);
    facts.description = (!description.is_empty()).then(|| description.into());
    facts.path = Some("/v1/things/{id}");
    left_out(&facts)
}

/// Why `--read-only` would leave the GET of `facts` out, or `None` when it keeps it.
fn left_out(facts: &Facts<'_>) -> Option<String> {
    let get = Method::Get;
    let evidence = read(facts);
    let hints = Hints::infer(&get);
    let suggestions = judge(facts, &evidence, &hints);
    hints
        .read_only_verdict(&get, &evidence, &suggestions, false)
        .err()
}

/// A path segment that a `Resource_Action` name calls its resource is a noun: `/Place`
/// places nothing for `Place_GetByGeoBox`, as `/place` does for `placeOrder`.
#[test]
fn a_segment_the_name_calls_its_resource_is_a_noun() {
    let get = Method::Get;
    let mut places = facts(&get, "Place_GetByGeoBox", "Gets the places within a box");
    places.path = Some("/Place");
    assert_eq!(said(&places), []);
    assert_eq!(left_out(&places), None);
    let mut order = facts(&get, "placeOrder", "Places an order");
    order.path = Some("/orders/place");
    assert!(left_out(&order).is_some());
    // Not where a parameter names what it acts on, nor a word that removes or renews.
    let mut restart = facts(&get, "Restart_Get", "");
    restart.path = Some("/vms/{vm}/restart");
    assert!(left_out(&restart).is_some());
    for (name, path) in [
        ("Delete_Get", "/Delete/{id}"),
        ("", "/delete/{id}"),
        ("Logout_Get", "/Logout"),
        ("Send_Get", "/Send"),
    ] {
        let mut delete = facts(&get, name, "");
        delete.path = Some(path);
        assert!(left_out(&delete).is_some(), "{path}");
    }
}

#[test]
fn a_later_sentence_whose_subject_is_the_call_and_that_acts_keeps_a_get_out() {
    for (summary, description, verb) in [
        (
            "Get B",
            "Creates a B if none exists and returns it.",
            "Creates",
        ),
        (
            "Look up",
            "Looks up the record and then deletes it.",
            "deletes",
        ),
        (
            "Get D",
            "This endpoint is deprecated; it now removes the D.",
            "removes",
        ),
        (
            "Get item",
            "Fetching an item marks it as read and decrements its remaining views.",
            "marks",
        ),
        (
            "Get cache",
            "Returns the cache. Note: deletes the cache entries it returns.",
            "deletes",
        ),
        // What it acts on needs no article: a plural, or an adjective before one.
        ("Get users", "Deletes users.", "Deletes"),
        ("Get users", "It deletes old users.", "deletes"),
        (
            "Get users",
            "Registers new users from the queue.",
            "Registers",
        ),
        // Any object but a clause or a list; a modal or "this" carries the subject.
        ("Get users", "Deletes data.", "Deletes"),
        ("Get users", "This deletes user sessions.", "deletes"),
        ("Get users", "It will delete users.", "delete"),
    ] {
        let why = left_out_because(summary, description);
        let expected =
            format!("a sentence says it acts (description '{verb}'): review it to keep it");
        assert_eq!(why.as_deref(), Some(expected.as_str()), "{description}");
        // The judgement does not weigh it: nothing is suggested from a later sentence.
        let get = Method::Get;
        let mut facts = facts(&get, "", summary);
        facts.description = Some(description.into());
        assert_eq!(said(&facts), [], "{description}");
    }
}

/// What the tuning half's reading GETs say past their opening: nouns, what a call takes,
/// what it lets someone read, a runner whose object reads, a negation, a relative clause.
#[test]
fn nouns_inputs_and_what_lets_someone_read_keep_a_get_in() {
    for description in [
        "Returns a list of calls and texts.",
        "Tags: the tags to filter by.",
        "Enables an authenticated GitHub App to find the organization's installation information.",
        "Performs sentiment analysis on the given document.",
        "Requests that don't include the `is` qualifier will return both.",
        "This method accepts a query.",
        "Returns the item. It does not delete the item.",
        "Returns the jobs that deletes old files.",
        "Converts the amount to the target currency.",
        "page_size: Sets the page size.",
    ] {
        assert_eq!(
            left_out_because("Get thing", description),
            None,
            "{description}"
        );
    }
}

/// A title ("Mail") gives way to a description whose opening is an imperative with a verb
/// the reader does not know; "Sorry, this function ..." is no imperative. A verb "of"
/// follows names a thing: "End of day prices" reads.
#[test]
fn an_unknown_imperative_after_a_title_acts() {
    let get = Method::Get;
    let mut mail = facts(&get, "mail", "Mail");
    mail.description = Some("Mail a letter.".into());
    assert_eq!(
        said(&mail),
        [(HintKind::ReadOnly, false, Confidence::Medium)]
    );
    let mut listen = facts(&get, "listenForDweets", "Listen for dweets from a thing.");
    listen.description = Some("Sorry, this function uses HTTP chunked responses.".into());
    assert_eq!(said(&listen), []);
    for summary in ["End of day prices", "Recording of the call"] {
        assert_eq!(said(&facts(&get, "", summary)), [], "{summary}");
        assert_eq!(left_out_because(summary, ""), None, "{summary}");
    }
}

/// A modal carries the subject past an adverb: "It will also delete the file" keeps a GET
/// out, as "It will delete the file" does.
#[test]
fn a_modal_carries_the_subject_past_an_adverb() {
    for description in [
        "Returns the file content. It will delete the file from the server.",
        "Returns the file content. It will also delete the file from the server.",
    ] {
        assert!(
            left_out_because("Download a file", description).is_some(),
            "{description}"
        );
    }
    assert_eq!(
        left_out_because("Download a file", "Returns the file content."),
        None
    );
}

/// A sentence opened by doing something has the call as its subject: "Retrieving
/// notifications marks them as read" keeps a GET out; "Using this endpoint returns ..."
/// reads.
#[test]
fn a_sentence_opened_by_doing_something_has_the_call_as_its_subject() {
    let marks = "Returns the notifications. Retrieving notifications marks them as read.";
    assert!(left_out_because("List notifications", marks).is_some());
    let reads = "Returns the notifications. Using this endpoint returns at most 50.";
    assert_eq!(left_out_because("List notifications", reads), None);
}

/// Attack round 19: GETs that act in ways the reader missed, now left out. An unknown word
/// after a resource's ID is no part of it (`/coupons/{id}/redeem`); a word in the third
/// person before a plural and a preposition is a verb ("Burns tokens from ..."); reading
/// that sends, locks or leases ("is sent to", "are locked") consumes. A part or a
/// collection after an ID is still read (`/orders/{id}/items`).
#[test]
fn attack_19_gets_that_act_are_left_out() {
    let get = Method::Get;
    let mut redeem = facts(&get, "redeemCoupon", "Redeem coupon");
    redeem.path = Some("/coupons/{id}/redeem");
    assert!(left_out(&redeem).is_some());
    let mut items = facts(&get, "", "");
    items.path = Some("/orders/{id}/items");
    assert_eq!(left_out(&items), None);
    assert!(left_out_because("", "Burns tokens from the caller's balance.").is_some());
    for description in [
        "Returns the code. A verification code is sent to the phone number.",
        "Returns the next items. The retrieved items are locked for 30 seconds.",
        "Returns a work item. The returned item is leased to the caller for 5 minutes.",
        "Lists notifications. Note that fetching notifications marks them as done.",
    ] {
        assert!(
            left_out_because("Get a thing", description).is_some(),
            "{description}"
        );
    }
    // A verb that is mostly a noun names what is read before a plural: "Order items".
    for summary in [
        "Order items",
        "Post comments",
        "Merge requests",
        "Login attempts",
    ] {
        assert_eq!(left_out_because(summary, ""), None, "{summary}");
    }
}

/// Attack round 19: GETs that mint a credential under other names ("Get a one-time
/// password", "Get a nonce", "Returns a freshly generated TOTP secret") are left out.
#[test]
fn attack_19_gets_that_mint_are_left_out() {
    for (summary, description) in [
        ("Get a one-time password", ""),
        ("Get a temporary password", ""),
        ("Get a nonce", ""),
        (
            "TOTP setup",
            "Returns a freshly generated TOTP secret for enrollment.",
        ),
    ] {
        assert!(
            left_out_because(summary, description).is_some(),
            "{summary}"
        );
    }
    assert_eq!(left_out_because("Get the password policy", ""), None);
}

/// A GET that makes what it returns when there is none yet, said in the passive, writes;
/// a passive that tells of other calls, with no "if", does not say this one does.
#[test]
fn a_get_that_makes_what_is_missing_writes() {
    for description in [
        "Returns the link. If the file does not have one yet, a public link is created.",
        "Returns the key. If the project has no key yet, a new key is generated.",
    ] {
        assert!(
            left_out_because("Get shared link", description).is_some(),
            "{description}"
        );
    }
    let other_calls =
        "Returns the recommendations, which are generated by invoking generateRecommendations.";
    assert_eq!(left_out_because("Get recommendations", other_calls), None);
}

/// A clause whose participle acts says what the GET does as it answers.
#[test]
fn a_participle_that_acts_keeps_a_get_out() {
    let marks = "Returns the user's unread notifications, marking them as read.";
    assert!(left_out_because("List notifications", marks).is_some());
    let resets = "Returns the counters as well as resetting them to zero.";
    assert!(left_out_because("Get counters", resets).is_some());
    let sorted = "Returns the user's notifications, sorted by date, newest first.";
    assert_eq!(left_out_because("List notifications", sorted), None);
}

/// What a read hands out, takes off a queue or marks as delivered is changed by reading it,
/// in whatever words.
#[test]
fn reading_that_hands_out_or_takes_off_consumes() {
    for description in [
        "Returns up to ten messages; returned messages are taken off the queue.",
        "The returned job is handed to the calling worker.",
        "Each message returned is flagged as delivered.",
    ] {
        assert!(
            left_out_because("Get messages", description).is_some(),
            "{description}"
        );
    }
}

/// Two verbs joined by a slash or by "then" are two verbs: "Read/clear alarms" clears.
#[test]
fn verbs_joined_by_a_slash_or_then_are_both_read() {
    for summary in [
        "Read/clear alarms",
        "Get/Delete device",
        "Read then clear the log",
    ] {
        assert!(left_out_because(summary, "").is_some(), "{summary}");
    }
    assert_eq!(left_out_because("Get the input/output settings", ""), None);
}

/// A side effect said as one, after a label, is what the call does.
#[test]
fn a_side_effect_said_so_keeps_a_get_out() {
    let said = "Returns the inbox. Side effect: resets the unread counter.";
    assert!(left_out_because("Get inbox", said).is_some());
    let none = "Returns the inbox. This call has no side effects.";
    assert_eq!(left_out_because("Get inbox", none), None);
}

/// What another call makes, said in a conditional, is not what this GET does; what it
/// takes out of its answer is no act.
#[test]
fn what_another_call_makes_or_the_answer_leaves_out_is_no_act() {
    let another = "Retrieves the invoice. If the invoice is paid, a receipt is generated by the finalize call.";
    assert_eq!(left_out_because("Retrieve an invoice", another), None);
    let answer = "Returns the contacts, removing duplicates and sorting them by last name.";
    assert_eq!(left_out_because("List contacts", answer), None);
}

/// A verb after "but" still has the call for its subject.
#[test]
fn a_verb_after_but_acts() {
    let said = "Returns the message but removes its attachments from the server.";
    assert!(left_out_because("Get a message", said).is_some());
}

/// A GET that says what it will create when there is none yet ("IoT will create a
/// registration code as part of this API call if the registration code doesn't exist")
/// is left out; one that says nothing of the kind is kept.
#[test]
fn a_get_that_will_create_when_there_is_none_is_left_out() {
    let creates = "Gets a registration code. IoT will create a registration code as part of \
                   this API call if the registration code doesn't exist.";
    assert!(left_out_because("", creates).is_some());
    assert_eq!(left_out_because("", "Gets a registration code."), None);
}

/// A format's suffix (`/opens.json`, as Campaign Monitor, Shopify and Zendesk write their
/// paths) and a parameter with a prefix (Meta's `/act_{ad_account_id}`) name no act: a GET
/// titled by what it reads there is kept. A parameter an RPC method follows is no
/// parameter alone (`/{name}:cancel`).
#[test]
fn a_format_suffix_and_a_prefixed_parameter_name_no_act() {
    let get = Method::Get;
    for (summary, path) in [
        ("Campaign opens", "/campaigns/{campaignid}/opens.json"),
        ("Ad Account Insights", "/act_{ad_account_id}/insights"),
    ] {
        let mut facts = facts(&get, "", summary);
        facts.path = Some(path);
        assert_eq!(left_out(&facts), None, "{path}");
    }
    let mut cancel = facts(&get, "", "Operation");
    cancel.path = Some("/v1/{name}:cancel");
    assert!(left_out(&cancel).is_some());
}

/// A GET whose records are consumed as they are read ("after they are retrieved they are
/// marked as processed", "Records are returned only once": athenahealth's changed-data
/// feeds) is left out.
#[test]
fn a_feed_read_once_is_left_out() {
    for description in [
        "Records are marked as processed after they are returned.",
        "Records are returned only once.",
        "The changed data is returned once per subscriber.",
    ] {
        assert!(
            left_out_because("Get changed appointments", description).is_some(),
            "{description}"
        );
    }
}

/// A preview that says it "doesn't actually change" what it shows (Zendesk's macro
/// previews, at a path that ends in `apply`) is kept.
#[test]
fn a_preview_that_changes_nothing_is_kept() {
    let get = Method::Get;
    let mut preview = facts(&get, "ShowTicketAfterChanges", "Show Ticket After Changes");
    preview.path = Some("/api/v2/tickets/{ticket_id}/macros/{macro_id}/apply");
    preview.description = Some(
        "Returns the full ticket object as it would be after applying the macro to the \
         ticket. It doesn't actually change the ticket."
            .into(),
    );
    assert_eq!(left_out(&preview), None);
}

/// Attack round 66: a link that opens once is used up by the GET that opens it.
#[test]
fn a_link_that_opens_once_keeps_a_get_out() {
    for (summary, description) in [
        (
            "Download a secure attachment",
            "Returns the file. The link stops working after it has been opened once.",
        ),
        (
            "Get a sessionless launch url",
            "The url contains a one-time verifier and can be launched only once.",
        ),
    ] {
        assert!(
            left_out_because(summary, description).is_some(),
            "{description}"
        );
    }
}

/// Attack round 67: what a GET computes on a miss and writes to the resource is a write.
#[test]
fn results_written_to_the_resource_keep_a_get_out() {
    let said = left_out_because(
        "Get extracted clauses",
        "Returns the clauses found in the contract. If the contract has not been analysed yet, the analysis runs now and its results are written to the contract's properties.",
    );
    assert!(said.is_some_and(|why| why.contains("are written to")));
    assert!(left_out_because(
        "Get extracted clauses",
        "Returns the clauses found in the contract."
    )
    .is_none());
}

/// Attack round 68: a GET whose key is "rotated after each retrieval", whose code "is issued"
/// anew, whose reward "is credited" on the first request, or whose offers are "generated
/// and saved" writes.
#[test]
fn what_each_read_issues_credits_or_saves_keeps_a_get_out() {
    for (summary, description) in [
        (
            "Get the vault recovery key",
            "The key is rotated after each retrieval: store it before closing the response.",
        ),
        ("Device link code", "A new code is issued on each request."),
        (
            "Daily reward",
            "Returns today's reward. The reward is credited on the first request of the UTC day.",
        ),
        (
            "Personalized offers",
            "If the previous offers have expired, a fresh set gets created and stored.",
        ),
    ] {
        assert!(
            left_out_because(summary, description).is_some(),
            "{description}"
        );
    }
    assert!(left_out_because("Personalized offers", "Returns the player's offers.").is_none());
    // What is attempted is read as said only where this reader knows its verb.
    assert!(left_out_because("", "Attempts to grab the google store url of the app.").is_none());
}

/// Attack round 70: a link that expires "as soon as" it is opened is used up for good, so
/// opening it is no mere addition; an export removed once downloaded is taken by the GET.
#[test]
fn a_link_gone_once_opened_is_not_only_added() {
    let get = Method::Get;
    let mut open = facts(&get, "openShareLink", "Open a share link");
    open.path = Some("/share/{token}");
    open.description = Some(
        "Returns the shared page. Links created with `single_use` expire as soon as they are opened."
            .into(),
    );
    assert!(!says(&open, HintKind::Destructive, false));
    assert!(left_out(&open).is_some());
    assert!(left_out_because(
        "Download an export",
        "Returns the file. It is removed from storage after it has been downloaded."
    )
    .is_some());
}

/// Attack round 71: a GET whose description makes the call the agent of a passive ("are
/// checked in by this request") or names it "each download" acts; what is "returned by
/// this endpoint", "each request" counted and "each download link" read.
#[test]
fn the_call_as_an_agent_or_as_each_download_acts() {
    let checks_in =
        "Returns the passes. Passengers not yet checked in are checked in by this request.";
    assert!(left_out_because("Get boarding passes", checks_in).is_some());
    let registers = "Returns a signed file. Each download registers the device for push updates.";
    assert!(left_out_because("Download wallet pass", registers).is_some());
    for reads in [
        "Returns the passes. Passes are returned by this endpoint in boarding order.",
        "Returns the passes. Each request counts toward your rate limit.",
        "Returns the passes. Each download link expires after 60 seconds.",
    ] {
        assert_eq!(
            left_out_because("Get boarding passes", reads),
            None,
            "{reads}"
        );
    }
}

/// Attack round 73: a dynamic-DNS GET sets a record to the address its request comes from;
/// a condition on such a value, or an address only named, reads.
#[test]
fn a_record_set_to_the_callers_address_is_written() {
    let dynamic = "The URL a router calls to keep a record pointed at its public address. \
                   The record identified by `q` is set to the IP address the request comes from.";
    assert!(left_out_because("DynamicURL", dynamic).is_some());
    let updated = "Keeps a host name current: its A record is updated to the caller's IP address.";
    assert!(left_out_because("Update", updated).is_some());
    for reads in [
        "Returns the record. If `myip` is set to the address the request comes from, it is shown.",
        "Returns the client's IP address, as the request comes from it.",
        "Returns the session. Its `ip` field is the address the request came from.",
    ] {
        assert_eq!(left_out_because("Get record", reads), None, "{reads}");
    }
}

/// A fresh reader's review of round 73's rules: a dynamic-DNS set in the main clause after a
/// condition acts; an answer's field set to the caller's address, what happens under
/// another condition ("If the trial ends, an invoice is generated"), and a lookup "counted
/// by this request" are no act of the call's
/// (the lifecycle still keeps the GET out of `--read-only`, unweighed).
#[test]
fn the_calls_own_work_is_read_narrowly() {
    let given = "If no `ip` parameter is given, the record is set to the IP address the request comes from.";
    assert!(left_out_because("Update", given).is_some());
    let get = Method::Get;
    let mut update = facts(&get, "", "DynDNS");
    update.description = Some(given.into());
    assert!(says(&update, HintKind::ReadOnly, false));
    for reads in [
        "Returns the request as received. Its `origin` is set to the caller's IP address.",
        "Returns the session. Each lookup is counted by this request toward your daily quota.",
    ] {
        assert_eq!(left_out_because("Get request", reads), None, "{reads}");
    }
    let mut plan = facts(&get, "", "Get a plan");
    plan.description = Some("Returns the plan. If the trial ends, an invoice is generated.".into());
    assert!(!says(&plan, HintKind::ReadOnly, false));
    assert!(left_out(&plan).is_some());
}

/// Attack round 75: an upload "created for each URL returned" is made by the GET; a field
/// "Whether the doors are locked" is read, as is "Transfer log" whose description lists
/// "Transfers from trust to operating".
#[test]
fn what_each_answer_makes_acts_and_what_the_answer_says_reads() {
    let upload = "Returns a URL that the browser can PUT a video file to. An upload with status \
                  `waiting` is created for each URL returned; it times out after one hour.";
    let get = Method::Get;
    let mut url = facts(&get, "GetUploadUrl", "Get an upload URL");
    url.description = Some(upload.into());
    assert!(says(&url, HintKind::ReadOnly, false));
    url.description = Some(format!("{upload} Login required.").into());
    assert!(says(&url, HintKind::ReadOnly, false));
    let next = "Returns the oldest item waiting for review. The item is hidden from other \
                moderators for 10 minutes.";
    assert!(left_out_because("Next item to review", next).is_some());
    let setting = "Returns the note. Private notes are hidden from other users.";
    assert_eq!(left_out_because("Get a note", setting), None);
    let metered = "Returns URLs. An access log entry is created for each URL returned.";
    assert_eq!(left_out_because("Get URLs", metered), None);
    let twilio = "Get a specific Credential in a list. Though a password is stored for each \
                  username in your list, the password is not returned to protect your password.";
    assert_eq!(left_out_because("", twilio), None);
    let mut lock = facts(&get, "getLockStatus", "Lock status");
    lock.path = Some("/vehicles/{vehicleId}/lock-status");
    lock.description = Some(
        "Whether the doors are locked and the starter is immobilized, as last reported.".into(),
    );
    assert!(!says(&lock, HintKind::ReadOnly, false));
    let mut log = facts(&get, "trust_accounts_transfer_log_list", "Transfer log");
    log.path = Some("/trust-accounts/{account_id}/transfer-log");
    log.description = Some("Transfers from trust to operating, with who approved each one.".into());
    assert!(!says(&log, HintKind::ReadOnly, false));
    log.description = Some("Transfers the balance to operating.".into());
    assert!(says(&log, HintKind::ReadOnly, false));
    // (A second review: a verb before a record acts unless a description lists.)
    assert!(says(
        &facts(&get, "", "Archive log"),
        HintKind::ReadOnly,
        false
    ));
}

/// A GET's sentence that tells what is removed when something else happens ("If the
/// endpoint fails 19 consecutive times, the webhook is removed") is no act of the call;
/// one that tells what reading it removes is.
#[test]
fn what_another_act_removes_is_no_act_of_a_get() {
    for lifecycle in [
        "Returns a webhook subscription. If the endpoint fails 19 consecutive times, the webhook is removed.",
        "Deliveries of the webhook. When you delete the webhook, its deliveries are deleted too.",
    ] {
        assert_eq!(left_out_because("", lifecycle), None, "{lifecycle}");
    }
    let read = "Returns the secret. Once it is viewed, it is deleted.";
    assert!(left_out_because("", read).is_some());
    // (A second review: a condition on the reading, on what the call is given or on what it
    // reads is the call's; so is a "Whether" with a main clause.)
    for own in [
        "Returns messages. If `delete` is true, the returned messages are removed from the queue.",
        "Returns the next message. When you retrieve a message, it is removed from the queue.",
        "Returns the shared file. If the link has expired, it is deleted.",
        "Returns the file. Whether the download completes or not, the link is deleted.",
    ] {
        assert!(left_out_because("", own).is_some(), "{own}");
    }
    // (Where the call's own words act, the condition may be its act's: round 72's.)
    let get = Method::Get;
    let mut toggle = facts(&get, "", "");
    toggle.path = Some("/api/v2/private/toggle_subaccount_login");
    toggle.description = Some(
        "Enable or disable login for a subaccount. If login is disabled and a session for the \
         subaccount exists, this session will be terminated."
            .into(),
    );
    assert!(!says(&toggle, HintKind::Destructive, false));
}

/// A GET's passive sentence of this call's own work is weighed by review too, not only by
/// `--read-only` (attack rounds 68, 72, 73: a fiscal number assigned "on the first request",
/// a record set to the caller's address); a later sentence that merely acts is not.
#[test]
fn a_passive_of_the_calls_own_work_is_weighed() {
    let get = Method::Get;
    for (summary, description) in [
        (
            "DynamicURL",
            "The record identified by `q` is set to the IP address the request comes from.",
        ),
        (
            "Fiscal invoice",
            "Returns the invoice. On the first request, the folio is locked against further postings.",
        ),
        (
            "Boarding passes",
            "Returns the passes. Passengers not yet checked in are checked in by this request.",
        ),
    ] {
        let mut facts = facts(&get, "", summary);
        facts.description = Some(description.into());
        assert!(says(&facts, HintKind::ReadOnly, false), "{description}");
    }
    let mut later = facts(&get, "", "Get certificate");
    later.description = Some("Returns the certificate. It also issues a receipt.".into());
    assert!(!says(&later, HintKind::ReadOnly, false));
    assert!(left_out(&later).is_some());
    let mut listed = facts(&get, "", "Get item");
    listed.description = Some("Returns the price, shipping options, shipping costs.".into());
    assert!(!says(&listed, HintKind::ReadOnly, false));
}

/// Attack round 71: on a GET, "Refund quote" with a description that reads names what an
/// act would cost; "Send quote" sends one.
#[test]
fn a_quote_of_an_act_is_read() {
    assert!(left_out_because("Send quote", "").is_some());
    assert_eq!(
        left_out_because("Refund quote", "Calculates the amount refundable."),
        None
    );
}

/// A fresh reader's review of attack round 71's rules: a passive done by this call reads
/// where it denies, shapes the answer or is a phrasal verb that reads, and a word that is
/// not ASCII is no panic; "notified" acts; "each visit" of a list tells of what it lists,
/// and "Each download will register" of a download acts.
#[test]
fn the_call_as_an_agent_is_read_narrowly() {
    for reads in [
        "Returns the expenses. No new expense records are created by this endpoint.",
        "Returns the log. Secrets are redacted by this endpoint before the log is returned.",
        "Returns the amounts. Amounts are converted by this endpoint into the account currency.",
        "Returns the address. Addresses are looked up by this endpoint in the USPS database.",
        "Returns the users. Deactivated users are filtered out by this request.",
        "Returns the items. Items are 丸ed by this request.",
    ] {
        assert_eq!(left_out_because("Get items", reads), None, "{reads}");
    }
    let notified = "Returns the alert. Its watchers are notified by this request that it was seen.";
    assert!(left_out_because("Get alert", notified).is_some());
    let listed = "Returns the visits. Each visit records the user who scheduled it.";
    assert_eq!(left_out_because("List visits", listed), None);
    let modal = "Returns a signed file. Each download will register the device.";
    assert!(left_out_because("Download wallet pass", modal).is_some());
}

/// Attack round 72: a GET at a token's path whose description says the token lasts a while
/// issues one; a stored token's lifetime counts from its creation.
#[test]
fn a_token_that_lasts_a_while_is_issued() {
    let get = Method::Get;
    let mut token = facts(&get, "GetWebrtcCredentialsIdToken", "Client token");
    token.path = Some("/webrtc/credentials/{id}/token");
    token.description = Some(
        "Returns a JWT that the SDK uses to register. The token is valid for 24 hours.".into(),
    );
    assert!(left_out(&token).is_some());
    token.description =
        Some("Returns the API token. It is valid for 90 days from creation.".into());
    assert_eq!(left_out(&token), None);
}

/// The second review of the passive by this call and the token's lifetime: a lock, a
/// suspension, a reset or a clean-up by this request acts, as does "invalidated ... and can
/// never be used again"; a signed URL that expires is still an answer; a token "not stored
/// by the server and valid for 10 minutes" is issued; "Each lookup charges your account"
/// is billing.
#[test]
fn second_review_of_the_call_as_an_agent() {
    for acts in [
        "Returns the document. The document is locked by this request until it is saved.",
        "Returns the account. The account is suspended by this request.",
        "Returns the counters. All counters are reset by this request.",
        "Returns the sessions. Expired sessions are cleaned up by this request.",
        "Returns the code. The code is invalidated by this call and can never be used again.",
    ] {
        assert!(left_out_because("Get thing", acts).is_some(), "{acts}");
    }
    let url = "Returns the file. A new signed URL is generated for each request and expires after 10 minutes.";
    assert_eq!(left_out_because("Get file", url), None);
    let billed = "Returns the carrier. Each lookup charges your account the per-lookup price.";
    assert_eq!(left_out_because("Lookup a phone number", billed), None);
    let get = Method::Get;
    let mut token = facts(&get, "getMyToken", "My token");
    token.path = Some("/me/token");
    token.description = Some(
        "Returns a signed JWT. The token is not stored by the server and is valid for 10 minutes."
            .into(),
    );
    assert!(left_out(&token).is_some());
    token.description =
        Some("Returns the user's API token. API tokens are valid for 90 days.".into());
    assert_eq!(left_out(&token), None);
    token.description = Some("Returns the token. It is valid for a single repository.".into());
    assert_eq!(left_out(&token), None);
}
