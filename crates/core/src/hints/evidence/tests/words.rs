//! How the words of an operation are read: which word is its verb, which a noun.

use super::*;

/// Without a summary, the description's first sentence is read as one: a POST that
/// "Lists" at a path that lists reads; a later sentence's verb is not its verb.
#[test]
fn without_a_summary_the_description_opens() {
    let post = Method::Post;
    let mut facts = facts(&post, "", "");
    facts.description = Some("Lists your dedicated IP pools. Delete one with another call.".into());
    facts.path = Some("/ips/list-pools.json");
    assert_eq!(said(&facts), [(HintKind::ReadOnly, true, Confidence::High)]);
}

/// "new" before a plural names what is recent: a GET of `new_releases` lists them. Before
/// a singular, or alone at the end of a path, it makes one.
#[test]
fn new_before_a_plural_names_what_is_recent() {
    let get = Method::Get;
    let mut releases = facts(&get, "NewReleaseDVDsDVDLists", "");
    releases.path = Some("/lists/dvds/new_releases.json");
    // Nothing suggested (the name's "release" leaves a note at most).
    assert!(said(&releases).iter().all(|&(.., c)| c == Confidence::Low));
    let mut action = facts(&get, "", "");
    action.path = Some("/js/action/new");
    assert_eq!(
        said(&action),
        [(HintKind::ReadOnly, false, Confidence::Medium)]
    );
    // Posted, new ones are made: never read-only.
    let post = Method::Post;
    let mut users = facts(&post, "", "New users");
    users.description = Some("Registers new users.".into());
    users.path = Some("/users");
    assert!(said(&users)
        .iter()
        .all(|&(hint, value, c)| !(hint == HintKind::ReadOnly && value && c > Confidence::Low)));
}

/// A phrase that says data may be lost makes a reboot destructive, which a reboot alone
/// (an effect on each call, nothing lost) is not.
#[test]
fn a_possible_loss_of_data_is_destructive() {
    let post = Method::Post;
    let mut reboot = facts(&post, "Redis_ForceReboot", "");
    reboot.path = Some("/Redis/{name}/forceReboot");
    reboot.description = Some("Reboot specified Redis node(s).".into());
    assert!(said(&reboot).contains(&(HintKind::Destructive, false, Confidence::High)));
    for loss in [
        "There can be potential data loss.",
        "Existing data may be lost.",
        "This can cause data loss.",
        "The previous settings are discarded.",
    ] {
        reboot.description = Some(format!("Reboot specified Redis node(s). {loss}").into());
        assert!(
            said(&reboot)
                .iter()
                .all(|&(hint, ..)| hint != HintKind::Destructive),
            "{loss}"
        );
    }
}

/// A format suffix is not read as a word: `/tags/delete.json` is an action segment, and
/// with the description's "Deletes" it ends something.
#[test]
fn a_format_suffix_is_no_word_of_the_action() {
    let post = Method::Post;
    let mut facts = facts(&post, "", "");
    facts.description = Some("Deletes a tag permanently.".into());
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

/// A word that opens a clause ("Given a word, returns ...") is no imperative: a GET it
/// opens is not said to act, as an unknown verb before "a" would be.
#[test]
fn a_clause_opener_is_no_verb() {
    let get = Method::Get;
    let facts = facts(&get, "", "Given a word as a string, returns related words");
    assert_eq!(said(&facts), []);
    let facts = super::tests::facts(&get, "", "Frobnicate a word");
    assert_eq!(
        said(&facts),
        [(HintKind::ReadOnly, false, Confidence::Medium)]
    );
}

/// An adverb opening the summary ("Permanently delete") stands before the verb.
#[test]
fn an_opening_adverb_stands_before_the_verb() {
    let post = Method::Post;
    let mut facts = facts(&post, "", "Permanently delete an existing status update.");
    facts.path = Some("/updates/{id}/destroy");
    let ends = (HintKind::Idempotent, true, Confidence::Medium);
    assert!(said(&facts).contains(&ends), "{:?}", said(&facts));
    // A verb ending in -ly is no adverb: "Apply" is read.
    let facts = super::tests::facts(&post, "", "Apply update to the device");
    assert!(
        read(&facts).iter().any(|e| e.seen == "Apply"),
        "{:?}",
        read(&facts)
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
    // The name says `post` before a plural, the summary `List`: a post's replies, read.
    let replies = facts(&get, "post_replies", "List replies to a post");
    assert_eq!(said(&replies), []);
    // Where the two disagree, a note, not a suggestion.
    let posts = facts(&get, "post_reply", "List replies to a post");
    assert_eq!(said(&posts), [(HintKind::ReadOnly, false, Confidence::Low)]);
    // "Rerequest a check suite": the verb is rerequest, not check.
    let post = Method::Post;
    let rerequest = facts(&post, "checks/rerequest-suite", "Rerequest a check suite");
    assert!(said(&rerequest)
        .iter()
        .all(|(hint, _, _)| *hint != HintKind::ReadOnly));
}

/// A name made of the method and the path's words says nothing: `charge` in
/// `PostChargesChargeCapture` is the path's noun; its action, capture, is the path's.
#[test]
fn a_generated_name_is_read_as_the_path_it_repeats() {
    let post = Method::Post;
    let mut capture = facts(&post, "PostChargesChargeCapture", "");
    capture.path = Some("/v1/charges/{charge}/capture");
    let evidence = read(&capture);
    assert!(
        evidence.iter().all(|e| e.source != Source::Name),
        "{evidence:?}"
    );
    let settles = |e: &Evidence| e.source == Source::Path && e.says == Says::Verb(Verb::Settle);
    assert!(evidence.iter().any(settles), "{evidence:?}");
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
        ("https://www.googleapis.com/auth/spreadsheets", None),
        ("gmail.thread", None),
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
        assert!(names_a_key(name), "{name}");
    }
    assert!(!names_a_key("X-Request-Id"));
    assert!(!describes_a_key("Traces the request in logs"));
    let token = "Unique, case-sensitive identifier that you provide to ensure the \
                 idempotency of the request.";
    assert!(!names_a_key("ClientToken") && describes_a_key(token));
    let request_id = "Specify a unique request ID so that if you must retry your request, \
                      the server will know to ignore the request if it has already been \
                      completed.";
    assert!(describes_a_key(request_id));
}

/// A list named by a verb (`blocklist`) is one noun, not the verb and its object.
#[test]
fn a_list_named_by_a_verb_is_a_noun() {
    assert_eq!(name_words("ip_blocklist", None), ["ip", "blocklist"]);
    assert_eq!(name_words("getallowlists", None), ["get", "allowlists"]);
}

/// A title of one plural word names what a GET reads: "Broadcasts" broadcasts nothing.
/// With an object, the word is a verb.
#[test]
fn a_plural_title_is_not_a_verb() {
    let get = Method::Get;
    assert_eq!(said(&facts(&get, "", "Broadcasts")), []);
    let acts = said(&facts(&get, "", "Broadcasts a message"));
    assert!(
        acts.contains(&(HintKind::ReadOnly, false, Confidence::Medium)),
        "{acts:?}"
    );
}

/// A name generated from the path and the method (`sentimentPost`) says nothing of the
/// operation: the method ending it is not a verb.
#[test]
fn a_name_ending_in_its_method_says_nothing() {
    let post = Method::Post;
    assert_eq!(said(&facts(&post, "sentimentPost", "")), []);
}

/// In a `Resource.action` name the resource comes first: `Place.pairing` places nothing.
#[test]
fn a_resource_then_its_action() {
    let get = Method::Get;
    assert_eq!(said(&facts(&get, "Place.pairing", "")), []);
    let post = Method::Post;
    let login = said(&facts(&post, "Auth.accountLogin", ""));
    assert!(!login
        .iter()
        .any(|(hint, value, _)| *hint == HintKind::ReadOnly && *value));
}

/// A path segment a parameter follows names a collection: deleting a call record at
/// `/call/{call_id}` calls nothing.
#[test]
fn a_segment_before_a_parameter_is_a_noun() {
    let delete = Method::Delete;
    let call = Facts {
        path: Some("/call/{call_id}"),
        ..facts(&delete, "deleteCallEntity", "DELETE for Call")
    };
    let idempotent = (HintKind::Idempotent, true, Confidence::High);
    assert!(said(&call).contains(&idempotent), "{:?}", said(&call));
}

/// Without a verb in the name (one generated from the path), the opening's verb decides
/// whether a relation is detached: "Delete a label" of a repository deletes it for every
/// issue; "Remove a label from an issue" detaches one.
#[test]
fn the_opening_verb_decides_a_relation_when_the_name_has_none() {
    let delete = Method::Delete;
    let not_destructive = (HintKind::Destructive, false, Confidence::Medium);
    let mut label = facts(&delete, "", "");
    label.description = Some("Delete a label".into());
    label.path = Some("/repos/{owner}/{repo}/labels/{name}");
    assert!(
        !said(&label).contains(&not_destructive),
        "{:?}",
        said(&label)
    );
    let mut detach = facts(&delete, "", "");
    detach.description = Some("Remove a label from an issue".into());
    detach.path = Some("/repos/{owner}/{repo}/issues/{number}/labels/{name}");
    assert!(
        said(&detach).contains(&not_destructive),
        "{:?}",
        said(&detach)
    );
}

/// A verb that is also a noun (`run`) after a resource's words, in a name that ends in a
/// verb that changes something, names a thing: the last verb is the action. Leading the
/// name, or before a read (`run_cluster_lint`), it is the verb.
#[test]
fn a_noun_like_verb_between_resources_names_a_thing() {
    let put = Method::Put;
    let stats = facts(&put, "projects_servers_run_stats_replace", "");
    assert!(
        !said(&stats).contains(&(HintKind::Idempotent, false, Confidence::Medium)),
        "{:?}",
        said(&stats)
    );
    let evidence = read(&stats);
    assert_eq!(evidence[0].seen, "replace", "{evidence:?}");
    let post = Method::Post;
    let lint = facts(&post, "kubernetes_run_clusterLint", "");
    assert_eq!(read(&lint)[0].seen, "run");
}

/// Without a summary, a GET whose glued name opens with a word this reader does not know,
/// before the words of its path, says it acts: the word stands where the verb does. A
/// qualifier there (`currentUser`), a word of the path, or a summary says nothing.
#[test]
fn an_unknown_word_where_a_name_says_its_verb_acts() {
    let get = Method::Get;
    let acts = |name: &str, summary: &str, path: &str| {
        let mut facts = facts(&get, name, summary);
        facts.path = Some(path);
        says(&facts, HintKind::ReadOnly, false)
    };
    assert!(acts("expungeMessages", "", "/mailboxes/{id}/messages"));
    assert!(acts("anonymizeRecord", "", "/records/{id}"));
    assert!(!acts("currentUser", "", "/user"));
    assert!(!acts("trendingRepos", "", "/repos"));
    assert!(!acts("nearbyStops", "", "/stops/nearby"));
    assert!(!acts(
        "suggestContainer",
        "Suggested container",
        "/containers"
    ));
}

/// In a `service.resource.method` name the service is no verb
/// (`compute.instances.simulateMaintenanceEvent` computes nothing); in `chat.update` the
/// whole name is the method.
#[test]
fn a_dotted_name_acts_as_its_last_part_says() {
    let post = Method::Post;
    let mut facts = facts(&post, "compute.instances.simulateMaintenanceEvent", "");
    facts.path = Some("/projects/{project}/instances/{instance}/simulateMaintenanceEvent");
    assert!(
        read(&facts).iter().all(|e| e.seen != "compute"),
        "{:?}",
        read(&facts)
    );
    let get = Method::Get;
    let list = facts_at(
        &get,
        "run.projects.locations.services.list",
        "/v2/{parent}/services",
    );
    assert!(!says(&list, HintKind::ReadOnly, false));
    let update = facts_at(&post, "chat.update", "/chat.update");
    assert!(read(&update).iter().any(|e| e.seen == "update"));
}

/// A DELETE of the trash, or of what is in it, removes for good: not the trash's switch.
#[test]
fn deleting_from_the_trash_is_for_good() {
    let delete = Method::Delete;
    for (name, path) in [
        ("emptyTrash", "/v1/trash"),
        ("folders_trash_delete", "/v1/folders/{id}/trash"),
    ] {
        let facts = facts_at(&delete, name, path);
        assert!(!says(&facts, HintKind::Destructive, false), "{name}");
    }
}

/// `batchUpdate` carries a list of requests (inserts among them), and a put into a stream
/// (`PutRecords`, `PutLogEvents`) adds another entry each time: neither sets values.
#[test]
fn batches_of_requests_and_puts_into_a_stream_repeat() {
    let post = Method::Post;
    for (name, path) in [
        (
            "sheets.spreadsheets.batchUpdate",
            "/v4/spreadsheets/{id}:batchUpdate",
        ),
        ("PutRecords", "/#X-Amz-Target=Kinesis.PutRecords"),
        ("PutLogEvents", "/#X-Amz-Target=Logs.PutLogEvents"),
    ] {
        let facts = facts_at(&post, name, path);
        assert!(!says(&facts, HintKind::Idempotent, true), "{name}");
    }
    let item = facts_at(
        &post,
        "PutBucketPolicy",
        "/#X-Amz-Target=S3.PutBucketPolicy",
    );
    assert!(says(&item, HintKind::Idempotent, true));
}

/// A worker polling for a task is handed it; a stored thing its path names, converted,
/// becomes another (`/leads/{id}/convert`), where converting what a GET is given computes.
#[test]
fn polling_for_work_and_converting_a_record_act() {
    let get = Method::Get;
    let mut poll = facts(&get, "poll", "Poll for a task of a certain type");
    poll.path = Some("/api/tasks/poll/{tasktype}");
    assert!(says(&poll, HintKind::ReadOnly, false));
    let mut lead = facts(&get, "convertLead", "Convert a lead");
    lead.path = Some("/crm/v2/leads/{id}/convert");
    assert!(says(&lead, HintKind::ReadOnly, false));
    let mut currency = facts(&get, "convertCurrency", "Convert an amount");
    currency.path = Some("/v1/currency/convert");
    assert!(!says(&currency, HintKind::ReadOnly, false));
}

/// On a GET, a verb-like word inside the resource's name (`dataSetStatistics`,
/// `valueSetRead`), or the resource its path names before how it is read (`claimSearch` at
/// `/Claim`), or a name that is the path's words then the method (`chargesChargeIdGet`,
/// openapi-generator's), says no act; `createAlertGET` creates.
#[test]
fn a_resource_named_first_is_no_verb() {
    let get = Method::Get;
    for (name, path) in [
        ("dataSetStatistics", "/v1/datasets/{id}/statistics"),
        ("valueSetRead", "/ValueSet/{id}"),
        ("chargesChargeIdGet", "/charges/{chargeId}"),
    ] {
        let facts = facts_at(&get, name, path);
        assert!(!says(&facts, HintKind::ReadOnly, false), "{name}");
    }
    // (The path's `/Claim` alone may be a verb: the name's is `search`.)
    let claim = facts_at(&get, "claimSearch", "/Claim");
    let name = read(&claim).into_iter().find(|e| e.source == Source::Name);
    assert_eq!(name.map(|e| e.seen), Some("search".to_string()));
    let create = facts_at(&get, "createAlertGET", "/alert/{who}");
    assert!(says(&create, HintKind::ReadOnly, false));
    let password = facts_at(&get, "accountSetPassword", "/accounts/{id}/password");
    assert!(says(&password, HintKind::ReadOnly, false));
}

/// A generator's tail after the name it was given is no verb: Springfox's `Using` and the
/// method, FastAPI's path and method. The name's own verb speaks, in a manifest's snake
/// case too.
#[test]
fn a_generators_tail_is_no_verb() {
    let get = Method::Get;
    for (name, path) in [
        ("cancelOrderUsingGET", "/orders/{id}/cancel"),
        ("cancel_order_using_get_1", "/orders/{id}/cancel"),
        (
            "publish_item_items__item_id__publish_get",
            "/items/{item_id}/publish",
        ),
        (
            "publish_item_items_item_id_publish_get",
            "/items/{item_id}/publish",
        ),
    ] {
        let facts = facts_at(&get, name, path);
        let verb = read(&facts).into_iter().find(|e| e.source == Source::Name);
        assert!(
            verb.is_some_and(|e| e.seen != "get"),
            "{name}: the name's verb is its own"
        );
        assert!(says(&facts, HintKind::ReadOnly, false), "{name}");
    }
    for (name, path) in [
        ("getPaymentUsingGET_1", "/payments/{id}"),
        ("read_item_items__item_id__get", "/items/{item_id}"),
    ] {
        let facts = facts_at(&get, name, path);
        assert!(!says(&facts, HintKind::ReadOnly, false), "{name}");
    }
}

/// Before what an act may be done to (a queue, settings, rules, errors), a known act verb
/// names what a GET reads only where the description reads ("Pause queue" pauses it); the
/// admin and device verbs of attack 27 act ("Flush cache", "Drain nodes", "Skip to the next
/// track"), as do those of attack 28's MVC routes ("Freeze account", "Disburse loan").
#[test]
fn an_act_on_a_queue_or_an_admin_verb_acts() {
    let get = Method::Get;
    for summary in [
        "Pause queue",
        "Enable rules",
        "Retry errors",
        "Flush cache",
        "Drain nodes",
        "Prune images",
        "Skip to the next track",
        "Freeze account",
        "Disburse loan",
        "Recalculate line totals",
    ] {
        let facts = facts(&get, "", summary);
        assert!(says(&facts, HintKind::ReadOnly, false), "{summary}");
    }
    let mut described = facts(&get, "", "Pause queue");
    described.description = Some("Returns the queue of paused jobs.".into());
    assert!(!says(&described, HintKind::ReadOnly, false));
}

/// From attack 27: a server that downloads what is remote keeps it; a PUT that creates an
/// API key, an access key, a key pair or a service account mints one each call; a GET's
/// ping and a check of the caller's own credentials read; issuing a command or sending a
/// JSON-RPC request runs what it names, so nothing says it only adds.
#[test]
fn downloads_keys_pings_and_commands_as_they_are_done() {
    let (get, post, put) = (Method::Get, Method::Post, Method::Put);
    let subtitle = facts(
        &post,
        "DownloadRemoteSubtitles",
        "Downloads a remote subtitle.",
    );
    assert!(!says(&subtitle, HintKind::ReadOnly, true));
    for summary in [
        "Create an API key",
        "Create an access key",
        "Create a key pair",
        "Create a service account",
    ] {
        let key = facts(&put, "", summary);
        assert!(says(&key, HintKind::Idempotent, false), "{summary}");
    }
    let value = facts(&put, "", "Create key");
    assert!(!says(&value, HintKind::Idempotent, false));
    for (name, summary) in [
        ("SystemPing", "Ping"),
        ("verifyCredentials", "Verify account credentials"),
    ] {
        let check = facts(&get, name, summary);
        assert!(!says(&check, HintKind::ReadOnly, false), "{summary}");
    }
    let webhook = facts(&post, "pingWebhook", "Ping a webhook");
    assert!(!says(&webhook, HintKind::ReadOnly, true));
    for (name, summary) in [
        ("issueJobCommand", "Issue a job command"),
        ("rpc", "Send a JSON-RPC request"),
    ] {
        let command = facts(&post, name, summary);
        assert!(!says(&command, HintKind::Destructive, false), "{summary}");
    }
}

/// Whether review suggests `hint: value` of the operation of `facts`: more than "unsure".
fn suggests(facts: &Facts<'_>, hint: HintKind, value: bool) -> bool {
    (said(facts).iter()).any(|&(h, v, c)| (h, v) == (hint, value) && c > Confidence::Low)
}

/// From attack 28, how frameworks name operations: drf-spectacular's viewset slot after an
/// action (`orders_resend_confirmation_retrieve`), Swashbuckle's `By{Id}` in a name of the
/// path's words (`ApiCardsByIdBlockGet`), "mark as read": each GET acts. Spring Data REST's `followPropertyReference`,
/// LoopBack 3's relation accessors, a resource before its action (`orderUpdate`) and a
/// Postman request's name ("Order - Get") do not make the resource the verb.
#[test]
fn frameworks_names_say_their_action() {
    let (get, put) = (Method::Get, Method::Put);
    assert!(generated(
        "ApiCardsByIdBlockGet",
        Some(&get),
        "/api/Cards/{id}/Block"
    ));
    assert!(!generated("getPetById", Some(&get), "/pet/{petId}"));
    // Postman's requests are named for the resource, then the action.
    for summary in ["Order - Get", "Charge - Retrieve", "Transfer - Get status"] {
        let facts = facts(&get, "", summary);
        assert!(!says(&facts, HintKind::ReadOnly, false), "{summary}");
    }
    assert!(suggests(
        &facts(&get, "", "Refund - Create"),
        HintKind::ReadOnly,
        false
    ));
    // A label bought is a document, not a mark put on the shipment.
    for summary in ["Buy a shipping label for the shipment", "Purchase a label"] {
        let mut label = facts(&Method::Post, "", summary);
        label.path = Some("/shipments/{id}/label");
        assert!(!says(&label, HintKind::Idempotent, true), "{summary}");
    }
    for (name, path) in [
        (
            "orders_resend_confirmation_retrieve",
            "/api/orders/{id}/resend_confirmation/",
        ),
        ("ApiCardsByIdBlockGet", "/api/Cards/{id}/Block"),
        ("markAsRead", "/notifications/{id}/mark-as-read"),
        ("tickets_mark_read", "/tickets/{id}/mark_read/"),
    ] {
        let facts = facts_at(&get, name, path);
        assert!(suggests(&facts, HintKind::ReadOnly, false), "{name} {path}");
    }
    for (name, path) in [
        ("followPropertyReference-order-get", "/orders/{id}/customer"),
        (
            "Schedule.prototype.__get__devices",
            "/Schedules/{id}/devices",
        ),
        ("orders_list", "/api/orders/"),
        ("", "/api/contacts/tag/{tag}"),
    ] {
        let facts = facts_at(&get, name, path);
        assert!(!says(&facts, HintKind::ReadOnly, false), "{name} {path}");
    }
    for (name, path) in [
        ("orderUpdate", "/orders/{id}"),
        ("Order.replaceById__put_Orders_{id}", "/Orders/{id}"),
    ] {
        let facts = facts_at(&put, name, path);
        assert!(!says(&facts, HintKind::Idempotent, false), "{name}");
    }
}

/// A summary that is only the method and the path ("GET /shipments/{id}/cancel") says
/// nothing: the description speaks. A note that invalid input "is rejected" says nothing of
/// a write; writes rejected make a read.
#[test]
fn a_route_as_summary_and_rejected_input_say_nothing() {
    let post = Method::Post;
    let cancel = r#"{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {
      "/shipments/{id}/cancel": {"get": {"summary": "GET /shipments/{id}/cancel",
        "description": "Cancels the shipment with the carrier.",
        "responses": {"200": {"description": "ok"}}}}}}"#;
    let said = of_each_operation(cancel, said).remove(0);
    let high = (HintKind::ReadOnly, false, Confidence::High);
    assert!(said.contains(&high), "{said:?}");
    let mut reading = facts(&post, "RecordOdometer", "Stores a new odometer reading.");
    reading.description = Some("Readings lower than the current value are rejected.".into());
    assert!(!says(&reading, HintKind::ReadOnly, true));
    let mut query = facts(&post, "", "Execute a read-only metadata query");
    query.description = Some("Statements that would modify data are rejected with 400.".into());
    assert!(says(&query, HintKind::ReadOnly, true));
}

/// From attack 29 (exchanges and brokers): "open" before a plural says which are read;
/// subscribing to a financial product buys into it again; cancelling an order and sending
/// a new one places another on every call.
#[test]
fn markets_open_subscribe_and_replace() {
    let (get, post) = (Method::Get, Method::Post);
    let open = facts(&get, "openOrders", "Current Open Orders");
    assert!(!says(&open, HintKind::ReadOnly, false));
    for summary in [
        "Subscribe Flexible Product",
        "Cancel an existing order and send a new order",
    ] {
        let facts = facts(&post, "", summary);
        assert!(!says(&facts, HintKind::Idempotent, true), "{summary}");
    }
    let topic = facts(&post, "", "Subscribe to a topic");
    assert!(says(&topic, HintKind::Idempotent, true));
}

/// A GET titled by a verb before what it reads of a resource, or before a noun and that
/// ("Sync settings", "Upload session details"), reads, when its description opens by
/// reading.
#[test]
fn a_verb_before_a_setting_or_a_schedule_names_it() {
    let get = Method::Get;
    for (summary, path) in [
        ("Sync settings", "/v1/sync/settings"),
        ("Charge schedule", "/v1/accounts/{id}/charge-schedule"),
        ("Import errors", "/v1/imports/{id}/errors"),
        ("Upload session details", "/files/upload_sessions/{id}"),
    ] {
        let mut facts = facts(&get, "", summary);
        facts.description = Some("Returns them.".into());
        facts.path = Some(path);
        assert!(!says(&facts, HintKind::ReadOnly, false), "{summary}");
    }
}

/// A verb that redoes one adding an effect on each call adds another (`redeploy`,
/// `resubmit`); rescheduling sets a new time.
#[test]
fn redoing_an_act_that_adds_adds_again() {
    assert_eq!(vocabulary::verb("redeploy"), Some(Verb::Repeat));
    assert_eq!(vocabulary::verb("resubmit"), Some(Verb::Repeat));
    assert_eq!(vocabulary::verb("reschedule"), Some(Verb::Update));
    assert_eq!(vocabulary::verb("reset"), Some(Verb::Renew));
    let put = Method::Put;
    let redeploy = facts_at(&put, "redeployApp", "/v1/apps/{id}/redeploy");
    assert!(says(&redeploy, HintKind::Idempotent, false));
}

/// An update that sends a notification sends it again on a retry; a DELETE that notifies
/// does not, what it deleted being gone.
#[test]
fn an_update_that_notifies_repeats() {
    let patch = Method::Patch;
    for effect in [
        "An email is sent to the assignee.",
        "The customer is emailed a copy.",
        "Triggers the issue_updated webhook.",
    ] {
        let mut update = facts(&patch, "updateTicket", "Update a ticket");
        update.description = Some(format!("Updates the ticket. {effect}").into());
        update.path = Some("/v1/tickets/{id}");
        assert!(!says(&update, HintKind::Idempotent, true), "{effect}");
    }
    let delete = Method::Delete;
    let mut cancel = facts(&delete, "cancelWebinar", "Cancel webinar");
    cancel.description = Some("Cancels the webinar. An email is sent to registrants.".into());
    cancel.path = Some("/webinars/{key}");
    assert!(says(&cancel, HintKind::Idempotent, true));
}

/// Contractions are read written out ("can't be undone" is "cannot be undone"); "starting
/// from the oldest" says where the answer starts; a GET that invokes an OData function reads.
#[test]
fn contractions_starting_points_and_functions() {
    let post = Method::Post;
    let mut disable = facts(&post, "disableCard", "Disable a gift card");
    let written = crate::text::for_reading("Disabling a gift card can't be undone.");
    disable.description = Some(written);
    disable.path = Some("/gift_cards/{id}/disable");
    assert!(!says(&disable, HintKind::Destructive, false));
    let get = Method::Get;
    let mut worklog = facts(&get, "getIssueWorklog", "Get issue worklogs");
    worklog.description = Some("Returns worklogs for an issue, starting from the oldest.".into());
    worklog.path = Some("/rest/api/3/issue/{id}/worklog");
    assert!(!says(&worklog, HintKind::ReadOnly, false));
    let mut recent = facts(&get, "me.drive.recent", "Invoke function recent");
    recent.path = Some("/me/drive/recent()");
    assert!(!says(&recent, HintKind::ReadOnly, false));
}

/// A POST whose summary reads is no read when its description's opening acts besides
/// ("Validates the address and stores it", a verb this reader lacks before what it acts
/// on); nor is reading "a new" one (an address made for the call).
#[test]
fn a_read_that_keeps_or_makes_something_is_no_read() {
    let post = Method::Post;
    let suggested = |facts: &Facts<'_>| {
        said(facts)
            .iter()
            .any(|&(h, v, c)| (h, v) == (HintKind::ReadOnly, true) && c > Confidence::Low)
    };
    for description in [
        "Validates the address and stores it.",
        "Validates the address and delivers a copy to the owner.",
    ] {
        let mut validate = facts(&post, "validateAddress", "Validate an address");
        validate.description = Some(description.into());
        validate.path = Some("/v1/addresses/validate");
        validate.only_posts = true;
        assert!(!suggested(&validate), "{description}");
    }
    let mut address = facts(&post, "", "");
    address.description = Some("Returns a new Bitcoin address for receiving payments.".into());
    address.path = Some("/getnewaddress");
    address.only_posts = true;
    assert!(!suggested(&address));
}

/// Converting a stored thing by a write may make another (a file, an invoice): no values
/// set. Polling a job's status reads it. "Nothing is deleted" and what "would be deleted"
/// say no act.
#[test]
fn converting_by_a_write_polling_a_status_and_denials() {
    let post = Method::Post;
    let convert = facts_at(&post, "convertQuote", "/v1/quotes/{id}/convert");
    assert!(!says(&convert, HintKind::Idempotent, true));
    let get = Method::Get;
    let mut status = facts(&get, "pollJobStatus", "Poll the job status");
    status.path = Some("/v1/jobs/{id}/status");
    assert!(!says(&status, HintKind::ReadOnly, false));
    for description in [
        "Returns the files the cleanup would delete permanently.",
        "Returns the files. Nothing is permanently deleted.",
    ] {
        let mut preview = facts(&get, "previewCleanup", "Preview a cleanup");
        preview.description = Some(description.into());
        preview.path = Some("/v1/cleanup/preview");
        assert!(!says(&preview, HintKind::ReadOnly, false), "{description}");
    }
}

/// Scheduling what ends or destroys does it ("Schedule a deletion"); recalling a message
/// takes it back from its readers; "public" says which IP or key, not a relation.
#[test]
fn scheduled_ends_recalls_and_public_things_are_no_additions() {
    let post = Method::Post;
    let delete = Method::Delete;
    for (method, summary, path) in [
        (
            &post,
            "Schedule a deletion",
            "/servers/{id}/scheduled-actions",
        ),
        (&post, "Recall a message", "/me/messages/{id}/recall"),
        (
            &delete,
            "Remove a public IP",
            "/v1/servers/{id}/public-ips/{ip}",
        ),
    ] {
        let mut facts = facts(method, "", summary);
        facts.path = Some(path);
        facts.statuses = vec!["201"];
        assert!(!says(&facts, HintKind::Destructive, false), "{summary}");
    }
}

/// From attack 30 (device clouds, headless CMSs, RPC gateways): calling or invoking a
/// function or an app's action runs code, which may remove anything (by GET, a function
/// declared stable only reads); generating a thing's one secret replaces it; a saved
/// subscription is one more; a PUT to the state its path names by a participle sets it (a
/// switch stays one).
#[test]
fn functions_secrets_and_states() {
    let (get, post, put) = (Method::Get, Method::Post, Method::Put);
    for (name, summary, path) in [
        (
            "callAppAction",
            "Call an app action",
            "/apps/{appId}/actions/{actionId}/calls",
        ),
        (
            "Invoke",
            "Invokes a Lambda function",
            "/functions/{FunctionName}/invocations",
        ),
        (
            "",
            "Generate client secret",
            "/apps/{appId}/secret/generate",
        ),
        // A segment that names the password in one word.
        (
            "Sites_GenerateNewSitePublishingPassword",
            "Generates new random app publishing password",
            "/sites/{name}/newpassword",
        ),
    ] {
        let mut facts = facts(&post, name, summary);
        facts.path = Some(path);
        assert!(!says(&facts, HintKind::Destructive, false), "{summary}");
    }
    let mut oauth = facts(
        &post,
        "generateAppOauth",
        "Generate an app's oauth client/secret",
    );
    oauth.path = Some("/apps/{appNameOrId}/oauth/generate");
    assert!(!says(&oauth, HintKind::Destructive, false));
    let mut key = facts(&post, "", "Generate an API key");
    key.path = Some("/users/{userId}/keys");
    assert!(says(&key, HintKind::Destructive, false));
    let mut stable = facts(&get, "callFunctionGet", "Call a stored function");
    stable.path = Some("/rest/v1/rpc/{function}");
    assert!(!says(&stable, HintKind::ReadOnly, false));
    let mut saved = facts(
        &post,
        "saveSubscription",
        "Create a subscription for an app",
    );
    saved.path = Some("/installedapps/{installedAppId}/subscriptions");
    assert!(!says(&saved, HintKind::Idempotent, true));
    let mut published = facts(&put, "", "Publish an entry");
    published.path = Some("/entries/{entry_id}/published");
    assert!(!says(&published, HintKind::Idempotent, false));
    let mut suspended = facts(&put, "", "Suspend an app installation");
    suspended.path = Some("/app/installations/{installation_id}/suspended");
    assert!(says(&suspended, HintKind::Destructive, false));
}

/// From attack 31 (email marketing): a relation's word before a noun of its own says whose
/// that is ("Add member note" makes a note); before its names, it is still the relation
/// ("a list of tag names").
#[test]
fn a_relation_before_a_noun_says_whose() {
    let (post, delete) = (Method::Post, Method::Delete);
    let mut note = facts(&post, "", "Add member note");
    note.path = Some("/lists/{list_id}/members/{subscriber_hash}/notes");
    assert!(!says(&note, HintKind::Idempotent, true));
    let mut events = facts(&post, "postListMemberEvents", "Add event");
    events.path = Some("/lists/{list_id}/members/{subscriber_hash}/events");
    assert!(!says(&events, HintKind::Idempotent, true));
    let mut tags = facts(
        &delete,
        "firewalls_delete_tags",
        "Remove Tags from a Firewall",
    );
    tags.path = Some("/v2/firewalls/{firewall_id}/tags");
    tags.description = Some("The body holds a `tags` attribute: a list of tag names.".into());
    assert!(says(&tags, HintKind::Destructive, false));
}

/// Whether review suggests `readOnlyHint: true` above low confidence.
fn suggested_read_only(facts: &Facts<'_>) -> bool {
    (said(facts).iter()).any(|&s| s.0 == HintKind::ReadOnly && s.1 && s.2 > Confidence::Low)
}

/// A POST whose description has the call make another party act ("Request that the device
/// publish its current location", "Instructs the vehicle to unlock") is not suggested
/// read-only, whatever its reading verb; one that asks for an answer is.
#[test]
fn a_post_that_makes_another_act_is_no_read() {
    let post = Method::Post;
    let mut locate = facts(&post, "", "Locate a device");
    locate.path = Some("/v1/devices/{deviceId}/locate");
    for description in [
        "Request that the device publish its current location.",
        "Instructs the vehicle to unlock.",
    ] {
        locate.description = Some(description.into());
        assert!(!suggested_read_only(&locate), "{description}");
    }
    locate.description = Some("Asks the device registry to return its last location.".into());
    assert!(suggested_read_only(&locate));
}

/// From attack 32 (marketplaces and ticketing): "Requests that Amazon stop ..." says the
/// other party's act, not a request made on every call; a noun after a preposition is no
/// verb (`RedactStringInComment` comments nothing). Neither PUT adds an effect each call.
#[test]
fn a_requested_act_and_a_noun_after_a_preposition() {
    let put = Method::Put;
    let mut cancel = facts(&put, "cancelFulfillmentOrder", "");
    cancel.path =
        Some("/fba/outbound/2020-07-01/fulfillmentOrders/{sellerFulfillmentOrderId}/cancel");
    cancel.description = Some(
        "Requests that Amazon stop attempting to fulfill the fulfillment order indicated by \
         the specified order identifier."
            .into(),
    );
    assert!(!says(&cancel, HintKind::Idempotent, false));
    let mut hold = facts(&put, "holdOrder", "");
    hold.path = Some("/orders/{id}/hold");
    hold.description =
        Some("Requests that the warehouse hold the order until it is released.".into());
    assert!(!says(&hold, HintKind::Idempotent, false));
    for name in ["RedactStringInComment", "RedactTextOfComment"] {
        let mut redact = facts(&put, name, "");
        redact.path = Some("/api/v2/tickets/{ticket_id}/comments/{comment_id}/redact");
        assert!(!says(&redact, HintKind::Idempotent, false), "{name}");
    }
}

/// From attack 33 (carriers, EHRs): subscribing to a webhook makes one (a new ID each
/// call) and unsubscribing deletes it (no switch); a carrier's `ship` after the API's
/// `{version}` settles no resource: it makes a shipment.
#[test]
fn webhooks_subscribed_and_shipments_made() {
    let (post, delete) = (Method::Post, Method::Delete);
    let mut subscribe = facts(&post, "", "Subscribe to Webhook");
    subscribe.path = Some("/webhooks/subscribe");
    assert!(!says(&subscribe, HintKind::Idempotent, true));
    let mut unsubscribe = facts(&delete, "", "Unsubscribe to Webhook");
    unsubscribe.path = Some("/webhooks/{webhookId}");
    assert!(!says(&unsubscribe, HintKind::Destructive, false));
    let mut hooks = facts(&post, "subscribe", "Subscribe");
    hooks.path = Some("/hooks/subscribe");
    assert!(!says(&hooks, HintKind::Idempotent, true));
    let mut topic = facts(&post, "", "Subscribe to a topic");
    topic.path = Some("/topics/{topic}/subscribe");
    assert!(says(&topic, HintKind::Idempotent, true));
    let mut ship = facts(&post, "Shipment", "Shipment");
    ship.path = Some("/api/shipments/{version}/ship");
    assert!(!says(&ship, HintKind::Idempotent, true));
    ship.path = Some("/orders/{orderId}/ship");
    assert!(says(&ship, HintKind::Idempotent, true));
}

/// From attack 34 (identity, endpoint security, incidents): a heartbeat's ping checks in (a
/// server's ping reads); fetching files from endpoints has agents collect them (no POST
/// read); a client's one secret generated replaces it; unenrolling a factor by DELETE
/// removes it; a DELETE that says to call it again escalates; logging another user out
/// revokes (the caller's own logout is a switch); a GET of a resource's one token reads.
#[test]
fn check_ins_fetches_secrets_and_factors() {
    let (get, post, delete) = (Method::Get, Method::Post, Method::Delete);
    let mut heartbeat = facts(&get, "ping", "Ping Heartbeat");
    heartbeat.path = Some("/v2/heartbeats/{name}/ping");
    assert!(says(&heartbeat, HintKind::ReadOnly, false));
    let mut pod = facts(&get, "", "Ping your specified pod");
    pod.path = Some("/pods/{podId}/ping");
    assert!(!says(&pod, HintKind::ReadOnly, false));
    let mut fetch = facts(&post, "", "Fetch Files");
    fetch.path = Some("/web/api/v2.1/agents/actions/fetch-files");
    fetch.description = Some("Fetch files from endpoints to analyze the root of threats.".into());
    assert!(!suggested_read_only(&fetch));
    let mut secret = facts(&post, "", "Generate a new secret for the client");
    secret.path = Some("/admin/realms/{realm}/clients/{client-uuid}/client-secret");
    assert!(!says(&secret, HintKind::Destructive, false));
    let mut factor = facts(&delete, "unenrollFactor", "Unenroll a Factor");
    factor.path = Some("/api/v1/users/{userId}/factors/{factorId}");
    assert!(!says(&factor, HintKind::Destructive, false));
    let mut device = facts(&delete, "deleteDevice", "Delete a device");
    device.path = Some("/devices/{deviceId}");
    device.description = Some(
        "If the device is ACTIVE, it is deactivated first; call this again to delete it.".into(),
    );
    assert!(!says(&device, HintKind::Idempotent, true));
    let mut logout = facts(&post, "adminLogoutUser", "Logout user");
    logout.path = Some("/api/admin/users/{user_id}/logout");
    assert!(!says(&logout, HintKind::Destructive, false));
    logout.path = Some("/api/logout");
    assert!(says(&logout, HintKind::Destructive, false));
    let mut token = facts(&get, "", "Get a Cloudflare Tunnel token");
    token.path = Some("/accounts/{account_id}/cfd_tunnel/{tunnel_id}/token");
    assert!(!says(&token, HintKind::ReadOnly, false));
}

/// From attack 35 (cloud RPC, learning platforms, open banking): confirming whether there are
/// funds checks them; British spellings are the same verbs (`enrol_users` acts).
#[test]
fn funds_confirmed_and_british_verbs() {
    let get = Method::Get;
    let mut funds = facts(&get, "confirmFunds", "Confirm funds");
    funds.path = Some("/v3/mandates/{id}/funds");
    assert!(!says(&funds, HintKind::ReadOnly, false));
    let mut order = facts(&get, "confirmOrder", "Confirm an order");
    order.path = Some("/orders/{id}/confirm");
    assert!(says(&order, HintKind::ReadOnly, false));
    let enrol = facts(&get, "enrol_manual_enrol_users", "");
    assert!(says(&enrol, HintKind::ReadOnly, false));
}

/// From attack 36 (AI and data platforms): a swap overwrites both sides ("Swaps all content
/// and metadata between two tables"); a SQL statement submitted runs code that may drop
/// anything; a description's first sentence that "adds or updates" upserts: none only adds.
#[test]
fn swaps_and_submitted_statements_do_not_only_add() {
    let post = Method::Post;
    let mut swap = facts(&post, "swapTable", "Swap tables");
    swap.path = Some("/api/v2/databases/{database}/tables/{name}:swap-with");
    swap.description = Some("Swaps all content and metadata between two specified tables.".into());
    assert!(!says(&swap, HintKind::Destructive, false));
    let mut submit = facts(
        &post,
        "SubmitStatement",
        "Submits a SQL statement for execution",
    );
    submit.path = Some("/api/v2/statements");
    assert!(!says(&submit, HintKind::Destructive, false));
    let mut secret = facts(&post, "add_space_secret", "Add a secret");
    secret.path = Some("/api/spaces/{repo_id}/secrets");
    secret.description = Some("Adds or updates a secret in a Space.".into());
    assert!(!says(&secret, HintKind::Destructive, false));
    let mut create = facts(&post, "createTable", "Create a table");
    create.path = Some("/api/v2/databases/{database}/tables");
    assert!(says(&create, HintKind::Destructive, false));
}

/// From attack 37 (streaming and point of sale): what an endpoint "enables" or "allows"
/// someone to do says its purpose ("Allows the caller to get a list of ...": a read),
/// where "Enables a job schedule" enables it.
#[test]
fn what_an_endpoint_enables_someone_to_do() {
    let post = Method::Post;
    let mut list = facts(&post, "", "");
    list.path = Some("/Forum/Recruit/Summaries/");
    list.description = Some("Allows the caller to get a list of recruitment summaries.".into());
    assert!(says(&list, HintKind::ReadOnly, true));
    let mut enable = facts(&post, "JobSchedule_Enable", "Enables a job schedule.");
    enable.path = Some("/jobschedules/{jobScheduleId}/enable");
    assert!(says(&enable, HintKind::Idempotent, true));
}

/// From attack 33 (EHRs): what a call "records" it keeps, another each call ("Runs a
/// real-time eligibility check with the payer and records the result": no POST read); a
/// path's `record` is the noun (`/dns_record/{id}`).
#[test]
fn what_is_recorded_is_kept() {
    let (get, post) = (Method::Get, Method::Post);
    let mut check = facts(&post, "checkEligibility", "Check eligibility");
    check.path = Some("/v1/{practiceid}/patients/{patientid}/insurances/{insuranceid}/eligibility");
    check.description = Some(
        "Runs a real-time eligibility check with the payer and records the result on the \
         insurance package."
            .into(),
    );
    assert!(!suggested_read_only(&check));
    let mut record = facts(&get, "", "");
    record.path = Some("/zones/{zone}/dns_record/{id}");
    assert!(!said(&record)
        .iter()
        .any(|s| s.0 == HintKind::ReadOnly && !s.1));
    assert!(read(&record).iter().any(|e| e.says == Says::ResourcePath));
}

/// Whether `--read-only` keeps a GET: some evidence says it reads, none is suggested to
/// act, and no sentence says it acts.
fn kept_read_only(facts: &Facts<'_>) -> bool {
    let acts = said(facts)
        .iter()
        .any(|s| s.0 == HintKind::ReadOnly && !s.1);
    let evidence = read(facts);
    says_it_reads(&evidence) && a_sentence_acts(&evidence).is_none() && !acts
}

/// From attack 38 (games, real estate, fleets): a token an account is looked up by is no
/// token got; following a feed reads it; an OData key, `Property('{key}')`, is an ID.
#[test]
fn lookups_by_token_feeds_and_odata_keys_read() {
    let get = Method::Get;
    let mut by_token = facts(
        &get,
        "account-v1.getByAccessToken",
        "Get account by access token",
    );
    by_token.path = Some("/riot/account/v1/accounts/me");
    assert!(kept_read_only(&by_token));
    let mut token = facts(&get, "getAccessToken", "Get an access token for the user");
    token.path = Some("/oauth/token");
    assert!(says(&token, HintKind::ReadOnly, false));
    let mut feed = facts(
        &get,
        "getVehicleStatsFeed",
        "Follow a feed of vehicle stats.",
    );
    feed.path = Some("/fleet/vehicles/stats/feed");
    assert!(kept_read_only(&feed));
    let mut user = facts(&get, "", "Follow a user");
    user.path = Some("/users/{id}/follow");
    assert!(!kept_read_only(&user));
    let mut media = facts(&get, "property_media", "Media for a listing");
    media.path = Some("/Property('{ListingKey}')/Media");
    assert!(kept_read_only(&media));
    let mut listings = facts(&get, "bridge_get_listings", "Listings");
    listings.path = Some("/api/v2/OData/{dataset}/Property");
    assert!(kept_read_only(&listings));
}

/// From attacks 38 and 39: what a call does when there is nothing to read acts
/// (`FindOrCreateLeaderboard`), so does "and grants the items" however far from the
/// reading verb, and "Initiates the process of estimating" starts something; none of them
/// is a POST that reads.
#[test]
fn find_or_create_grants_and_initiations_act() {
    let post = Method::Post;
    let mut find = facts(&post, "ISteamLeaderboards_FindOrCreateLeaderboard", "");
    find.path = Some("/ISteamLeaderboards/FindOrCreateLeaderboard/v2/");
    find.description = Some("Finds a leaderboard by name.".into());
    assert!(!suggested_read_only(&find));
    let summary = "Validates with the Apple store a receipt for iOS in-app purchases, and grants \
                   the items to the player if valid.";
    let mut receipt = facts(&post, "Client_ValidateIOSReceipt", summary);
    receipt.path = Some("/Client/ValidateIOSReceipt");
    assert!(!suggested_read_only(&receipt));
    let mut estimate = facts(&post, "estimateTransport", "");
    estimate.path = Some("/fba/inbound/v0/shipments/{shipmentId}/transport/estimate");
    estimate.description = Some(
        "Initiates the process of estimating the shipping cost for an inbound shipment.".into(),
    );
    assert!(!suggested_read_only(&estimate));
}

/// From attack 39 (tax filing, seller APIs): "amend" updates, and "Create and Amend"
/// upserts (HMRC); "it will be cancelled and replaced" overwrites; "the existing lease
/// term is ended" ends something (attack 38); "will be decremented" repeats.
#[test]
fn amendments_replacements_and_ends() {
    let (put, post) = (Method::Put, Method::Post);
    let mut amend = facts(&put, "amendLossClaimsOrder", "Amend Loss Claims Order");
    amend.path = Some("/individuals/losses/{nino}/loss-claims/order/{taxYearClaimedFor}");
    assert!(!says(&amend, HintKind::Idempotent, false));
    let summary = "Create and Amend Business for a Test User";
    for (name, summary) in [("", summary), ("createAmendTestBusiness", "")] {
        let mut upsert = facts(&post, name, summary);
        upsert.path = Some("/individuals/self-assessment-test-support/business/{nino}");
        assert!(!says(&upsert, HintKind::Destructive, false), "{name}");
        assert!(says(&upsert, HintKind::Idempotent, true), "{name}");
    }
    let mut schedule = facts(&post, "createReportSchedule", "");
    schedule.path = Some("/reports/2021-06-30/schedules");
    let replaced = "Creates a report schedule. If a report schedule with the same report type \
                    already exists, it will be cancelled and replaced with this one.";
    schedule.description = Some(replaced.into());
    assert!(!says(&schedule, HintKind::Destructive, false));
    let mut renewal = facts(&post, "createLeaseRenewal", "Create a lease renewal");
    renewal.path = Some("/v1/leases/renewals");
    renewal.description = Some("Creates a lease renewal. The existing lease term is ended.".into());
    assert!(!says(&renewal, HintKind::Destructive, false));
    let mut unlock = facts(&post, "Client_UnlockContainerItem", "");
    unlock.path = Some("/Client/UnlockContainerItem");
    unlock.description = Some(
        "Unlocks the container and returns its contents. Its RemainingUses will be \
         decremented."
            .into(),
    );
    assert!(!says(&unlock, HintKind::Idempotent, true));
}

/// From attack 39 (IRS e-file): a mailbox of new filings hands each out once ("not
/// returned again", "flagged as retrieved"): no read, by POST or by GET.
#[test]
fn a_mailbox_of_new_filings_hands_each_out_once() {
    let (get, post) = (Method::Get, Method::Post);
    let mut acks = facts(&post, "GetNewAcks", "Get New Acks");
    acks.path = Some("/mef/a2a/v1/GetNewAcks");
    acks.description =
        Some("Retrieves acknowledgements that have not been previously retrieved.".into());
    assert!(!suggested_read_only(&acks));
    let mut status = facts(&get, "getSubmissionsStatus", "Get submissions status");
    status.path = Some("/submissions/status");
    status.description = Some("Status records returned are flagged as retrieved.".into());
    assert!(!kept_read_only(&status));
}

/// From attacks 39 to 41: reads `--read-only` left out. A number after an ID is a form
/// (X12's `.../835`), pricing computes, "starting after" says where the answer starts, a
/// two-word name's resource comes before its plain read (`recordGet`), a verb "of" follows
/// in a path names a thing (`/account-end-of-day`), and a title may name its resource
/// before its reading verb ("Charge Point Read").
#[test]
fn forms_prices_pages_and_resource_first_titles_read() {
    let get = Method::Get;
    let reads = [
        (
            "Report835",
            "835 ERA Report",
            "/2024-04-01/reports/{transactionId}/835",
        ),
        (
            "priceEndorsement",
            "Price an endorsement",
            "/endorsements/{locator}/price",
        ),
        (
            "recordGet",
            "Retrieve DNS Records for the specified Domain",
            "/v1/domains/{domain}/records",
        ),
        (
            "listAccountEndOfDay",
            "List Account End-Of-Day",
            "/account-end-of-day",
        ),
        (
            "",
            "Charge Point Read",
            "/public-api/resources/charge-points/v2.0/{chargePoint}",
        ),
    ];
    for (name, summary, path) in reads {
        let mut read = facts(&get, name, summary);
        read.path = Some(path);
        assert!(kept_read_only(&read), "{summary}");
    }
    let mut poll = facts(&get, "PollTransactions", "Poll Transactions");
    poll.path = Some("/2024-04-01/polling/transactions");
    poll.description = Some(
        "Lists processed transactions in the order they were processed, starting after the \
         given startDateTime."
            .into(),
    );
    assert!(kept_read_only(&poll));
}

/// From attacks 40 and 41: a link "valid for a single use", a login session "then
/// consumed" and a payload "delivered only once" are handed out once: no read.
#[test]
fn single_use_links_and_consumed_sessions_are_no_reads() {
    let (get, post) = (Method::Get, Method::Post);
    let mut view = facts(
        &post,
        "Views_PostEnvelopeRecipientView",
        "Returns a URL to the recipient view UI.",
    );
    view.path = Some("/v2.1/accounts/{accountId}/envelopes/{envelopeId}/views/recipient");
    view.description = Some(
        "Returns a URL that enables you to embed the recipient view. The URL is valid for a \
         single use."
            .into(),
    );
    assert!(!suggested_read_only(&view));
    let mut login = facts(&get, "pollWebLogin", "Poll for web login completion");
    login.path = Some("/-/v1/done");
    login.description =
        Some("When complete, it returns the token; the session is then consumed.".into());
    assert!(!kept_read_only(&login));
    let mut payload = facts(&post, "oadrPoll", "Poll the VTN");
    payload.path = Some("/OpenADR2/Simple/2.0b/OadrPoll");
    payload.description = Some("Each payload is delivered only once.".into());
    assert!(!suggested_read_only(&payload));
}

/// From attacks 40 and 41: money "returned" is sent back, no answer and no mere addition;
/// a transition created may end a user; an edit "and resend" sends again; a package
/// unpublished by DELETE is gone.
#[test]
fn returned_money_transitions_resends_and_unpublished_packages() {
    let (post, delete) = (Method::Post, Method::Delete);
    let mut ach = facts(
        &post,
        "returnReceivedAch",
        "Return Received ACH Transaction",
    );
    ach.path = Some("/returns/{transactionId}");
    assert!(!suggested_read_only(&ach));
    assert!(!says(&ach, HintKind::Destructive, false));
    let mut transition = facts(&post, "postUsertransitions", "Create user transition");
    transition.path = Some("/usertransitions");
    transition.description = Some("Use this endpoint to suspend a user.".into());
    transition.statuses = vec!["201"];
    assert!(!says(&transition, HintKind::Destructive, false));
    let summary = "Edit and Resend Unclaimed Draft";
    for (name, summary) in [("unclaimedDraftEditAndResend", ""), ("", summary)] {
        let mut resend = facts(&post, name, summary);
        resend.path = Some("/v3/unclaimed_draft/{signature_request_id}");
        assert!(
            !says(&resend, HintKind::Idempotent, true),
            "{name}{summary}"
        );
    }
    let mut unpublish = facts(&delete, "unpublishPackage", "Unpublish a package");
    unpublish.path = Some("/{package}/-rev/{rev}");
    assert!(!says(&unpublish, HintKind::Destructive, false));
}

/// From attacks 42 and 43: a paging token is a cursor, no credential; HubSpot's names put
/// the method and the path before the action; `/read` after a word naming no things
/// (`/batch/read`, `/history/read`) reads; a drone told to "Return home" acts.
#[test]
fn cursors_generated_paths_batch_reads_and_homecomings() {
    let (get, post) = (Method::Get, Method::Post);
    let mut paging = facts(&get, "getActivitiesPagingTokenUsingGET", "Get Paging Token");
    paging.path = Some("/rest/v1/activities/pagingtoken.json");
    assert!(kept_read_only(&paging));
    let errors = facts_at(
        &get,
        "get-/crm/v3/imports/{importId}/errors_getErrors",
        "/crm/v3/imports/{importId}/errors",
    );
    assert!(kept_read_only(&errors));
    for path in ["/crm/v3/objects/contacts/batch/read", "/opcua/history/read"] {
        let mut batch = facts(&post, "", "Read a batch of contacts by internal ID");
        batch.path = Some(path);
        batch.description = Some("Read a list of contacts given a collection of IDs.".into());
        assert!(suggested_read_only(&batch), "{path}");
    }
    let mut marked = facts(&post, "", "Mark a message read");
    marked.path = Some("/messages/{id}/read");
    assert!(!suggested_read_only(&marked));
    let mut home = facts(&post, "returnHome", "Return home");
    home.path = Some("/control/api/v1/devices/{device_sn}/jobs/return-home");
    assert!(!suggested_read_only(&home));
}

/// From attacks 42 and 43: "Upserts a lead" beside a summary that adds, and answers "merged
/// with existing answers", may overwrite: no "it adds".
#[test]
fn upserts_and_merges_said_in_a_description_overwrite() {
    let post = Method::Post;
    let mut push = facts(&post, "pushToMarketoUsingPOST", "Push Lead to Marketo");
    push.path = Some("/rest/v1/leads/push.json");
    push.description = Some("Upserts a lead and generates a Push Lead to Marketo activity.".into());
    assert!(!says(&push, HintKind::Destructive, false));
    let mut submit = facts(&post, "SubmitContactEvaluation", "");
    submit.path = Some("/contact-evaluations/{InstanceId}/{EvaluationId}/submit");
    submit.description = Some(
        "Submits a contact evaluation. Answers included in the request are merged with \
         existing answers for the given evaluation."
            .into(),
    );
    assert!(!says(&submit, HintKind::Destructive, false));
}

/// Publishing a template's draft, a project or a policy may replace what is live: nothing
/// is said of adding (Mandrill's "Publish the content for the template", on the tuning
/// half; Fireblocks' policy in attack 41); publishing a message or a version adds one.
#[test]
fn what_is_published_besides_a_message_may_replace() {
    let post = Method::Post;
    let mut template = facts(&post, "", "");
    template.path = Some("/templates/publish.json");
    template.description = Some("Publish the content for the template".into());
    assert!(!says(&template, HintKind::Destructive, false));
    let mut version = facts(&post, "PublishVersion", "");
    version.path = Some("/2015-03-31/functions/{FunctionName}/versions");
    version.description = Some("Publishes a version of your function.".into());
    assert!(says(&version, HintKind::Destructive, false));
}

/// A deployment started replaces what runs in its environment: no "it adds" (AppVeyor's
/// "Start deployment", on the tuning half).
#[test]
fn a_deployment_replaces_what_runs() {
    let post = Method::Post;
    let mut deploy = facts(&post, "startDeployment", "Start deployment");
    deploy.path = Some("/deployments");
    deploy.statuses = vec!["201"];
    assert!(!says(&deploy, HintKind::Destructive, false));
}

/// From attacks 44 and 45: "Return to stock" sends back and a claim reversed is undone (no
/// read, no "it adds"), where "Reverse geocode" by GET reads; "cannot be resumed" makes a
/// stop final; "can no longer be" said of a GET keeps it out; a possessive's "s" is no word
/// ("Get a meeting's join token" mints one); Graph's "Invoke action getSchedule" says its
/// action's verb.
#[test]
fn returns_reversals_final_stops_tokens_and_graph_actions() {
    let (get, post) = (Method::Get, Method::Post);
    let mut stock = facts(&post, "returnToStock", "Return to stock");
    stock.path = Some("/v1/fills/{fillId}/return-to-stock");
    assert!(!suggested_read_only(&stock));
    let mut reverse = facts(&post, "reverseClaim", "Reverse claim");
    reverse.path = Some("/v1/fills/{fillId}/reverse");
    reverse.description = Some("Sends a B2 reversal for the paid claim.".into());
    assert!(!says(&reverse, HintKind::Destructive, false));
    assert!(kept_read_only(&facts_at(
        &get,
        "reverseGeocode",
        "/geocode/reverse"
    )));
    let mut stop = facts(&post, "stopRecording", "Stop the recording");
    stop.path = Some("/calls/{callId}/recording/stop");
    stop.description = Some("Stops the recording. A stopped recording cannot be resumed.".into());
    assert!(!says(&stop, HintKind::Destructive, false));
    let mut print = facts(&get, "PrintPrescription", "Print prescription");
    print.path = Some("/api/prescriptions/{prescriptionId}/print");
    print.description = Some(
        "Returns a PDF of the prescription. It can no longer be transmitted electronically.".into(),
    );
    assert!(!kept_read_only(&print));
    let summary = "Get a meeting's join token for live streaming";
    let mut join = facts(&get, "meetingLiveStreamingJoinToken", summary);
    join.path = Some("/meetings/{meetingId}/jointoken/live_streaming");
    assert!(!kept_read_only(&join));
    let mut schedule = facts(&post, "", "Invoke action getSchedule");
    schedule.path = Some("/me/calendar/microsoft.graph.getSchedule");
    schedule.description = Some("Get the free/busy availability information.".into());
    assert!(suggested_read_only(&schedule));
}

/// From attacks 46 and 47: a title of a resource, a colon and an action opens with the
/// action (Qualys's "Tag: Delete" deletes, no switch of a tag); tickets listed "for resale"
/// are put up for sale, no list read.
#[test]
fn colon_titles_and_listings_for_sale() {
    let (post, get) = (Method::Post, Method::Get);
    let mut delete = facts(&post, "", "Tag: Delete");
    delete.path = Some("/qps/rest/2.0/delete/am/tag/{id}");
    assert!(!says(&delete, HintKind::Destructive, false));
    let mut list = facts(&get, "", "VM Scan: List");
    list.path = Some("/api/2.0/fo/scan/");
    assert!(kept_read_only(&list));
    let mut resale = facts(&post, "listForResale", "List tickets for resale");
    resale.path = Some("/partners/v1/orders/{order_id}/resale-listings");
    assert!(!suggested_read_only(&resale));
    let mut homes = facts(&get, "listHomesForSale", "List homes for sale");
    homes.path = Some("/homes");
    assert!(kept_read_only(&homes));
}

/// From attack 49: records produced to a topic are sent (no read); what is caused "to be
/// overwritten" is lost (no "it adds").
#[test]
fn produced_records_and_objects_caused_to_be_overwritten() {
    let post = Method::Post;
    let mut produce = facts(&post, "produceRecord", "Produce Records");
    produce.path = Some("/v3/clusters/{cluster_id}/topics/{topic_name}/records");
    produce.description =
        Some("Produce records to the given topic, returning delivery reports.".into());
    assert!(!suggested_read_only(&produce));
    let mut upload = facts(&post, "uploadDefinitions", "Upload definitions");
    upload.path = Some("/api/definitions");
    upload.description = Some(
        "Uploads definitions. A conflict will cause the object in the broker to be overwritten."
            .into(),
    );
    assert!(!says(&upload, HintKind::Destructive, false));
}

/// From attacks 50 and 51 (hotels, delivery; billing): items returned to the pickup are
/// sent back; an invoice marked failed or paid is settled, not switched (a message marked
/// read still is); a time machine started afresh, or a clock whose objects "are cleared",
/// loses them; a relative adjustment takes effect again; a purchase previewed is foreseen,
/// no new one made; "will not be updated" says a billing estimate reads.
#[test]
fn returns_final_marks_fresh_starts_adjustments_and_previews() {
    let (post, put) = (Method::Post, Method::Put);
    let mut delivery = facts(&post, "returnDelivery", "Return Delivery");
    delivery.path = Some("/v1/customers/{customer_id}/deliveries/{delivery_id}/return");
    assert!(!suggested_read_only(&delivery));
    let mut failed = facts(
        &put,
        "mark_invoice_failed",
        "Mark an open invoice as failed",
    );
    failed.path = Some("/invoices/{invoice_id}/mark_failed");
    assert!(!says(&failed, HintKind::Destructive, false));
    let mut uncollectible = facts_at(&post, "", "/v1/invoices/{invoice}/mark_uncollectible");
    uncollectible.summary = Some("Mark an invoice as uncollectible".into());
    assert!(!says(&uncollectible, HintKind::Destructive, false));
    let mut read = facts(&post, "markMessageAsRead", "Mark a message as read");
    read.path = Some("/messages/{id}/mark_read");
    assert!(says(&read, HintKind::Destructive, false));
    let mut afresh = facts(&post, "start_afresh", "Start afresh");
    afresh.path = Some("/api/v2/time_machines/{time_machine_name}/start_afresh");
    assert!(!says(&afresh, HintKind::Destructive, false));
    let mut restart = facts(&post, "", "Restart a test clock");
    restart.path = Some("/v1/test_clocks/{clock}/restart");
    restart.description = Some(
        "All objects attached to the clock are cleared and the clock is set to its start time."
            .into(),
    );
    assert!(!says(&restart, HintKind::Destructive, false));
    let mut availability = facts(
        &post,
        "updateServiceAvailability",
        "Update service availability",
    );
    availability.path = Some("/api/connector/v1/services/updateAvailability");
    availability.description = Some(
        "Updates the number of available resources in resource category by a certain amount \
         (relative adjustment)."
            .into(),
    );
    assert!(!says(&availability, HintKind::Idempotent, true));
    let mut preview = facts(&post, "preview_purchase", "Preview a new purchase");
    preview.path = Some("/purchases/preview");
    assert!(suggested_read_only(&preview));
    assert!(!says(&preview, HintKind::Destructive, false));
    let mut estimate = facts(&post, "", "Estimate for creating a subscription");
    estimate.path = Some("/api/v2/estimates/create_subscription_for_items");
    estimate.description = Some(
        "Generates an estimate for the 'create subscription for items' operation. This is \
         similar to the Create a subscription for items API but the subscription will not be \
         created."
            .into(),
    );
    assert!(suggested_read_only(&estimate));
}

/// From attacks 52 and 53 (identity, warehouses, eSIM; payroll, ad tech): a package that
/// "cannot be fetched again" is handed out once; a DELETE whose second call does more is
/// no idempotent one; a regeneration or an inventory adjustment adds nothing; Google Ads'
/// `Service.MutateLabels` mutates labels, no set member; a generator's method before the
/// API version names no verb, whichever method it names.
#[test]
fn one_time_packages_second_calls_adjustments_mutations_and_stale_ids() {
    let (post, put, delete) = (Method::Post, Method::Put, Method::Delete);
    for then in [
        "The Profile state changes to Downloaded.",
        "The package cannot be fetched again.",
    ] {
        let mut package = facts(
            &post,
            "getBoundProfilePackage",
            "ES9+.GetBoundProfilePackage",
        );
        package.path = Some("/gsma/rsp2/es9plus/getBoundProfilePackage");
        package.only_posts = true;
        package.description = Some(
            format!("Returns the Bound Profile Package, encrypted for this eUICC. {then}").into(),
        );
        assert!(!suggested_read_only(&package), "{then}");
    }
    let mut user = facts(&delete, "deleteUser", "Delete a User");
    user.path = Some("/api/v1/users/{id}");
    user.description = Some(
        "Deletes a user permanently. If the user is not deactivated, the first call \
         deactivates the user and the second call deletes it."
            .into(),
    );
    assert!(!says(&user, HintKind::Idempotent, true));
    let mut codes = facts(
        &post,
        "post_recovery_code_regeneration",
        "Generate New Multi-factor Authentication Recovery Code",
    );
    codes.path = Some("/api/v2/users/{id}/recovery-code-regeneration");
    assert!(!says(&codes, HintKind::Destructive, false));
    let mut adjust = facts(&post, "adjustInventory", "Adjust inventory");
    adjust.path = Some("/wms/api/v1/inventory/adjustments");
    adjust.statuses = vec!["201"];
    assert!(!says(&adjust, HintKind::Destructive, false));
    let mut labels = facts(
        &post,
        "LabelService.MutateLabels",
        "Creates, updates, or removes labels.",
    );
    labels.path = Some("/v17/customers/{customerId}/labels:mutate");
    assert!(!says(&labels, HintKind::Idempotent, true));
    let mut actions = facts(
        &post,
        "RemarketingActionService.MutateRemarketingActions",
        "Creates or updates remarketing actions. Operation statuses are returned.",
    );
    actions.path = Some("/v17/customers/{customerId}/remarketingActions:mutate");
    assert!(!says(&actions, HintKind::Idempotent, true));
    for (name, path) in [
        (
            "SharedSetService.MutateSharedSets",
            "/v17/customers/{customerId}/sharedSets:mutate",
        ),
        (
            "ExperimentArmService.MutateExperimentArms",
            "/v17/customers/{customerId}/experimentArms:mutate",
        ),
    ] {
        let mutate = facts_at(&post, name, path);
        assert!(said(&mutate).is_empty(), "{name}");
    }
    let mut assign = facts(
        &put,
        "post-v1-companies-company_id-pay_schedules-assign",
        "",
    );
    assign.path = Some("/v1/companies/{company_id}/pay_schedules/assign");
    assert!(!says(&assign, HintKind::Idempotent, false));
}

/// From attacks 54 and 55 (accounting, issue tracking, code review; developer
/// infrastructure, payments, maps): bank lines matched "automatically" or "to" entries are
/// linked, no search; a signal sent to a machine may stop it; a GET of "change data
/// capture" reads; a task added to a section that "will remove" it from the others moves
/// it; a submit that "merges it into" a branch overwrites.
#[test]
fn reconciliations_signals_change_data_moves_and_merges() {
    let (get, post) = (Method::Get, Method::Post);
    for summary in [
        "Match automatically",
        "Match bank statement lines to ledger entries",
    ] {
        let mut matched = facts(&post, "postActionBankRecMatch", summary);
        matched.path = Some("/bankAccountReconciliations({id})/Microsoft.NAV.matchAutomatically");
        matched.description = Some("Existing matches are kept.".into());
        assert!(!suggested_read_only(&matched), "{summary}");
    }
    let mut signal = facts(
        &post,
        "Machines_signal",
        "Send a signal to a specific Machine",
    );
    signal.path = Some("/apps/{app_name}/machines/{machine_id}/signal");
    assert!(!says(&signal, HintKind::Destructive, false));
    let mut cdc = facts(&get, "changeDataCapture", "Change data capture");
    cdc.path = Some("/v3/company/{realmId}/cdc");
    cdc.description =
        Some("Returns a list of objects that have changed since a specified time.".into());
    assert!(kept_read_only(&cdc));
    let mut section = facts(&post, "addTaskForSection", "Add task to section");
    section.path = Some("/sections/{section_gid}/addTask");
    section.description = Some(
        "Add a task to a specific, existing section. This will remove the task from other \
         sections of the project."
            .into(),
    );
    assert!(!says(&section, HintKind::Destructive, false));
    let mut submit = facts(&post, "", "Submit Change");
    submit.path = Some("/changes/{change-id}/submit");
    submit.description =
        Some("Submits a change. Submitting a change merges it into the target branch.".into());
    assert!(!says(&submit, HintKind::Destructive, false));
}

/// From attacks 56 and 57 (travel, restaurants, parking; wikis, Argo, support desks):
/// stopping a run or a session ends it, no switch (a broadcast, a campaign, is one); a
/// favorite created is a thing of its own, made anew each call; "does not modify the
/// existing labels" on an add spares them and says nothing of reading.
#[test]
fn stopped_runs_created_favorites_and_spared_existing_things() {
    let post = Method::Post;
    for (name, summary, path) in [
        (
            "stopSession",
            "Stop a parking session",
            "/v2/parking/sessions/{id}/stop",
        ),
        (
            "stopReplication",
            "Stop replication execution",
            "/replication/executions/{id}",
        ),
        (
            "WorkflowService_StopWorkflow",
            "",
            "/api/v1/workflows/{namespace}/{name}/stop",
        ),
    ] {
        let mut stop = facts(&post, name, summary);
        stop.path = Some(path);
        assert!(!says(&stop, HintKind::Destructive, false), "{name}");
    }
    let mut broadcast = facts(&post, "stopBroadcast", "Stop a voice broadcast");
    broadcast.path = Some("/calls/broadcasts/{id}/stop");
    assert!(says(&broadcast, HintKind::Destructive, false));
    let mut favorite = facts(&post, "CreateFavorite", "Create a favorite");
    favorite.path = Some("/users/{authtoken}/faves");
    assert!(!says(&favorite, HintKind::Idempotent, true));
    let mut labels = facts(&post, "addLabelsToContent", "Add labels to content");
    labels.path = Some("/wiki/rest/api/content/{id}/label");
    labels.description =
        Some("Adds labels to a piece of content. Does not modify the existing labels.".into());
    assert!(!suggested_read_only(&labels));
    let convert = facts_at(
        &Method::Get,
        "getAndAsyncConvertMacroBodyByMacroId",
        "/wiki/rest/api/content/{id}/history/{version}/macro/id/{macroId}/convert/async/{to}",
    );
    assert!(!kept_read_only(&convert));
}

/// From attacks 58 and 59 (utilities, PBX, video; model registries, database clouds,
/// chains): a filter polled for what occurred "since last poll" is used up, said in a
/// summary too; rewards forfeited and a wallet that "cannot be unfrozen" are lost;
/// `order...` leads a name as its resource, before nouns and the action
/// (`orderTableTransfer`).
#[test]
fn polled_filters_forfeits_replacements_and_leading_resources() {
    let (post, put, delete) = (Method::Post, Method::Put, Method::Delete);
    let mut filter = facts(
        &post,
        "eth_getFilterChanges",
        "Polling method for a filter, which returns an array of logs which occurred since last \
         poll.",
    );
    filter.path = Some("/eth/eth_getFilterChanges");
    filter.only_posts = true;
    assert!(!suggested_read_only(&filter));
    let mut leave = facts(&delete, "unenrollFromProgram", "Leave a program");
    leave.path = Some("/dr-programs/{id}/enrollment");
    leave.description = Some("Leaving the program forfeits any unpaid rewards.".into());
    assert!(!says(&leave, HintKind::Destructive, false));
    let mut freeze = facts(&post, "freezeWallet", "Freeze a wallet");
    freeze.path = Some("/wallets/{id}/freeze");
    freeze.description =
        Some("A frozen wallet cannot be unfrozen before the duration expires.".into());
    assert!(!says(&freeze, HintKind::Destructive, false));
    let mut table = facts(
        &put,
        "orderTableTransfer",
        "Transfer an order to another table",
    );
    table.path = Some("/orders/v2/orders/{orderGuid}/table");
    assert!(!says(&table, HintKind::Idempotent, false));
}

/// From attacks 60 and 61 (libraries, LIMS, realtime messaging; KYC, app releases, customer
/// data platforms): "Enumerate" reads; a method after "via" is a generator's tail
/// (`publishViaGET` publishes); a bare "Identify" or one of a user records who the user is.
#[test]
fn enumerations_via_tails_and_identified_users() {
    let (get, post) = (Method::Get, Method::Post);
    let mut channels = facts(&get, "", "Enumerate all active channels");
    channels.path = Some("/channels");
    assert!(kept_read_only(&channels));
    let mut publish = facts(&get, "publishViaGET", "");
    publish.path = Some("/publish/{pub_key}/{sub_key}/0/{channel}/0/{payload}");
    assert!(says(&publish, HintKind::ReadOnly, false));
    assert!(!kept_read_only(&publish));
    let mut identify = facts(&post, "identify", "Identify");
    identify.path = Some("/v1/identify");
    identify.description =
        Some("Identify lets you tie a user to their actions and record traits about them.".into());
    assert!(!suggested_read_only(&identify));
}

/// Under a summary, a PUT's description may open by saying each call adds an effect
/// (Wealthport's "Upload File": "Initiates a file upload and returns the URL ..."): not
/// idempotent, and nothing more: saying again what the summary says ("Submit order":
/// "Submits the order") is no second piece for `destructiveHint`. "Request to update ..."
/// asks for the update after it, "Records the decision" sets it, and what "Performs
/// calculations" does, the calculations decide.
#[test]
fn a_description_that_opens_with_a_repeat_is_read_under_a_summary() {
    let put = Method::Put;
    let mut upload = facts(&put, "getUploadUrl", "Upload File");
    upload.path = Some("/sources/upload");
    assert!(!says(&upload, HintKind::Idempotent, false));
    upload.description =
        Some("Initiates a file upload and returns the URL where to upload the file to.".into());
    assert!(says(&upload, HintKind::Idempotent, false));
    let mut rename = facts(
        &put,
        "updateTrainingNameDescription",
        "Update Training Name",
    );
    rename.path = Some("/trainings/{trainingKey}/nameDescription");
    rename.description = Some("Request to update a scheduled training name.".into());
    assert!(!says(&rename, HintKind::Idempotent, false));
    // A PUT's record sets what it names (attack 46's permit review decision).
    let mut decide = facts(&put, "", "Review decision");
    decide.path = Some("/api/v2/applications/{applicationId}/reviews/{reviewId}/decision");
    decide.description = Some("Records the reviewer's decision (approved or denied).".into());
    assert!(!says(&decide, HintKind::Idempotent, false));
    let mut submit = facts(&put, "", "Submit order");
    submit.path = Some("/orders/{id}");
    let hints = |facts: &Facts<'_>| -> Vec<(HintKind, bool)> {
        said(facts)
            .into_iter()
            .map(|(hint, value, _)| (hint, value))
            .collect()
    };
    assert_eq!(hints(&submit), [(HintKind::Idempotent, false)]);
    submit.description = Some("Submits the order.".into());
    assert_eq!(hints(&submit), [(HintKind::Idempotent, false)]);
    // Performing calculations (Gusto's "Calculate a payroll", attack 31).
    let mut calculate = facts(&put, "", "Calculate a payroll");
    calculate.path = Some("/v1/companies/{company_id}/payrolls/{payroll_id}/calculate");
    calculate.description =
        Some("Performs calculations for taxes, benefits, and deductions for a payroll.".into());
    assert!(!says(&calculate, HintKind::Idempotent, false));
}

/// Checking a one-time code by a method that writes spends an attempt (attack 62's
/// Vonage-like `checkCode`, suggested read-only before); a GET's check is not said to act.
#[test]
fn checking_a_one_time_code_by_post_acts() {
    let post = Method::Post;
    let mut check = facts(&post, "checkCode", "Check a verification code");
    check.path = Some("/v2/verify/{request_id}");
    check.description = Some(
        "Verifies that the code the user supplied matches the one sent. Each incorrect code \
         counts as an attempt."
            .into(),
    );
    assert!(!suggested_read_only(&check));
    let get = Method::Get;
    let mut status = facts(&get, "checkCode", "Check a verification code");
    status.path = Some("/v2/verify/{request_id}");
    assert!(!says(&status, HintKind::ReadOnly, false));
}

/// From attack 63 (email marketing, secrets vaults, CDN and DNS): what reading destroys (a
/// view-once link "destroyed after the first successful retrieval") is not only added to,
/// whatever the opening's verb ("Open"); a write that "creates a new version" adds one on every call; "Signup
/// forms" are read; static credentials are stored ones, not minted.
#[test]
fn view_once_links_versions_signup_forms_and_static_credentials() {
    let (get, post) = (Method::Get, Method::Post);
    let mut link = facts(&get, "openShareLink", "Open shared item");
    link.path = Some("/sharing/links/{link_id}");
    link.description = Some(
        "Returns the item. Links created with `view_once` are destroyed after the first \
         successful retrieval."
            .into(),
    );
    assert!(says(&link, HintKind::ReadOnly, false));
    assert!(!says(&link, HintKind::Destructive, false));
    let mut secret = facts(&post, "kv-v2-write", "Create/Update secret");
    secret.path = Some("/secret/data/{path}");
    assert!(suggests(&secret, HintKind::Idempotent, true));
    secret.description = Some("Creates a new version of the secret at the path.".into());
    assert!(!says(&secret, HintKind::Idempotent, true));
    let mut forms = facts(&get, "getListSignupForms", "Signup forms");
    forms.path = Some("/lists/{list_id}/signup-forms");
    assert!(!says(&forms, HintKind::ReadOnly, false));
    let mut credentials = facts(
        &get,
        "database-get-static-credentials",
        "Get static credentials",
    );
    credentials.path = Some("/database/static-creds/{name}");
    assert!(!says(&credentials, HintKind::ReadOnly, false));
    let mut minted = facts(&get, "database-generate-credentials", "Get credentials");
    minted.path = Some("/database/creds/{name}");
    assert!(says(&minted, HintKind::ReadOnly, false));
}

/// From attack 64 (recruiting, subscription billing, feature flags): a feed that hands each
/// record out once ("not included in any later batch") and a link good for one use ("Each
/// token works once") act when read; a removal after a first verb ("Generates a new link
/// and expires any link issued before it") says nothing is only added; a GET titled by a
/// verb before a thing its description names ("Retry schedule": "The smart retry schedule
/// used for ...") reads, and a segment the summary names as its object ("Replace retry
/// schedule" at `/retry_schedule`) is no verb.
#[test]
fn one_time_feeds_expired_links_and_named_schedules() {
    let (get, put) = (Method::Get, Method::Put);
    let mut feed = facts(&get, "", "Next usage export batch");
    feed.path = Some("/v1/usage_exports/next");
    feed.description = Some(
        "Returns up to 1,000 usage records not exported yet: records in a batch are not \
         included in any later batch."
            .into(),
    );
    assert!(says(&feed, HintKind::ReadOnly, false));
    let mut action = facts(&get, "", "Email action link");
    action.path = Some("/v1/email_actions/{token}");
    action.description = Some("The target of the buttons in emails. Each token works once.".into());
    assert!(says(&action, HintKind::ReadOnly, false));
    let mut link = facts(&get, "", "Invoice payment link");
    link.path = Some("/v1/invoices/{invoice}/payment_link");
    link.description = Some("Generates a new hosted payment link for the invoice.".into());
    assert!(says(&link, HintKind::Destructive, false));
    link.description = Some(
        "Generates a new hosted payment link for the invoice and expires any link issued \
         before it."
            .into(),
    );
    assert!(says(&link, HintKind::ReadOnly, false));
    assert!(!says(&link, HintKind::Destructive, false));
    let mut schedule = facts(&get, "", "Retry schedule");
    schedule.path = Some("/v1/dunning/retry_schedule");
    schedule.description = Some("The smart retry schedule used for failed payments.".into());
    assert!(!says(&schedule, HintKind::ReadOnly, false));
    schedule.description = Some("The retry schedule runs again, as it retries payments.".into());
    assert!(says(&schedule, HintKind::ReadOnly, false));
    let mut replace = facts(&put, "", "Replace retry schedule");
    replace.path = Some("/v1/dunning/retry_schedule");
    assert!(!says(&replace, HintKind::Idempotent, false));
    replace.summary = Some("Retry the schedule".into());
    replace.path = Some("/v1/dunning/schedule/retry");
    assert!(says(&replace, HintKind::Idempotent, false));
}

/// What a review of the attack-63/64 rules found they must not do: a description opening
/// with an article reads only where it restates the summary and says no act ("Pause
/// queue": "The queue stops delivering ..."); a line without a full stop still ends its
/// sentence; a segment named after a reading verb's first object is still read ("Fetch
/// invoice, retry payment"); what is destroyed is read past an earlier consuming phrase.
#[test]
fn articles_lines_later_objects_and_consumed_links_stay_read() {
    let get = Method::Get;
    let mut pause = facts(&get, "", "Pause queue");
    pause.path = Some("/queues/{id}/state");
    pause.description = Some("The queue stops delivering messages until it is resumed.".into());
    assert!(says(&pause, HintKind::ReadOnly, false));
    let mut reset = facts(&get, "", "Reset statistics");
    reset.path = Some("/server/statistics");
    reset.description = Some("The reset statistics are set back to zero.".into());
    assert!(says(&reset, HintKind::ReadOnly, false));
    let mut next = facts(&get, "", "Next message");
    next.path = Some("/queues/{id}/messages/next");
    next.description = Some(crate::text::for_reading(
        "Returns the next message\nDeletes it from the queue.",
    ));
    assert!(read(&next).iter().any(|e| e.says == Says::SentenceActs));
    let mut retry = facts(&get, "", "Fetch invoice, retry payment");
    retry.path = Some("/invoices/{id}/retry_payment");
    assert!(says(&retry, HintKind::ReadOnly, false));
    let mut link = facts(&get, "openShareLink", "Open shared item");
    link.path = Some("/sharing/links/{link_id}");
    link.description = Some(
        "Returns the item. The link is marked as used and is destroyed after the first \
         retrieval."
            .into(),
    );
    assert!(!says(&link, HintKind::Destructive, false));
}

/// From attack 65 (clinic scheduling, warehouses, social media management): what is bought
/// or made "on the first request" a GET makes; a name that is a reading verb and then the
/// summary's words reads what they name (`getPublishQueue`, "Publish queue").
#[test]
fn first_requests_and_names_that_read_a_title() {
    let get = Method::Get;
    let mut label = facts(&get, "", "Return label");
    label.path = Some("/returns/{returnId}/return-label");
    label.description = Some(
        "The prepaid return label. The label is bought from the carrier on the first request \
         and charged to the site's account."
            .into(),
    );
    assert!(read(&label).iter().any(|e| e.says == Says::OwnAct));
    assert!(says(&label, HintKind::ReadOnly, false));
    let mut queue = facts(&get, "getPublishQueue", "Publish queue");
    queue.path = Some("/publish-queue");
    queue.description = Some("Posts waiting to be published, in order, per account.".into());
    assert!(!says(&queue, HintKind::ReadOnly, false));
    let mut publish = facts(&get, "publishQueue", "Publish queue");
    publish.path = Some("/publish-queue");
    assert!(says(&publish, HintKind::ReadOnly, false));
}

/// Attack round 66: verifying a certificate's authenticity by GET looks it up, by its name,
/// summary and path alike; verifying an email address marks it verified.
#[test]
fn verifying_a_certificate_reads_verifying_an_email_acts() {
    let get = Method::Get;
    let mut certificate = facts(&get, "verify_certificate", "Verify a certificate");
    certificate.path = Some("/certificates/{certificate_id}/verify");
    assert!(said(&certificate).is_empty(), "{:?}", said(&certificate));
    let mut email = facts(&get, "verify_email", "Verify an email address");
    email.path = Some("/emails/{email_id}/verify");
    assert!(suggests(&email, HintKind::ReadOnly, false));
}

/// Attack round 66: a description that only names what is listed ("Devices that failed
/// ... and are waiting for the next retry window") makes "Retry queue" a thing read; one
/// that says something is done to them does not.
#[test]
fn a_description_naming_what_is_listed_makes_a_verb_a_thing() {
    let get = Method::Get;
    let mut queue = facts(&get, "getRolloutRetryQueue", "Retry queue");
    queue.path = Some("/rollouts/{rolloutId}/retry-queue");
    queue.description = Some(
        "Devices that failed to install the update and are waiting for the next retry window, with their last error."
            .into(),
    );
    assert!(said(&queue).is_empty(), "{:?}", said(&queue));
    for description in [
        "Devices that failed to install the update are retried in the next window.",
        "Syncs with the cloud the devices that failed, and returns them.",
    ] {
        queue.description = Some(description.into());
        assert!(suggests(&queue, HintKind::ReadOnly, false), "{description}");
    }
}

/// Attack round 67: a registry's "Pull a manifest" by GET downloads it; "Push a manifest" by
/// PUT uploads it to its reference, which a repeat sets again (a notification pushed by POST
/// is sent each time).
#[test]
fn a_registry_pulls_by_get_and_pushes_by_put() {
    let (get, put, post) = (Method::Get, Method::Put, Method::Post);
    for summary in ["Pull a manifest", "Pull a blob"] {
        let mut pull = facts(&get, "", summary);
        pull.path = Some("/v2/{name}/manifests/{reference}");
        assert!(said(&pull).is_empty(), "{summary}: {:?}", said(&pull));
    }
    let mut push = facts(&put, "putManifest", "Push a manifest");
    push.path = Some("/v2/{name}/manifests/{reference}");
    assert!(!says(&push, HintKind::Idempotent, false));
    let mut notify = facts(&put, "pushNotification", "Push a notification to a device");
    notify.path = Some("/devices/{id}/notification");
    assert!(says(&notify, HintKind::Idempotent, false));
    // Pulling a message from a queue takes it.
    let mut message = facts(&get, "", "Pull a message from the queue");
    message.path = Some("/queues/{id}/messages");
    assert!(!said(&message).is_empty());
    let _ = post;
}

/// Attack round 69: a webhook pinged by a GET is delivered to ("Ping a webhook"); a plain
/// ping checks that the server answers.
#[test]
fn a_get_that_pings_a_webhook_delivers() {
    let get = Method::Get;
    let mut hook = facts(&get, "ping_webhook", "Ping a webhook");
    hook.path = Some("/v1/environment/webhooks/{webhook_id}/ping");
    assert!(suggests(&hook, HintKind::ReadOnly, false));
    let mut ping = facts(&get, "ping", "Ping");
    ping.path = Some("/ping");
    assert!(said(&ping).is_empty());
}

/// Attack round 76 (calendar, restaurant delivery, identity): a GET whose answer is not
/// returned by later calls, or that allocates a new number on each request, acts.
#[test]
fn a_get_that_hands_out_or_allocates_acts_and_a_delta_sync_reads() {
    let get = Method::Get;
    let mut due = facts(&get, "getDueReminders", "Fetch due reminders");
    due.path = Some("/reminders/due");
    due.description = Some(
        "Returns up to `limit` reminders whose trigger time has passed. Returned reminders are marked as dispatched and are not returned by later calls."
            .into(),
    );
    assert!(!kept_read_only(&due));
    let mut contact = facts(&get, "", "Get courier contact number");
    contact.path = Some("/v1/orders/{order_id}/courier-contact");
    contact.description = Some(
        "Returns a masked phone number that forwards calls to the order's courier. A new number is allocated on each request."
            .into(),
    );
    assert!(!kept_read_only(&contact));
}

/// Attack round 76: "Upload menu" by PUT to `/stores/{id}/menus` that "Replaces the
/// store's entire menu" sets it (one that only uploads to a collection makes another); a
/// create that cancels others' bookings, and a suspension that signs the user out, lose
/// something.
#[test]
fn a_put_described_as_replacing_sets_and_collateral_losses_are_destructive() {
    let put = Method::Put;
    let mut menu = facts(&put, "", "Upload menu");
    menu.path = Some("/v1/stores/{store_id}/menus");
    assert!(says(&menu, HintKind::Idempotent, false));
    menu.description = Some(
        "Replaces the store's entire menu with the one in the body. Items not in the body are removed."
            .into(),
    );
    assert!(!says(&menu, HintKind::Idempotent, false));
    let post = Method::Post;
    let mut time_off = facts(&post, "createTimeOff", "Add time off");
    time_off.path = Some("/users/{userId}/time-off");
    time_off.statuses = vec!["201"];
    assert!(says(&time_off, HintKind::Destructive, false));
    time_off.description = Some(
        "Blocks the user's calendar for the period. Bookings the user hosts in the period are cancelled; meeting invitations in the period are declined."
            .into(),
    );
    assert!(!says(&time_off, HintKind::Destructive, false));
    let mut suspend = facts(&post, "users.suspend", "");
    suspend.path = Some("/users.suspend");
    suspend.description =
        Some("Suspends a user. They cannot sign in until `users.unsuspend` is called.".into());
    assert!(says(&suspend, HintKind::Destructive, false));
    suspend.description = Some(
        "Suspends a user. The user is signed out of every session and device, and they cannot sign in until `users.unsuspend` is called."
            .into(),
    );
    assert!(!says(&suspend, HintKind::Destructive, false));
}

/// Fresh readers' reviews of round 76's rules (/work/notes/review68.md, review69.md): a
/// list's filter or its pages told of later calls, a lifecycle's cancellations, a network
/// switch's details and a quick start guide leave a GET reading.
#[test]
fn round_76_rules_keep_to_their_class() {
    let get = Method::Get;
    let mut customers = facts(&get, "listCustomers", "List customers");
    customers.path = Some("/customers");
    customers.description = Some(
        "Returns a page of customers. Deleted customers are not returned by subsequent list calls."
            .into(),
    );
    assert!(kept_read_only(&customers));
    customers.description = Some(
        "Returns a page of customers. Returned customers are excluded from subsequent pages of the same cursor."
            .into(),
    );
    assert!(kept_read_only(&customers));
    customers.description = Some(
        "Returns a page of customers. The returned customers are not returned again on the next page."
            .into(),
    );
    assert!(kept_read_only(&customers));
    let mut batch = facts(&get, "", "Next usage export batch");
    batch.path = Some("/v1/usage_exports/next");
    batch.description = Some(
        "Returns up to 1,000 usage records not exported yet, and advances the export cursor past them: records in a batch are not included in any later batch."
            .into(),
    );
    assert!(!kept_read_only(&batch));
    let mut bookings = facts(&get, "listBookings", "List bookings");
    bookings.path = Some("/bookings");
    bookings.description = Some(
        "Returns the bookings. Bookings not confirmed within 24 hours are cancelled; users are logged out of idle sessions."
            .into(),
    );
    assert!(kept_read_only(&bookings));
    let mut details = facts(&get, "", "Switch details");
    details.path = Some("/network/switches/{serial}");
    assert!(kept_read_only(&details));
    let mut guide = facts(&get, "", "Quick start guide");
    guide.path = Some("/docs/quickstart");
    assert!(kept_read_only(&guide));
}

/// The review's other cases: a PUT that sets up a new thing at a collection makes another;
/// "Switch organization" with the organization in the path sets it; "will be cancelled"
/// and "logged out from every device" lose something; a calculation that applies a
/// certificate computes.
#[test]
fn round_76_rules_keep_to_their_class_on_writes() {
    let put = Method::Put;
    let mut hook = facts(&put, "", "Upload webhook");
    hook.path = Some("/workspaces/{id}/webhooks");
    hook.description = Some("Sets up a new webhook subscription for the workspace.".into());
    assert!(says(&hook, HintKind::Idempotent, false));
    let post = Method::Post;
    let mut organization = facts(&post, "", "Switch organization");
    organization.path = Some("/orgs/{id}/switch");
    organization.given_nothing = true;
    assert!(!says(&organization, HintKind::Idempotent, false));
    let mut time_off = facts(&post, "createTimeOff", "Add time off");
    time_off.path = Some("/users/{userId}/time-off");
    time_off.statuses = vec!["201"];
    time_off.description = Some("Bookings in the period will be cancelled.".into());
    assert!(!says(&time_off, HintKind::Destructive, false));
    let mut suspend = facts(&post, "users.suspend", "");
    suspend.path = Some("/users.suspend");
    suspend.description = Some("Suspends a user. The user is logged out from every device.".into());
    assert!(!says(&suspend, HintKind::Destructive, false));
    let mut tax = facts(&post, "calculateTax", "Calculate tax");
    tax.path = Some("/tax/calculate");
    tax.description = Some("Calculation applies the customer's exemption certificate.".into());
    assert!(says(&tax, HintKind::ReadOnly, true));
    let low = said(&tax)
        .iter()
        .any(|&(h, _, c)| h == HintKind::ReadOnly && c == Confidence::Low);
    assert!(!low);
    // (The second review: a lifecycle under a time, a payment declined, a filter; a PUT that
    // "Updates the album with the uploaded photo" adds one; a state given in the path; a
    // noun "emails".)
    let mut order = facts(&post, "createOrder", "Create an order");
    order.path = Some("/orders");
    order.statuses = vec!["201"];
    for description in [
        "Orders that are not paid within 30 minutes are automatically cancelled.",
        "Unconfirmed bookings will be cancelled after 24 hours.",
        "Charges whose cards are declined return a 402 with the decline code.",
        "Users are logged out of idle sessions after 30 minutes.",
    ] {
        order.description = Some(description.into());
        assert!(says(&order, HintKind::Destructive, false), "{description}");
    }
    let mut album = facts(&put, "", "Upload photo");
    album.path = Some("/albums/{id}/photos");
    album.description = Some("Updates the album with the uploaded photo.".into());
    assert!(says(&album, HintKind::Idempotent, false));
    let mut state = facts(&put, "", "Switch device state");
    state.path = Some("/devices/{id}/state/{state}");
    state.given_nothing = true;
    assert!(!says(&state, HintKind::Idempotent, false));
    let mut contact = facts(&put, "replaceContact", "Replace a contact");
    contact.path = Some("/contacts/{id}");
    contact.description = Some(
        "Replaces the contact's name, phone numbers and emails the contact has on file.".into(),
    );
    assert!(!says(&contact, HintKind::Idempotent, false));
}

/// Attack round 77 (package registry, telehealth, building automation): a GET whose
/// answer "is saved to the patient's coverage" keeps it (one whose result another records,
/// "by the nightly bureau import", "when the reviewer clicks", does not); one that shows the
/// sender a read receipt "from then on" and a link "spent" after a download consume (a
/// receipts list, a code "if" spent, do not).
#[test]
fn a_get_that_keeps_its_answer_acts() {
    let get = Method::Get;
    let mut eligibility = facts(&get, "checkEligibility", "Check eligibility");
    eligibility.path = Some("/eligibility");
    eligibility.description = Some(
        "Runs a real-time eligibility check with the patient's payer. The payer's answer is saved to the patient's coverage as its latest eligibility response."
            .into(),
    );
    assert!(!kept_read_only(&eligibility));
    let mut message = facts(&get, "getPatientMessage", "Get a message");
    message.path = Some("/patients/{patientId}/messages/{messageId}");
    message.description = Some(
        "Returns the message. When the patient is the caller, the sender sees a read receipt from then on."
            .into(),
    );
    assert!(!kept_read_only(&message));
    message.description = Some(
        "Returns the read receipts for a message. The sender sees a read receipt for each recipient who opened it."
            .into(),
    );
    assert!(kept_read_only(&message));
    let mut link = facts(&get, "openDownloadLink", "Open a shared download link");
    link.path = Some("/v1/download-links/{link_token}");
    link.description = Some(
        "After the first complete download the link is spent and further requests get 410 Gone."
            .into(),
    );
    assert!(!says(&link, HintKind::Destructive, false));
    let mut invite = facts(&get, "getInvite", "Check an invite code");
    invite.path = Some("/invites/{code}");
    invite.description =
        Some("Returns 410 if the code is spent; otherwise the invite's details.".into());
    assert!(kept_read_only(&invite));
    let mut score = facts(&get, "getScore", "Get a credit score");
    score.path = Some("/scores/{id}");
    for description in [
        "Returns the applicant's latest credit score. Each score is recorded in the applicant's file by the nightly bureau import.",
        "Returns the reviewer's decision. The decision is recorded on the submission when the reviewer clicks Approve.",
    ] {
        score.description = Some(description.into());
        assert!(kept_read_only(&score), "{description}");
    }
}

/// Attack round 78 (box office, wagering, workforce scheduling): a GET whose tickets'
/// barcodes "are voided", or whose offer is the only one "most recently issued", acts; a
/// POST to `/exchanges` that "Voids the given tickets" is no mere add; a transfer that
/// "Sends the ticket" is no set-to-value; prices moved "by the given number of ladder
/// ticks" move again on a repeat.
#[test]
fn voided_barcodes_superseded_offers_and_relative_moves_are_no_safe_calls() {
    let get = Method::Get;
    let mut pdf = facts(&get, "downloadTicketsPdf", "Download print-at-home tickets");
    pdf.path = Some("/orders/{orderId}/tickets.pdf");
    pdf.description = Some(
        "Printing converts the tickets to paper delivery: their mobile barcodes are voided and the new barcodes on the PDF are the only ones that scan.".into(),
    );
    assert!(!kept_read_only(&pdf));
    let mut offer = facts(&get, "getCashOutOffer", "Get a cash-out offer");
    offer.path = Some("/bets/{betId}/cash-out-offer");
    offer.description = Some(
        "Returns a cash-out offer for the bet, valid for 5 seconds. Only the most recently issued offer can be accepted."
            .into(),
    );
    assert!(!kept_read_only(&offer));
    let post = Method::Post;
    let mut exchange = facts(&post, "exchangeTickets", "Exchange tickets");
    exchange.path = Some("/orders/{orderId}/exchanges");
    exchange.statuses = vec!["201"];
    assert!(says(&exchange, HintKind::Destructive, false));
    exchange.description =
        Some("Voids the given tickets and issues new tickets for the target performance.".into());
    assert!(!says(&exchange, HintKind::Destructive, false));
    // (What it accepts is its input: swagger.io's generator "Accepts a `GeneratorInput`
    // options map".)
    exchange.description = Some("Accepts a `GeneratorInput` options map.".into());
    assert!(says(&exchange, HintKind::Destructive, false));
    let mut transfer = facts(&post, "transferTicket", "Transfer a ticket");
    transfer.path = Some("/tickets/{ticketId}/transfers");
    transfer.statuses = vec!["201"];
    assert!(says(&transfer, HintKind::Idempotent, true));
    transfer.description = Some("Sends the ticket to the recipient's email address.".into());
    assert!(!says(&transfer, HintKind::Idempotent, true));
    let patch = Method::Patch;
    let mut prices = facts(&patch, "movePrices", "Move prices");
    prices.path = Some("/markets/{marketId}/prices");
    assert!(says(&prices, HintKind::Idempotent, true));
    prices.description = Some(
        "Moves the price of every selection by the given number of ladder ticks from its current price."
            .into(),
    );
    assert!(!says(&prices, HintKind::Idempotent, true));
}

/// Attack round 78: a GET whose sentence names the call itself as the subject of its act
/// ("Each request rotates the barcode secret", "Calling this resets the feed's secret",
/// "The first download marks the export as transmitted") is suggested acting, not only left
/// out of `--read-only`; what each request is metered by is no act ("Each download logs an
/// access record").
#[test]
fn a_get_whose_sentence_names_the_call_as_its_subject_acts() {
    let get = Method::Get;
    let mut barcode = facts(&get, "getTicketBarcode", "Get the entry barcode");
    barcode.path = Some("/tickets/{ticketId}/barcode");
    for description in [
        "Returns the barcode. Each request rotates the barcode secret; barcodes returned earlier stop scanning.",
        "Returns the barcode. Calling this resets the barcode secret.",
    ] {
        barcode.description = Some(description.into());
        assert!(suggests(&barcode, HintKind::ReadOnly, false), "{description}");
    }
    let mut file = facts(&get, "", "Download the payroll export file");
    file.path = Some("/v1/payroll_exports/{exportId}/file");
    file.description = Some(
        "Returns the file. The first download marks the export as transmitted and closes the pay period."
            .into(),
    );
    assert!(suggests(&file, HintKind::ReadOnly, false));
    let mut counted = facts(&get, "downloadVersion", "Download a version");
    counted.path = Some("/versions/{version}/download");
    counted.description =
        Some("Redirects to the artifact. Each download logs an access record.".into());
    assert!(!suggests(&counted, HintKind::ReadOnly, false));
}

/// A fresh reader's review of round 78's rules (/work/notes/review70.md): the first
/// download that deletes acts; a filter for the latest key, a lag by a number of days,
/// metering said with a modal or by its object, a listing gerund, a state voided or not
/// revertible leave a GET reading; a completion that completes is still an add.
#[test]
fn round_78_rules_keep_to_their_class() {
    let get = Method::Get;
    let mut export = facts(&get, "", "Download the export");
    export.path = Some("/exports/{id}/file");
    export.description = Some("Returns the file. The first download deletes the export.".into());
    assert!(suggests(&export, HintKind::ReadOnly, false));
    let mut reads = facts(&get, "", "Get the account's keys");
    reads.path = Some("/accounts/{id}/keys");
    for description in [
        "Returns only the most recently issued API key.",
        "Returns the series lagged by the given number of days.",
        "Returns the file. Each download will charge one credit.",
        "Returns the file. Each request writes an audit log entry.",
        "Getting the keys updates the account's last_seen_at timestamp.",
        "Returns the invoices. Invoices that are voided are included only when status is void.",
        "Returns the migrations. Completed migrations cannot be reverted.",
    ] {
        reads.description = Some(description.into());
        assert!(
            !suggests(&reads, HintKind::ReadOnly, false),
            "{description}"
        );
    }
    let mut listing = facts(&get, "listOrders", "List orders");
    listing.path = Some("/orders");
    listing.description = Some("Listing returns orders created in the last 30 days.".into());
    assert!(kept_read_only(&listing));
    let post = Method::Post;
    let mut completion = facts(&post, "createChatCompletion", "Create a chat completion");
    completion.path = Some("/chat/completions");
    completion.statuses = vec!["201"];
    completion.description = Some("Completes the given conversation.".into());
    assert!(says(&completion, HintKind::Destructive, false));
}

/// Attack rounds 79 and 80 (farm management, a library system, EV charging; a data
/// warehouse, identity checks, localisation): a read scope is no reading word against what
/// the first download does; "Get diagnostics" that "Asks the charge point to upload" acts;
/// what a switch stops first, a stop that "ends the given transaction", an amendment that
/// supersedes, a payment applied to outstanding fines are no mere switch or add; a link
/// marked used, one that "works once", earlier ones that "stop working" are spent; "Push a
/// location" by PUT at its URI stores it.
#[test]
fn rounds_79_and_80_name_what_is_lost() {
    let get = Method::Get;
    let mut export = facts(
        &get,
        "GetV1PayrollExportsExportIdFile",
        "Download the export file",
    );
    export.path = Some("/v1/payroll_exports/{exportId}/file");
    export.scopes = vec!["payroll:read"];
    export.description = Some(
        "Returns the export file. The first download marks the export as transmitted and closes the pay period; later downloads return the same file."
            .into(),
    );
    assert!(suggests(&export, HintKind::ReadOnly, false));
    let post = Method::Post;
    let mut diagnostics = facts(&post, "GetDiagnostics", "Get diagnostics");
    diagnostics.path = Some("/charge-points/{cpId}/diagnostics");
    diagnostics.description = Some(
        "Asks the charge point to upload its diagnostics file to `location` (an FTP or HTTPS URL). Returns the name of the file that will be uploaded."
            .into(),
    );
    // (What it has the charge point do is read as its act.)
    let upload = |e: &Evidence| e.source == Source::Description && e.seen == "upload";
    assert!(read(&diagnostics).iter().any(upload));
    assert!(!suggests(&diagnostics, HintKind::ReadOnly, true));
    let mut schedule = facts(&post, "GetCompositeSchedule", "Get composite schedule");
    schedule.path = Some("/charge-points/{cpId}/composite-schedule");
    schedule.description = Some(
        "Asks the charge point to calculate its schedule for the next `duration` seconds. Nothing is changed."
            .into(),
    );
    assert!(!read(&schedule)
        .iter()
        .any(|e| e.source == Source::Description
            && matches!(e.says, Says::Verb(v) if v != Verb::Read)));
    let ends = [
        ("unlockConnector", "Unlock a connector", "/connectors/{id}/unlock", "Releases the cable lock. A transaction in progress on the connector is stopped first."),
        ("remoteStop", "Remote stop", "/charge-points/{id}/remote-stop", "The charge point ends the given transaction and sends its final meter values."),
        ("fileAmendment", "File an amendment", "/submissions/{id}/amendments", "Files an amendment whose figures supersede those of the original submission."),
        ("payFines", "Pay fines", "/patrons/{id}/payments", "Charges `amount` to the patron's card and applies it to outstanding fines, oldest first."),
    ];
    for (name, summary, path, description) in ends {
        let mut call = facts(&post, name, summary);
        call.path = Some(path);
        call.statuses = vec!["201"];
        call.description = Some(description.into());
        assert!(!says(&call, HintKind::Destructive, false), "{description}");
    }
    let mut unpublish = facts(&post, "PostAssetsAssetIdUnpublish", "Unpublish an asset");
    unpublish.path = Some("/assets/{asset_id}/unpublish");
    unpublish.description = Some("Takes the asset offline by deleting all of its public playback IDs. Publishing again issues new playback IDs.".into());
    assert!(!says(&unpublish, HintKind::Destructive, false));
    // (A switch that says nothing lost is still one.)
    let mut lock = facts(&post, "unlockConnector", "Unlock a connector");
    lock.path = Some("/connectors/{id}/unlock");
    lock.description =
        Some("Releases the cable lock. The lock closes again when a cable is plugged in.".into());
    assert!(suggests(&lock, HintKind::Destructive, false));
    for description in [
        "Links the card to the driver's account and marks the activation `code` as used; a used code returns 410 Gone.",
        "Exchanges the one-time link for a portal session. A link works once; opening it again returns 410.",
        "Returns a new password reset link. Links issued before stop working.",
    ] {
        let mut link = facts(&get, "activateCard", "Activate a card");
        link.path = Some("/rfid-cards/activate");
        link.description = Some(description.into());
        assert!(!says(&link, HintKind::Destructive, false), "{description}");
        assert!(!kept_read_only(&link), "{description}");
    }
    let mut expiring = facts(&get, "getDownloadLink", "Get a download link");
    expiring.path = Some("/files/{id}/link");
    expiring.description =
        Some("Returns a signed link to the file. The link stops working after 24 hours.".into());
    assert!(kept_read_only(&expiring));
    let put = Method::Put;
    let mut location = facts(&put, "putLocation", "Push a location");
    location.path = Some("/locations/{locationId}");
    assert!(!says(&location, HintKind::Idempotent, false));
    let mut notification = facts(&put, "pushNotification", "Push a notification");
    notification.path = Some("/devices/{deviceId}/notification");
    assert!(says(&notification, HintKind::Idempotent, false));
}

/// Crowdin names an operation by its path's words, dotted, then its method: the method is
/// no verb (`api.projects.files.post`); VK's `wall.post` at `/method/wall.post` posts.
#[test]
fn a_dotted_name_of_the_path_ending_in_its_method_says_nothing() {
    let post = Method::Post;
    let crowdin = function_name(
        "api.projects.files.post",
        Some(&post),
        Some("/projects/{projectId}/files"),
    );
    assert_eq!(crowdin, "api.projects.files");
    let vk = function_name("wall.post", Some(&post), Some("/method/wall.post"));
    assert_eq!(vk, "wall.post");
}

/// Attack 79's relative amounts: a PUT that adds the quantity it is given to the stock, a
/// PATCH that moves a hold by a count of positions, move again on a repeat; one that sets
/// the stock or moves to a position does not, nor a sort by position.
#[test]
fn an_amount_added_or_a_move_by_places_repeats() {
    let put = Method::Put;
    let mut receive = facts(&put, "receiveStock", "Receive stock");
    receive.path = Some("/inventory/products/{productId}/receipts");
    receive.description = Some(
        "Adds the received quantity to the product's on-hand stock and records the supplier's delivery note."
            .into(),
    );
    assert!(suggests(&receive, HintKind::Idempotent, false));
    receive.description = Some("Sets the product's on-hand stock to the given quantity.".into());
    assert!(!says(&receive, HintKind::Idempotent, false));
    let patch = Method::Patch;
    let mut hold = facts(&patch, "moveHoldInQueue", "Move a hold in the queue");
    hold.path = Some("/holds/{holdId}/queue-position");
    hold.description =
        Some("Moves the hold up the queue by `places` positions (down when negative).".into());
    let repeats =
        |facts: &Facts<'_>| (read(facts).iter()).any(|e| e.seen == "moved by a count of positions");
    assert!(repeats(&hold));
    for description in [
        "Moves the hold to the given position in the queue.",
        "Moves the hold. Holds are sorted by position in the queue.",
    ] {
        hold.description = Some(description.into());
        assert!(!repeats(&hold), "{description}");
    }
}

/// A fresh reader's review of rounds 79-80's rules (/work/notes/review71.md): a PUT push
/// that does more than store is still a send; a dotted name not of Crowdin's shape keeps
/// its `post`; lifecycles of voiding, deprecations that stop keys working, a code another
/// endpoint marks used leave a GET reading; whose voiding a clause between commas tells is
/// still voided; an ending of time, a sending to debtors, a version that supersedes still
/// add; a model asked to generate computes.
#[test]
fn rounds_79_and_80_rules_keep_to_their_class() {
    let put = Method::Put;
    let mut deployment = facts(&put, "pushDeployment", "Push a deployment");
    deployment.path = Some("/deployments/{deploymentId}");
    deployment.description =
        Some("Pushes the deployment to the devices in the fleet and restarts them.".into());
    assert!(says(&deployment, HintKind::Idempotent, false));
    let post = Method::Post;
    let pages = function_name("pages.feed.post", Some(&post), Some("/pages/{id}/feed"));
    assert_eq!(pages, "pages.feed.post");
    let get = Method::Get;
    let mut reads = facts(&get, "getThing", "Get the thing");
    reads.path = Some("/things/{id}");
    for description in [
        "Returns the keys. API keys created before 2020 stop working on March 1.",
        "Returns the voucher. Calling POST /vouchers/{id}/redeem marks the voucher code as used.",
        "Returns the invoices. Draft invoices are voided automatically after 30 days.",
        "Returns the check. Checks are voided by calling POST /checks/{id}/void.",
        "Returns the invoices. Invoices which are voided are returned with status `void`.",
    ] {
        reads.description = Some(description.into());
        assert!(kept_read_only(&reads), "{description}");
    }
    let mut pdf = facts(&get, "downloadTicketsPdf", "Download print-at-home tickets");
    pdf.path = Some("/orders/{orderId}/tickets.pdf");
    pdf.description = Some(
        "Returns a PDF of the tickets. Their mobile barcodes, which are shown in the app, are voided."
            .into(),
    );
    assert!(!kept_read_only(&pdf));
    for (summary, description) in [
        ("Create a subscription", "Creates a subscription. The billing period ends the day before the renewal date."),
        ("Send reminders", "Sends a reminder email to outstanding debtors."),
        ("Create a document version", "Creates a new version. The new version supersedes the previous one, which stays available."),
    ] {
        let mut adds = facts(&post, "", summary);
        adds.path = Some("/things");
        adds.statuses = vec!["201"];
        adds.description = Some(description.into());
        assert!(says(&adds, HintKind::Destructive, false), "{description}");
    }
    let mut completion = facts(&post, "getCompletion", "Get a completion");
    completion.path = Some("/completions");
    completion.description =
        Some("Asks the language model to generate a completion for the prompt.".into());
    let generate = |e: &Evidence| e.source == Source::Description && e.seen == "generate";
    assert!(!read(&completion).iter().any(generate));
}

/// A GET's "each call" tells what each call does only beside a verb that acts (round 66's
/// digest), not of a limit, an answer or metering (review70).
#[test]
fn each_call_acts_only_with_a_verb_that_acts() {
    let get = Method::Get;
    let mut alerts = facts(&get, "getAlertDigest", "Get the alert digest");
    alerts.path = Some("/alerts/digest");
    for description in [
        "Returns the alerts. Each call is limited to 50 results.",
        "Returns the alerts. Each call returns up to 100 items.",
        "Returns the alerts. Each call counts against your rate limit.",
    ] {
        alerts.description = Some(description.into());
        assert!(kept_read_only(&alerts), "{description}");
    }
    for description in [
        "Returns the alerts since the last digest. The digest window starts again after each call.",
        "Returns the alerts. A new digest token is generated each time.",
    ] {
        alerts.description = Some(description.into());
        assert!(!kept_read_only(&alerts), "{description}");
    }
}

/// Attack rounds 81 and 82 (fundraising, car rental, podcast hosting; permits, a gym, a
/// freelance marketplace): a GET whose receipt "is also emailed", whose first retrieval
/// closes a request or serves a letter, whose proposals "are marked as viewed", whose lookup
/// "deducts a visit", or that issues a token where none is active, writes; a write that
/// moves a date "later by `extensionDays`", adds `months` to an end date or extends a freeze
/// "by `days`" moves it again; a `count` is an amount.
#[test]
fn rounds_81_and_82_find_what_a_read_changes() {
    let get = Method::Get;
    let mut reads = facts(&get, "getThing", "Get the thing");
    reads.path = Some("/things/{id}");
    for description in [
        "Returns the receipt. When `email` is true, a copy of the receipt is also emailed to the payer's address on file.",
        "Returns a ZIP of the records released. After the ZIP has been fetched, the request is marked fulfilled and closed.",
        "Returns the letter. The first time the applicant retrieves the letter through the portal, the letter is deemed served; the appeal period starts on that date.",
        "Returns the proposals. Proposals returned to the job's owner are marked as viewed.",
        "Finds a member by barcode. When `recordVisit` is true, the lookup also counts as the member's check-in and deducts a visit from the member's class pack.",
        "Returns the listener's personal feed URL. If the listener has no active token, a new one is issued.",
    ] {
        reads.description = Some(description.into());
        assert!(!kept_read_only(&reads), "{description}");
    }
    for description in [
        "Returns the order. When the order ships, it is marked shipped.",
        "Returns the order. After 30 days, closed orders are archived.",
    ] {
        reads.description = Some(description.into());
        assert!(kept_read_only(&reads), "{description}");
    }
    let put = Method::Put;
    for (path, description) in [
        ("/permits/{permitNumber}/expiration", "Moves the permit's expiration date later by `extensionDays` (at most 180 per request)."),
        ("/memberships/{membershipId}/end-date", "Adds `months` to the membership's current end date."),
    ] {
        let mut extend = facts(&put, "", "Extend");
        extend.path = Some(path);
        extend.description = Some(description.into());
        assert!(suggests(&extend, HintKind::Idempotent, false), "{description}");
    }
    let mut retention = facts(&put, "", "Set the retention");
    retention.path = Some("/retention");
    retention.description =
        Some("Sets the retention to `days`. Results are grouped by days.".into());
    assert!(!says(&retention, HintKind::Idempotent, false));
    let post = Method::Post;
    let mut freeze = facts(&post, "freezeMembership", "Freeze a membership");
    freeze.path = Some("/memberships/{membershipId}/freeze");
    freeze.description = Some(
        "Freezes the membership. Freezing a membership that is already frozen extends the current freeze by `days`."
            .into(),
    );
    assert!(!says(&freeze, HintKind::Idempotent, true));
    assert!(says_an_amount("count"));
}

/// Attack 81's sign-in links: a GET of a sign-in or magic link mints a credential, and a
/// link that "can be used once" is spent; a link's settings read.
#[test]
fn sign_in_links_are_credentials() {
    let get = Method::Get;
    let mut link = facts(&get, "getDonorPortalLink", "Get donor portal sign-in link");
    link.path = Some("/donors/{donorId}/portal-link");
    link.scopes = vec!["donors:read"];
    assert!(!kept_read_only(&link));
    let mut once = facts(&get, "getPortalLink", "Get the portal link");
    once.path = Some("/donors/{donorId}/portal-link");
    once.description = Some("The link is valid for 30 minutes and can be used once.".into());
    assert!(!kept_read_only(&once));
    let settings = facts(&get, "getLinkSettings", "Get sign-in link settings");
    assert!(!suggests(&settings, HintKind::ReadOnly, false));
}

/// A fresh reader's review of rounds 81-82's rules (/work/notes/review72.md): "each call"
/// beside what is made or used up still acts, whatever the verb; a sign-in link's settings,
/// a receipt filter, a read by another, a lifecycle after the read, an invoice issued on a
/// schedule, a coupon usable once per customer, a report broken down by days, a rounding up
/// by minutes, a receipt emailed when a payment succeeds leave a call reading or setting.
#[test]
fn rounds_81_and_82_rules_keep_to_their_class() {
    let get = Method::Get;
    let mut acts = facts(&get, "getResource", "Get the resource");
    acts.path = Some("/resources/{id}");
    for description in [
        "Returns the resource. Each call consumes one of the 5 allowed downloads.",
        "Returns the resource. A fresh token is returned each time.",
        "Returns the resource. Each call hands out the next batch to the caller.",
    ] {
        acts.description = Some(description.into());
        assert!(!kept_read_only(&acts), "{description}");
    }
    let mut reads = facts(&get, "getThing", "Get the thing");
    reads.path = Some("/things/{id}");
    for description in [
        "Returns the proposals. Use `status=viewed` to return only proposals that have been marked as viewed.",
        "Returns the order. After the order has been fetched by the courier, it is marked shipped.",
        "Returns the report metadata. Once the report is downloaded, the export job is archived after 7 days.",
        "Returns the coupon. A coupon can be used once per customer.",
        "Returns the receipt. The receipt is also sent to the payer when the payment succeeds.",
    ] {
        reads.description = Some(description.into());
        assert!(kept_read_only(&reads), "{description}");
    }
    let expiry = facts(&get, "getMagicLinkExpiry", "Get magic link expiry");
    assert!(!says(&expiry, HintKind::ReadOnly, false));
    let post = Method::Post;
    let mut search = facts(&post, "searchInvoices", "Search invoices");
    search.path = Some("/invoices/search");
    search.description = Some(
        "Returns invoices that match the query. An invoice is issued when its billing period closes."
            .into(),
    );
    assert!(suggests(&search, HintKind::ReadOnly, true));
    let put = Method::Put;
    let mut dashboard = facts(&put, "updateDashboard", "Update a dashboard");
    dashboard.path = Some("/dashboards/{id}");
    for description in [
        "Replaces the dashboard. Charts are broken down by days, weeks or months.",
        "Sets the rounding. Time entries are rounded up by 15 minutes.",
    ] {
        dashboard.description = Some(description.into());
        assert!(
            !says(&dashboard, HintKind::Idempotent, false),
            "{description}"
        );
    }
}

/// Attack 83: a status GET whose description opens "Whether" tells a state; "whether" is
/// no verb.
#[test]
fn whether_opens_a_state_not_an_act() {
    let get = Method::Get;
    let mut funding = facts(&get, "getFunding", "Funding status");
    funding.path = Some("/loans/{loanId}/funding");
    funding.description =
        Some("Whether the loan has funded, with the wire reference and amount.".into());
    assert!(!says(&funding, HintKind::ReadOnly, false));
    let mut consent = facts(&get, "", "");
    consent.path = Some("/loans/{loanId}/econsent");
    consent.description =
        Some("Whether each borrower has consented to receive disclosures electronically.".into());
    assert!(!says(&consent, HintKind::ReadOnly, false));
}
