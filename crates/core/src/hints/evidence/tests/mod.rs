use super::names::{function_name, generated};
use super::read::scope_reads;
use super::*;

mod arguments;
mod repeats;
mod sentences;
mod words;

fn facts<'a>(method: &'a Method, name: &'a str, summary: &'a str) -> Facts<'a> {
    Facts {
        method: Some(method),
        name,
        summary: (!summary.is_empty()).then(|| summary.into()),
        ..Facts::default()
    }
}

/// The facts of an operation known by its name and path only.
fn facts_at<'a>(method: &'a Method, name: &'a str, path: &'a str) -> Facts<'a> {
    Facts {
        path: Some(path),
        ..facts(method, name, "")
    }
}

fn said(facts: &Facts<'_>) -> Vec<(HintKind, bool, Confidence)> {
    let hints = Hints::infer(facts.method.unwrap());
    judge(facts, &read(facts), &hints)
        .into_iter()
        .map(|s| (s.hint, s.value, s.confidence))
        .collect()
}

/// Whether review says `hint: value` of the operation of `facts`, at any confidence.
fn says(facts: &Facts<'_>, hint: HintKind, value: bool) -> bool {
    said(facts).iter().any(|&(h, v, _)| (h, v) == (hint, value))
}

/// "Create a new product" says twice that something is added: not destructive. On a PUT,
/// which may replace what is at its URI, the create verb alone says nothing of the kind.
#[test]
fn creating_something_new_adds() {
    let adds = (HintKind::Destructive, false, Confidence::High);
    let post = Method::Post;
    let mut facts = facts(&post, "", "Create a new product to the marketplace");
    facts.path = Some("/product");
    assert_eq!(said(&facts), [adds]);
    let put = Method::Put;
    let mut facts = super::tests::facts(&put, "", "Create a new product");
    facts.path = Some("/product");
    assert!(!said(&facts).contains(&adds));
}

/// A POST that modifies a part of one resource (`/users/{id}/relationship`) sets values on
/// it: idempotent. A POST to a collection under one (`/users/{id}/notes`) adds to it.
#[test]
fn a_post_to_a_part_of_one_resource_sets_it() {
    let post = Method::Post;
    let sets = (HintKind::Idempotent, true, Confidence::Medium);
    let mut facts = facts(&post, "", "Modify the relationship with the target user.");
    facts.path = Some("/users/{user-id}/relationship");
    assert_eq!(said(&facts), [sets]);
    let mut facts = super::tests::facts(&post, "", "Modify the notes of the user.");
    facts.path = Some("/users/{user-id}/notes");
    assert!(!said(&facts).contains(&sets));
    // Only values set: writing to a part may add to it.
    let mut facts = super::tests::facts(&post, "", "Write to the feed of the user.");
    facts.path = Some("/users/{user-id}/feed");
    assert!(read(&facts).iter().all(|e| e.says != Says::OneResource));
}

/// Unbinding ends a binding, as unlinking does: ending it again changes nothing.
#[test]
fn unbinding_ends_a_binding() {
    let post = Method::Post;
    let mut facts = facts(&post, "", "Unbind a public IP address from a container");
    facts.path = Some("/containers/{name_or_id}/floating-ips/{ip}/unbind");
    let ends = (HintKind::Idempotent, true, Confidence::Medium);
    assert!(said(&facts).contains(&ends), "{:?}", said(&facts));
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
    facts.description = Some("Returns the calendar list, read-only".into());
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

/// "End session" ends something; a word "of" follows is a noun ("End of day prices"),
/// which says nothing of acting, while a reading one still says what is read.
#[test]
fn a_verb_followed_by_of_is_a_noun() {
    let get = Method::Get;
    let ends = said(&facts(&get, "", "End session"));
    assert!(
        ends.contains(&(HintKind::ReadOnly, false, Confidence::Medium)),
        "{ends:?}"
    );
    assert!(said(&facts(&get, "", "End of day prices")).is_empty());
    let list = facts(&get, "", "List of pets");
    assert!(says_it_reads(&read(&list)), "{:?}", read(&list));
    // A gerund acts; what destroys is taken as said before "of".
    for acting in [
        "Deleting users",
        "Resetting passwords",
        "Sending messages to subscribers",
        "Purge of the cache",
        "Booking rooms",
    ] {
        let said = said(&facts(&get, "", acting));
        assert!(
            said.contains(&(HintKind::ReadOnly, false, Confidence::Medium)),
            "{acting}: {said:?}"
        );
    }
}

#[test]
fn the_trash_is_undone_by_its_opposite_a_backup_restore_is_not() {
    let not_destructive = |facts: &Facts<'_>| {
        said(facts).contains(&(HintKind::Destructive, false, Confidence::Medium))
    };
    let delete = Method::Delete;
    let mut trash = facts(&delete, "trashFile", "Move a file to the trash");
    trash.description = Some("Trashed files are deleted for good after 30 days.".into());
    assert!(not_destructive(&trash), "later deletion is not this call");
    let post = Method::Post;
    let mut restore = facts(&post, "restoreFile", "Restore a file from the trash");
    restore.path = Some("/files/{id}/restore");
    assert!(not_destructive(&restore));
    let mut backup = facts(&post, "restoreDatabase", "Restore a database from a backup");
    backup.description = Some("Replaces the current contents with the backup's.".into());
    backup.path = Some("/databases/{id}/restore");
    assert!(
        !not_destructive(&backup),
        "a restore that replaces overwrites"
    );
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

/// A manifest's argument whose description says the call sends the answer on when it is
/// given acts, as a spec's parameter does.
#[test]
fn a_manifest_argument_that_sends_the_answer_on_acts() {
    let tool = |description: &str| {
        serde_json::json!({"tools": [{"name": "get_report", "inputSchema": {"type": "object",
            "properties": {"email_to": {"type": "string", "description": description}}},
            "_meta": {"openapi2mcp/http": {"method": "GET", "path": "/reports/{id}",
                "params": {"email_to": {"in": "query", "name": "email_to"}}}}}]})
    };
    let acting = |description: &str| {
        let manifest = crate::manifest::read(&tool(description), "m.json").unwrap();
        Facts::of_tool(&manifest.tools[0], "/tools/0", false).acting_flag == Some("email_to")
    };
    assert!(acting(
        "If set, the report is also emailed to this address."
    ));
    assert!(!acting("The address the report was sent to."));
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

/// A ban takes a member out of a group, and unbanning only lets them apply again: not a
/// switch that its opposite undoes. Unbanning is one.
#[test]
fn a_ban_is_destructive() {
    let post = Method::Post;
    let mut ban = facts(&post, "GroupV2.BanMember", "");
    ban.description = Some("Bans the requested member from the requested group.".into());
    ban.path = Some("/GroupV2/{groupId}/Members/{membershipId}/Ban/");
    assert!(said(&ban)
        .iter()
        .all(|(hint, value, _)| (*hint, *value) != (HintKind::Destructive, false)));
    let mut unban = facts(&post, "GroupV2.UnbanMember", "");
    unban.description = Some("Unbans the requested member.".into());
    unban.path = Some("/GroupV2/{groupId}/Members/{membershipId}/Unban/");
    assert!(said(&unban)
        .iter()
        .any(|(hint, value, _)| (*hint, *value) == (HintKind::Destructive, false)));
}

/// Where every method is a POST, a method named by a noun is a getter: with a read verb
/// it is read-only. Elsewhere a POST to a plural noun adds to a collection.
#[test]
fn in_an_all_post_api_a_method_named_by_a_noun_reads() {
    let post = Method::Post;
    let mut info = facts(&post, "", "");
    info.description = Some("Return more detailed information about a single sender.".into());
    info.path = Some("/senders/info.json");
    assert_eq!(said(&info), [(HintKind::ReadOnly, true, Confidence::Low)]);
    info.only_posts = true;
    assert_eq!(said(&info), [(HintKind::ReadOnly, true, Confidence::High)]);
    // Against a word that acts, the noun says nothing: a POST claimed read-only whose
    // description deletes is corrected.
    let mut claimed = facts(&post, "", "");
    claimed.description = Some("Deletes a sender.".into());
    claimed.path = Some("/senders/info.json");
    claimed.only_posts = true;
    let mut read_only = Hints::infer(&post);
    read_only.set(
        HintKind::ReadOnly,
        true,
        super::super::HintSource::Override,
        String::new(),
    );
    let suggestions = judge(&claimed, &read(&claimed), &read_only);
    assert_eq!(
        (
            suggestions[0].hint,
            suggestions[0].value,
            suggestions[0].confidence
        ),
        (HintKind::ReadOnly, false, Confidence::Medium)
    );
    // Plain words none of which is a verb name a getter too, known nouns or not.
    let mut url_info = facts(&post, "", "");
    url_info.description =
        Some("Parse, analyze and retrieve content from the supplied URL.".into());
    url_info.path = Some("/url-info");
    url_info.only_posts = true;
    assert_eq!(
        said(&url_info),
        [(HintKind::ReadOnly, true, Confidence::High)]
    );
    // A noun that names an act does it: `/user/deletion` deletes the user.
    for (path, getter) in [
        ("/v1/user/deletion", false),
        ("/v1/key/rotation", false),
        ("/v1/ConnectionDetails", true),
    ] {
        let mut act = facts(&post, "", "");
        act.description = Some("Returns the ID of the job in the body.".into());
        act.path = Some(path);
        act.only_posts = true;
        let high = said(&act).contains(&(HintKind::ReadOnly, true, Confidence::High));
        assert_eq!(high, getter, "{path}");
    }
    // Not a plain word: a verb the reader lacks may be there.
    let mut receive = facts(&post, "", "Retrieves one or more messages.");
    receive.path = Some("/#X-Amz-Target=AmazonSQS.ReceiveMessage");
    receive.only_posts = true;
    assert_eq!(
        said(&receive),
        [(HintKind::ReadOnly, true, Confidence::Low)]
    );
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

/// A manifest's tool says its body is a list of changes by its media type, or by the
/// argument it sends whole being an array; an object body is values.
#[test]
fn a_manifest_tool_says_its_body_is_a_list_of_changes() {
    let tool = |media_type: &str, body: serde_json::Value| {
        serde_json::json!({"name": "a", "inputSchema": {"type": "object",
            "properties": {"body": body}},
            "_meta": {"openapi2mcp/http": {"method": "PATCH", "path": "/a/{id}",
                "bodyMediaType": media_type, "params": {"body": {"in": "body"}}}}})
    };
    let manifest = serde_json::json!({"tools": [
        tool("application/json-patch+json", serde_json::json!({"type": "object"})),
        tool("application/json", serde_json::json!({"type": "array"})),
        tool("application/json", serde_json::json!({"type": "object"})),
        tool("application/json", serde_json::json!({"$ref": "#/$defs/Patch"})),
    ]});
    let mut manifest = manifest;
    manifest["tools"][3]["inputSchema"]["$defs"] = serde_json::json!({"Patch": {"type": "array"}});
    let manifest = crate::manifest::read(&manifest, "m.json").unwrap();
    let lists: Vec<bool> = manifest
        .tools
        .iter()
        .map(|tool| Facts::of_tool(tool, "/tools/0", false).change_list)
        .collect();
    assert_eq!(lists, [true, true, false, true]);
}

/// A manifest's tool is read as its operation is: a required `mode` that dispatches a
/// write, an amount taken, a title that is only the route.
#[test]
fn a_manifest_tool_dispatches_takes_amounts_and_names_its_route() {
    let manifest = serde_json::json!({"tools": [
        {"name": "api", "title": "GET /api", "inputSchema": {"type": "object",
            "properties": {"mode": {"type": "string", "enum": ["queue", "shutdown"]}},
            "required": ["mode"]},
         "_meta": {"openapi2mcp/http": {"method": "GET", "path": "/api",
            "params": {"mode": {"in": "query", "name": "mode"}}}}},
        {"name": "close", "inputSchema": {"type": "object",
            "properties": {"qty": {"type": "number"}}},
         "_meta": {"openapi2mcp/http": {"method": "DELETE", "path": "/positions/{symbol}",
            "params": {"qty": {"in": "query", "name": "qty"}}}}},
    ]});
    let manifest = crate::manifest::read(&manifest, "m.json").unwrap();
    let api = Facts::of_tool(&manifest.tools[0], "/tools/0", false);
    assert_eq!(api.acting_flag, Some("mode"));
    assert_eq!(api.summary, None);
    let close = Facts::of_tool(&manifest.tools[1], "/tools/1", false);
    assert_eq!(close.amount, Some("qty"));
}

/// A call is given nothing of its own when it takes only the path's parameters and
/// headers, from a spec as from a manifest.
#[test]
fn a_call_given_only_its_path_and_headers_is_given_nothing() {
    let spec = r#"{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {
      "/a/{id}": {"put": {"parameters": [{"name": "id", "in": "path", "required": true},
          {"name": "X-Auth", "in": "header"}],
        "responses": {"200": {"description": "ok"}}}},
      "/b/{id}": {"put": {"parameters": [{"name": "id", "in": "path", "required": true},
          {"name": "on", "in": "query"}],
        "responses": {"200": {"description": "ok"}}}},
      "/c/{id}": {"put": {"parameters": [{"name": "id", "in": "path", "required": true}],
        "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}},
        "responses": {"200": {"description": "ok"}}}}}}"#;
    let given_nothing = of_each_operation(spec, |facts| facts.given_nothing);
    assert_eq!(given_nothing, [true, false, false]);
    let tool = |params: serde_json::Value| {
        serde_json::json!({"name": "a", "inputSchema": {"type": "object"},
         "_meta": {"openapi2mcp/http": {"method": "PUT", "path": "/a/{id}", "params": params}}})
    };
    let manifest = serde_json::json!({"tools": [
        tool(serde_json::json!({"id": {"in": "path", "name": "id"}})),
        tool(serde_json::json!({"id": {"in": "path", "name": "id"}, "on": {"in": "body", "name": "on"}})),
    ]});
    let manifest = crate::manifest::read(&manifest, "m.json").unwrap();
    let given_nothing: Vec<bool> = (manifest.tools.iter())
        .map(|tool| Facts::of_tool(tool, "/tools/0", false).given_nothing)
        .collect();
    assert_eq!(given_nothing, [true, false]);
}

/// A manifest's tool carries a batch of requests when an argument is an array of objects
/// with a method and a path, its items inline or in the tool's `$defs`.
#[test]
fn a_manifest_tool_carries_a_batch_of_requests() {
    let request = serde_json::json!({"type": "object",
        "properties": {"method": {"type": "string"}, "path": {"type": "string"}}});
    let tool = |operations: serde_json::Value| {
        serde_json::json!({"name": "batch", "inputSchema": {"type": "object",
            "properties": {"operations": operations}, "$defs": {"Request": request}},
         "_meta": {"openapi2mcp/http": {"method": "POST", "path": "/batches",
            "params": {"operations": {"in": "body", "name": "operations"}}}}})
    };
    let manifest = serde_json::json!({"tools": [
        tool(serde_json::json!({"type": "array", "items": request})),
        tool(serde_json::json!({"type": "array", "items": {"$ref": "#/$defs/Request"}})),
        tool(serde_json::json!({"type": "array", "items": {"type": "string"}})),
    ]});
    let manifest = crate::manifest::read(&manifest, "m.json").unwrap();
    let batches: Vec<bool> = (manifest.tools.iter())
        .map(|tool| Facts::of_tool(tool, "/tools/0", false).carries_requests)
        .collect();
    assert_eq!(batches, [true, true, false]);
}

/// What a runner carries out decides: an analysis reads, a restart acts.
#[test]
fn performing_an_analysis_reads() {
    let post = Method::Post;
    let verbs = |summary| {
        let evidence = read(&facts(&post, "", summary));
        evidence.into_iter().map(|e| e.says).collect::<Vec<_>>()
    };
    let analysis = verbs("Performs sentiment analysis on the given document");
    assert_eq!(analysis, [Says::Verb(Verb::Read)]);
    let restart = verbs("Performs a restart of the server");
    assert_eq!(restart, [Says::Verb(Verb::Repeat)]);
}

/// Running a query reads: "Executes a query and returns a paginated response".
#[test]
fn running_a_query_reads() {
    let post = Method::Post;
    let query = facts(
        &post,
        "getUrls",
        "Executes a query and returns a paginated response",
    );
    assert_eq!(said(&query), [(HintKind::ReadOnly, true, Confidence::High)]);
    let job = facts(&post, "runJob", "Executes a job");
    assert!(!said(&job)
        .iter()
        .any(|(hint, value, _)| *hint == HintKind::ReadOnly && *value));
    // A query language that takes mutations, or one whose results are held, writes.
    for description in [
        "Send a GraphQL document. Mutations are supported for orders.",
        "Returned rooms are held for the session for 10 minutes.",
    ] {
        let mut query = facts(&post, "getUrls", "Executes a query");
        query.description = Some(description.into());
        assert!(!said(&query).contains(&(HintKind::ReadOnly, true, Confidence::High)));
    }
}

/// "Search" opening the summary of a POST reads, with nothing else to say so (weighing as
/// a phrase); in a name it is one piece, and a verb that acts after "and" ("Search and
/// replace") says the call acts too.
#[test]
fn a_search_reads() {
    let post = Method::Post;
    let read_only = (HintKind::ReadOnly, true, Confidence::High);
    let mut search = facts(&post, "", "Search topups transactions");
    search.path = Some("/iatu/topups/reports");
    assert_eq!(said(&search), [read_only]);
    let described = Facts {
        summary: None,
        description: Some("Searches the transactions by date.".into()),
        ..search.clone()
    };
    assert_eq!(said(&described), [read_only]);
    for (name, summary) in [
        ("searchTransactions", ""),
        ("", "Search and replace text in the documents"),
        ("", "Searches and deletes matching records"),
    ] {
        let mut other = facts(&post, name, summary);
        other.path = Some("/transactions/reports");
        assert!(!said(&other).contains(&read_only), "{name} {summary}");
    }
    // A path whose last segment is `search` is a search endpoint, whatever the summary's
    // opening; a collection of saved searches, or search jobs, is not.
    let mut endpoint = facts(&post, "", "Batch operation for search through journals");
    endpoint.path = Some("/journals/search");
    assert_eq!(said(&endpoint), [read_only]);
    for path in ["/searches", "/search/jobs", "/files/search-and-delete"] {
        let mut saved = facts(&post, "", "Batch operation for searches");
        saved.path = Some(path);
        assert!(!said(&saved).contains(&read_only), "{path}");
    }
    // On a GET, the same "and" leaves the read in doubt (shown, and kept out of
    // `--read-only`), never settled either way.
    let get = Method::Get;
    let lock = facts(&get, "", "Get and lock the record");
    let unsure = (HintKind::ReadOnly, false, Confidence::Low);
    assert_eq!(said(&lock), [unsure]);
}

/// A relation is added to or removed from something the path names: removing a label from
/// a conversation loses nothing, deleting one of the user's labels deletes it; adding a
/// member to a group adds to a set, creating a member makes one.
#[test]
fn a_relation_belongs_to_what_the_path_names() {
    let delete = Method::Delete;
    let not_destructive = (HintKind::Destructive, false, Confidence::Medium);
    let mut unassign = facts(
        &delete,
        "unassignLabel",
        "Removes a label from a conversation",
    );
    unassign.path = Some("/conversations/{convId}/label/{labelId}");
    assert!(said(&unassign).contains(&not_destructive));
    let mut own = facts(&delete, "removeLabel", "Remove a user label");
    own.path = Some("/users/labels/{labelId}");
    assert!(!said(&own).contains(&not_destructive), "{:?}", said(&own));

    let post = Method::Post;
    let adds = (HintKind::Idempotent, true, Confidence::Medium);
    let mut add = facts(&post, "addParticipants", "Adds participants to a group");
    add.path = Some("/groups/{groupId}/participants");
    assert!(said(&add).contains(&adds), "{:?}", said(&add));
    let mut create = facts(&post, "createMember", "Create a new member");
    create.path = Some("/members");
    assert!(!said(&create).contains(&adds), "{:?}", said(&create));
}

/// A token endpoint issues a credential: "Retrieve an access token" makes one, as does
/// "Get Docker Credentials", and any call that takes OAuth's `grant_type`, a GET too.
/// Listing tokens reads.
#[test]
fn getting_an_access_token_mints_one() {
    let post = Method::Post;
    let read_only = |said: &[(HintKind, bool, Confidence)]| {
        said.iter()
            .any(|(hint, value, _)| *hint == HintKind::ReadOnly && *value)
    };
    let token = facts(&post, "get_access_token", "Retrieve an access token");
    assert!(!read_only(&said(&token)), "{:?}", said(&token));
    let evidence = read(&token);
    assert!(
        evidence
            .iter()
            .any(|e| e.seen == "Retrieve an access token" && e.says == Says::Verb(Verb::Create)),
        "{evidence:?}"
    );
    let list = facts(&post, "list_tokens", "Retrieve a list of auth tokens");
    assert!(read_only(&said(&list)), "{:?}", said(&list));

    let get = Method::Get;
    let mut grant = facts(&get, "token", "Get a token");
    grant.grant = Some("grant_type");
    assert!(said(&grant).contains(&(HintKind::ReadOnly, false, Confidence::High)));
    // Credentials got are issued too: a GET of Docker credentials mints them.
    let credentials = facts(
        &get,
        "registries_get_dockerCredentials",
        "Get Docker Credentials By Registry Name",
    );
    assert!(!read_only(&said(&credentials)), "{:?}", said(&credentials));
    // So is a new one, whatever it is called (attack round 16); the one in use is read.
    for summary in ["Get a new session ID", "Fetch a new API key"] {
        let new = facts(&get, "", summary);
        assert!(
            said(&new).contains(&(HintKind::ReadOnly, false, Confidence::High)),
            "{summary}: {:?}",
            said(&new)
        );
    }
    let current = facts(&get, "", "Get the session ID");
    assert!(!said(&current).iter().any(|(_, value, _)| !value));
    // A token named by what it is for is issued (attack round 17); one counted, listed
    // or named by an article is read.
    for (name, summary) in [
        ("", "Get a runner registration token"),
        ("", "Get an embed token"),
        ("GetFederationToken", ""),
    ] {
        assert!(
            !read_only(&said(&facts(&post, name, summary))),
            "{name}{summary}"
        );
    }
    for summary in [
        "Get input token counts",
        "Retrieve a token",
        "Get all tokens",
    ] {
        assert!(
            !read(&facts(&get, "", summary))
                .iter()
                .any(|e| e.says == Says::Verb(Verb::Create)),
            "{summary}"
        );
    }
}

/// Two words that make one name are read as one: an autocomplete completes nothing, an
/// OpenSearch endpoint opens nothing. Validating an access token checks one.
#[test]
fn compound_names_and_checked_tokens_read() {
    assert_eq!(
        name_words("recipe_auto_complete", None),
        ["recipe", "autocomplete"]
    );
    assert_eq!(name_words("open_search", None), ["opensearch"]);
    let post = Method::Post;
    let validate = facts(&post, "validate_access_token", "Validate an access token");
    assert_eq!(
        said(&validate),
        [(HintKind::ReadOnly, true, Confidence::High)]
    );
}

/// What `of` makes of each operation's facts in the spec `json`, in document order.
fn of_each_operation<T>(json: &str, of: impl Fn(&Facts<'_>) -> T) -> Vec<T> {
    let spec = crate::load::load_bytes("t.json", json.as_bytes().to_vec()).unwrap();
    let mut made = Vec::new();
    crate::model::read(&spec)
        .unwrap()
        .operations(&mut |operation| {
            let operation = operation?;
            made.push(of(&Facts::of_operation(&operation)));
            Ok(())
        })
        .unwrap();
    made
}

/// A spec's body is a list of changes when its schema is an array behind a reference (a
/// `JsonPatchDocument` defined as an array of operations), as when it is one in place.
#[test]
fn a_body_behind_a_reference_is_a_list_of_changes() {
    let spec = r##"{"swagger": "2.0", "info": {"title": "t", "version": "1"},
        "definitions": {"Patch": {"type": "array", "items": {"type": "object"}},
                        "Room": {"type": "object"}},
        "paths": {"/rooms/{id}": {
            "patch": {"parameters": [{"in": "body", "name": "b", "schema": {"$ref": "#/definitions/Patch"}}],
                      "responses": {"200": {"description": "ok"}}},
            "put": {"parameters": [{"in": "body", "name": "b", "schema": {"$ref": "#/definitions/Room"}}],
                    "responses": {"200": {"description": "ok"}}}}}}"##;
    let lists = of_each_operation(spec, |facts| (facts.method.cloned(), facts.change_list));
    assert!(lists.contains(&(Some(Method::Patch), true)), "{lists:?}");
    assert!(lists.contains(&(Some(Method::Put), false)), "{lists:?}");
    // So is an `allOf` of one such, and OpenAPI 3.1's array that may be null.
    let spec = r##"{"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
        "components": {"schemas": {"Patch": {"type": ["array", "null"], "items": {}}}},
        "paths": {"/rooms/{id}": {"patch": {"requestBody": {"content": {"application/json":
            {"schema": {"allOf": [{"$ref": "#/components/schemas/Patch"}], "description": "d"}}}},
            "responses": {"200": {"description": "ok"}}}}}}"##;
    assert_eq!(of_each_operation(spec, |facts| facts.change_list), [true]);
    // A schema that is an `allOf` of itself is no array, and no endless walk.
    let spec = r##"{"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
        "components": {"schemas": {"Loop": {"allOf": [{"$ref": "#/components/schemas/Loop"}]}}},
        "paths": {"/rooms/{id}": {"patch": {"requestBody": {"content": {"application/json":
            {"schema": {"$ref": "#/components/schemas/Loop"}}}},
            "responses": {"200": {"description": "ok"}}}}}}"##;
    assert_eq!(of_each_operation(spec, |facts| facts.change_list), [false]);
}

/// A description in HTML is read as its words, as the tool's description gives them: `<p>`
/// is no verb opening "This service retrieves ...".
#[test]
fn a_description_in_html_is_read_as_its_words() {
    let spec = r#"{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {
      "/location/{code}": {"get": {"summary": "Location Information",
        "description": "<p>This service retrieves the location of a code.</p>",
        "responses": {"200": {"description": "ok"}}}}}}"#;
    let said = of_each_operation(spec, said);
    assert_eq!(said, [vec![]]);
    // Nor does inline HTML hide a sentence that acts: a tag, a comment, a link.
    let spec = r#"{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {
      "/a": {"get": {"summary": "List items", "description": "Returns the items; <b>deletes</b> the old ones.",
        "responses": {"200": {"description": "ok"}}}},
      "/b": {"get": {"summary": "List items", "description": "Returns the items.<!-- x -->Deletes the old ones.",
        "responses": {"200": {"description": "ok"}}}},
      "/c": {"get": {"summary": "List items", "description": "Returns the items. <a href='x'>Deletes</a> the old ones.",
        "responses": {"200": {"description": "ok"}}}},
      "/d": {"get": {"summary": "List items", "description": "Returns the items & deletes the old ones.",
        "responses": {"200": {"description": "ok"}}}}}}"#;
    let acts = of_each_operation(spec, |facts| a_sentence_acts(&read(facts)).is_some());
    assert_eq!(acts, [true, true, true, true]);
    // A `<` that opens no tag swallows nothing: the text as written is read too. A summary
    // is read so as well.
    let spec = r#"{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {
      "/a": {"get": {"summary": "List items", "description": "Returns items where a<b. Deletes expired items.",
        "responses": {"200": {"description": "ok"}}}},
      "/b": {"get": {"summary": "<b>Delete</b> users", "responses": {"200": {"description": "ok"}}}}}}"#;
    let acts = of_each_operation(spec, |facts| {
        let evidence = read(facts);
        let hints = Hints::infer(facts.method.unwrap());
        let suggested = judge(facts, &evidence, &hints);
        a_sentence_acts(&evidence).is_some()
            || suggested
                .iter()
                .any(|s| s.hint == HintKind::ReadOnly && !s.value && s.is_suggested())
    });
    assert_eq!(acts, [true, true]);
}

/// An operation's `grant_type` is found wherever it is declared: a query parameter, a form
/// field, a JSON body's property.
#[test]
fn grant_type_is_found_in_parameters_and_bodies() {
    let spec = r#"{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {
      "/a": {"get": {"parameters": [{"name": "grant_type", "in": "query",
        "schema": {"type": "string"}}], "responses": {"200": {"description": "ok"}}}},
      "/b": {"post": {"requestBody": {"content": {"application/x-www-form-urlencoded": {
        "schema": {"type": "object", "properties": {"grant_type": {"type": "string"}}}}}},
        "responses": {"200": {"description": "ok"}}}},
      "/c": {"post": {"requestBody": {"content": {"application/json": {
        "schema": {"type": "object", "properties": {"name": {"type": "string"}}}}}},
        "responses": {"200": {"description": "ok"}}}}}}"#;
    let grants: Vec<Option<String>> =
        of_each_operation(spec, |facts| facts.grant.map(str::to_string));
    let grant = Some("grant_type".to_string());
    assert_eq!(grants, [grant.clone(), grant, None]);
}

/// A GET that takes the client's own secret (`consumer_secret`) at a path that names a
/// token is a token endpoint: it issues a credential whatever its words say ("get token").
/// Elsewhere the secret is a login (`/apps.uninstall`).
#[test]
fn a_client_secret_asks_for_a_credential() {
    let spec = r#"{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {
      "/token": {"get": {"summary": "get token", "parameters": [
        {"name": "consumer_key", "in": "query", "schema": {"type": "string"}},
        {"name": "consumer_secret", "in": "query", "schema": {"type": "string"}}],
        "responses": {"200": {"description": "ok"}}}},
      "/apps.info": {"get": {"parameters": [
        {"name": "client_secret", "in": "query", "schema": {"type": "string"}}],
        "responses": {"200": {"description": "ok"}}}}}}"#;
    let said_of = of_each_operation(spec, |facts| (facts.grant.map(str::to_string), said(facts)));
    let acts = (HintKind::ReadOnly, false, Confidence::High);
    assert_eq!(said_of[0].0.as_deref(), Some("consumer_secret"));
    assert!(said_of[0].1.contains(&acts), "{said_of:?}");
    assert_eq!(said_of[1].0, None);
}

/// A GET of credentials that takes how long they last (`expiry_seconds`) issues them,
/// beside the others: it acts, overwriting nothing. A GET of credentials without one, or an
/// expiry elsewhere, says nothing of the kind.
#[test]
fn a_lifetime_for_credentials_asks_for_new_ones() {
    let spec = r#"{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {
      "/clusters/{id}/credentials": {"get": {"summary": "Retrieve credentials",
        "parameters": [
        {"name": "expiry_seconds", "in": "query", "schema": {"type": "integer"}}],
        "responses": {"200": {"description": "ok"}}}},
      "/credentials": {"get": {"summary": "List credentials",
        "responses": {"200": {"description": "ok"}}}},
      "/links": {"get": {"summary": "List links", "parameters": [
        {"name": "expires", "in": "query", "schema": {"type": "string"}}],
        "responses": {"200": {"description": "ok"}}}}}}"#;
    let said_of = of_each_operation(spec, |facts| (facts.grant.map(str::to_string), said(facts)));
    let acts = (HintKind::ReadOnly, false, Confidence::High);
    assert_eq!(said_of[0].0.as_deref(), Some("expiry_seconds"));
    assert!(said_of[0].1.contains(&acts), "{said_of:?}");
    let adds = (HintKind::Destructive, false, Confidence::High);
    assert!(said_of[0].1.contains(&adds), "{said_of:?}");
    assert_eq!((said_of[1].0.clone(), said_of[2].0.clone()), (None, None));
}

/// Converting or rendering what a GET is given computes an answer: "Convert a price to or
/// from VAT price" reads.
#[test]
fn a_get_that_converts_reads() {
    let get = Method::Get;
    assert_eq!(said(&facts(&get, "convert_price", "Convert a price")), []);
    assert_eq!(said(&facts(&get, "", "Render the formula")), []);
}

/// A summary that is only a title gives way to the description's first sentence when that
/// says the operation acts, never when it says it reads; the sentence's subject ("This
/// endpoint", "It") and a modal are not its verb, and what it takes ("Method accepts a
/// query") or is ("It is slow") is not what it does.
#[test]
fn a_title_gives_way_to_the_descriptions_verb_when_it_acts() {
    let get = Method::Get;
    let acts = [(HintKind::ReadOnly, false, Confidence::Medium)];
    let mut titled = facts(&get, "machine_translation", "Machine translation");
    assert!(said(&titled).is_empty());
    for description in [
        "This endpoint deletes the translation memory. It is slow.",
        "It will delete the translation memory.",
    ] {
        titled.description = Some(description.into());
        assert_eq!(said(&titled), acts, "{description}");
    }
    for description in [
        "Method accepts a JSON array of search queries.",
        "It will accept a list of words.",
        "It is slow.",
    ] {
        titled.description = Some(description.into());
        assert!(said(&titled).is_empty(), "{description}");
    }
    // A summary with a verb, or an imperative whose verb is unknown, keeps its place.
    let mut fetch = facts(&get, "machine_translation", "Fetch a translation");
    fetch.description = Some("Deletes nothing.".into());
    assert!(said(&fetch).is_empty());
    let mut imperative = facts(&get, "cache", "Flush the cache");
    imperative.description = Some("Returns the cache's size.".into());
    assert_eq!(said(&imperative), acts);
    // A description that reads never stands in for a title: it would look safer (and let
    // `--read-only` keep a GET on it).
    let mut flush = facts(&get, "", "Cache flush");
    flush.description = Some("Returns the cache's new size.".into());
    assert!(!says_it_reads(&read(&flush)));
    // The title's own "or replace" still counts when the description is read.
    let mut upsert = facts(&Method::Post, "widget", "Widget create or replace");
    upsert.description = Some("Creates a widget.".into());
    assert_eq!(
        said(&upsert),
        [(HintKind::Idempotent, true, Confidence::Medium)]
    );
    // A cleanup removes what was made: running one is no harmless addition.
    let mut cleanup = facts(
        &Method::Post,
        "Items_TestFailoverCleanup",
        "Execute test cleanup",
    );
    cleanup.path = Some("/items/{id}/testFailoverCleanup");
    assert!(said(&cleanup).is_empty(), "{:?}", said(&cleanup));
}

/// A PUT that adds something "to" something at a URI that names a member of a set ("Add
/// app to a policy" at `/policies/{policy}/apps/{app}`) puts the member into the set, as
/// adding a known relation does ("Add collaborator."): adding it loses nothing. A PUT at a
/// URI of its own, or to a whole collection, may replace what is there; "Add/Update" may
/// overwrite; a POST that adds "to" something makes a new thing each time.
#[test]
fn a_put_that_adds_a_member_is_not_destructive() {
    let put = Method::Put;
    let not_destructive = (HintKind::Destructive, false, Confidence::Medium);
    let mut to = facts(&put, "", "Add app to an AndroidMAMPolicy.");
    to.path = Some("/androidPolicies/{policyName}/apps/{appName}");
    assert!(said(&to).contains(&not_destructive));
    let mut relation = facts(&put, "", "Add collaborator.");
    relation.path = Some("/repos/{owner}/{repo}/collaborators/{user}");
    assert!(said(&relation).contains(&not_destructive));
    let safer = |facts: &Facts<'_>| {
        said(facts)
            .into_iter()
            .find(|&(hint, value, _)| hint == HintKind::Destructive && !value)
    };
    for (method, name, summary, path) in [
        (&put, "", "Add collaborator.", "/collaborators/{user}"),
        (&put, "", "Add group.", "/policies/{policy}/groups/{group}"),
        (&put, "", "Add assets to a board.", "/boards/{board}/assets"),
        (
            &put,
            "addFile",
            "Add a file to the bucket.",
            "/{bucket}/{key}",
        ),
        (
            &put,
            "",
            "Upload a file to a folder.",
            "/folders/{id}/files/{name}",
        ),
        (
            &put,
            "",
            "Add/Update a member to a project.",
            "/projects/{id}/members/{user}",
        ),
        (
            &put,
            "",
            "Add a rule that lets traffic through to a host.",
            "/hosts/{id}/rules/{rule}",
        ),
        (
            &Method::Patch,
            "",
            "Add a note.",
            "/users/{id}/notes/{note}",
        ),
    ] {
        let mut other = facts(method, name, summary);
        other.path = Some(path);
        assert_eq!(safer(&other), None, "{summary} {path}");
    }
    // A 201 with the name's and the opening's "add": still no member of a set.
    let mut file = facts(&put, "addFile", "Add a file to the bucket.");
    file.path = Some("/{bucket}/{key}");
    file.statuses = vec!["200", "201"];
    assert_eq!(safer(&file), None);
    let mut post = facts(&Method::Post, "", "Add a message to the conversation.");
    post.path = Some("/conversations/{id}/messages");
    assert!(!said(&post).contains(&(HintKind::Idempotent, true, Confidence::Medium)));
}

/// A POST that says what its path's GET says is that query taken with a body: it backs a
/// reading word, and never reads alone or against a word that acts (the GET may act too).
#[test]
fn a_post_that_repeats_its_get_backs_a_reading_word() {
    let post = Method::Post;
    let mut query = facts(&post, "", "Water Facility Search Service");
    query.path = Some("/cwa_rest_services.get_facilities");
    assert_eq!(said(&query), [(HintKind::ReadOnly, true, Confidence::Low)]);
    query.repeats_its_get = Some((
        "Water Facility Search Service",
        "/paths/~1cwa_rest_services.get_facilities/get",
    ));
    let suggestions = judge(&query, &read(&query), &Hints::infer(&post));
    assert_eq!(
        (
            suggestions[0].hint,
            suggestions[0].value,
            suggestions[0].confidence
        ),
        (HintKind::ReadOnly, true, Confidence::High)
    );
    let its_get = suggestions[0]
        .evidence
        .iter()
        .find(|e| e.source == Source::ItsGet);
    assert_eq!(
        its_get.map(|e| (e.describe(), e.at.as_str())),
        Some((
            "the path's GET 'Water Facility Search Service'".to_string(),
            "/paths/~1cwa_rest_services.get_facilities/get"
        ))
    );
    // Alone it says nothing; against a word that acts, nothing either.
    let mut favourites = facts(&post, "", "Favourite Tracks or Clips");
    favourites.path = Some("/my/music/favourites");
    favourites.repeats_its_get = Some(("Favourite Tracks or Clips", "/paths/~1f/get"));
    assert!(said(&favourites)
        .iter()
        .all(|(hint, value, _)| !(*hint == HintKind::ReadOnly && *value)));
    // A summary that reads, repeated by the GET, is said of a read: the GET's method is the
    // second place ("Performs sentiment analysis on the given document", by GET and by
    // POST); but not at a collection, where REST makes a POST add; and a sentence of them
    // that acts ("Creates a quote and reserves the inventory") says nothing reads.
    let mut analysis = facts(
        &post,
        "",
        "Performs sentiment analysis on the given document",
    );
    analysis.path = Some("/s1/sentiment");
    assert_eq!(
        said(&analysis),
        [(HintKind::ReadOnly, true, Confidence::Low)]
    );
    analysis.repeats_its_get = Some((
        "Performs sentiment analysis on the given document",
        "/paths/~1s1~1sentiment/get",
    ));
    assert_eq!(
        said(&analysis),
        [(HintKind::ReadOnly, true, Confidence::High)]
    );
    // A plural RPC method is no REST collection.
    let mut lookup = facts(&post, "", "ECHO CWA Pollutants Lookup Service");
    lookup.path = Some("/rest_lookups.cwa_pollutants");
    lookup.repeats_its_get = Some(("ECHO CWA Pollutants Lookup Service", "/paths/~1l/get"));
    assert_eq!(
        said(&lookup),
        [(HintKind::ReadOnly, true, Confidence::High)]
    );
    let mut quote = facts(&post, "", "Get a quote");
    quote.path = Some("/quotes");
    quote.repeats_its_get = Some(("Get a quote", "/paths/~1quotes/get"));
    let reads_high = |said: Vec<(HintKind, bool, Confidence)>| {
        said.contains(&(HintKind::ReadOnly, true, Confidence::High))
            || said.contains(&(HintKind::ReadOnly, true, Confidence::Medium))
    };
    assert!(!reads_high(said(&quote)), "{:?}", said(&quote));
    let mut next = facts(&post, "", "");
    next.description = Some("The next message. It then deletes it from the queue.".into());
    next.path = Some("/queue.get_next");
    next.repeats_its_get = Some(("The next message.", "/paths/~1queue.get_next/get"));
    assert!(!reads_high(said(&next)), "{:?}", said(&next));
    let mut both = facts(&post, "", "Get and delete facilities");
    both.path = Some("/facilities.get_and_purge");
    both.repeats_its_get = Some(("Get and delete facilities", "/paths/~1f/get"));
    assert!(said(&both)
        .iter()
        .all(|(hint, value, confidence)| !(*hint == HintKind::ReadOnly
            && *value
            && *confidence > Confidence::Low)));
}

/// Springfox lists `201 Created` beside `401 Unauthorized`, `403 Forbidden` and `404 Not
/// Found` on every POST it does not describe: that 201 says nothing is made, so an analysis
/// that repeats its GET reads. A boolean asking to store what is sent (`storePicture`) says
/// the call may keep it; a `storeId` string names a store.
#[test]
fn a_generators_default_201_says_nothing_and_a_store_flag_keeps() {
    let analysis = |created: &str, flag: &str, flag_type: &str| {
        format!(
            r#"{{"swagger": "2.0", "info": {{"title": "t", "version": "1"}}, "paths": {{
          "/s1/sentiment": {{
            "get": {{"summary": "Performs sentiment analysis on the given document",
              "responses": {{"200": {{"description": "ok"}}}}}},
            "post": {{"summary": "Performs sentiment analysis on the given document",
              "parameters": [{{"name": "{flag}", "in": "query", "type": "{flag_type}"}}],
              "responses": {{"200": {{"description": "ok"}}, "201": {{"description": "{created}"}},
                "401": {{"description": "Unauthorized"}}, "403": {{"description": "Forbidden"}},
                "404": {{"description": "Not Found"}}}}}}}}}}}}"#
        )
    };
    let reads = (HintKind::ReadOnly, true, Confidence::High);
    let post_said = |spec: String| of_each_operation(&spec, said).remove(1);
    assert_eq!(post_said(analysis("Created", "storeId", "string")), [reads]);
    // A 201 that says more is a 201: something is made.
    assert!(!post_said(analysis("Analysis stored", "storeId", "string")).contains(&reads));
    // Asked to store the picture, the call may keep it.
    let stored = analysis("Created", "storePicture", "boolean");
    assert!(!post_said(stored.clone()).contains(&reads));
    let evidence = of_each_operation(&stored, read).remove(1);
    assert!(evidence
        .iter()
        .any(|e| e.says == Says::ActingFlag && e.describe() == "parameter 'storePicture'"));
    assert!(!post_said(analysis("Created", "storePicture", "string")).is_empty());
}

/// A message sent adds one and changes nothing that exists: one verb that sends says the
/// call adds, at medium confidence. Running something may replace what is there: one such
/// verb says nothing.
#[test]
fn one_verb_that_sends_says_nothing_is_lost() {
    let post = Method::Post;
    let mut send = facts(&post, "", "Send a cart for the given site");
    send.path = Some("/{siteId}/cart");
    assert_eq!(
        said(&send),
        [(HintKind::Destructive, false, Confidence::Medium)]
    );
    let mut run = facts(&post, "", "Run the deployment for the given site");
    run.path = Some("/{siteId}/deployment");
    assert!(!said(&run).contains(&(HintKind::Destructive, false, Confidence::Medium)));
}

/// Whether any suggestion makes the tool look safer than its method: read-only, not
/// destructive or idempotent, at medium confidence or above.
fn says_safer(said: &[(HintKind, bool, Confidence)]) -> bool {
    said.iter().any(|(hint, value, confidence)| {
        let safer = match hint {
            HintKind::ReadOnly | HintKind::Idempotent => *value,
            HintKind::Destructive => !*value,
            _ => false,
        };
        safer && *confidence >= Confidence::Medium
    })
}

/// Attack round 15: what made a tool look safer than it is, each now read.
#[test]
fn what_an_attack_round_made_look_safer_is_read() {
    let post = Method::Post;
    // A command or a script run on a machine may remove anything there.
    let mut run = facts(&post, "VirtualMachines_RunCommand", "");
    run.description = Some("Run command on the VM.".into());
    run.path = Some("/virtualMachines/{vmName}/runCommand");
    assert!(!says_safer(&said(&run)), "{:?}", said(&run));
    // A second verb after "or", or after "and then" further on, acts.
    for summary in [
        "Get or create a session",
        "Validates the configuration and then saves it",
        "Check out the cart",
        "Check in a guest",
    ] {
        let mut both = facts(&post, "", summary);
        both.path = Some("/v1/thing");
        both.repeats_its_get = Some((summary, "/paths/~1v1~1thing/get"));
        assert!(!says_safer(&said(&both)), "{summary}: {:?}", said(&both));
    }
    // Watching by a POST subscribes: a switch, not a read.
    let watch = facts(&post, "watchRepo", "Watch a repository");
    assert!(read(&watch)
        .iter()
        .all(|e| e.says != Says::Verb(Verb::Read)));
    // Completing a checkout the description says charges a card invites no retry.
    let mut checkout = facts(&post, "", "Complete an order");
    checkout.description = Some("Charges the customer's card on file.".into());
    checkout.path = Some("/orders/{id}/complete");
    assert!(!said(&checkout).contains(&(HintKind::Idempotent, true, Confidence::Medium)));
    // Passive words that something is overwritten say destructive.
    let mut upsert = facts(&post, "createContact", "Create a contact");
    upsert.description = Some("If the email already exists, its fields are overwritten.".into());
    upsert.path = Some("/contacts");
    upsert.statuses = vec!["201"];
    assert!(!says_safer(&said(&upsert)), "{:?}", said(&upsert));
}

/// A POST that repeats its GET's summary is not that query where its description says
/// something is kept, or at a collection with a format (`/quotes.json`).
#[test]
fn a_post_that_says_it_keeps_is_not_its_gets_query() {
    let post = Method::Post;
    let quote = |path: &'static str, description: &'static str| {
        let mut quote = facts(&post, "", "Get a shipping quote");
        quote.path = Some(path);
        quote.description = (!description.is_empty()).then(|| description.into());
        quote.repeats_its_get = Some(("Get a shipping quote", "/paths/~1quote/get"));
        said(&quote)
    };
    let reads = (HintKind::ReadOnly, true, Confidence::High);
    assert_eq!(quote("/v1/quote", ""), [reads]);
    assert_eq!(quote("/v1/quote", "Nothing is stored."), [reads]);
    for description in [
        "A quote record is created and its id is returned.",
        "Quotes requested with POST are stored and can be accepted later.",
        "Returns a quote and reserves the inventory for 15 minutes.",
        "Returns a quote; the rate is locked for 24 hours.",
    ] {
        assert!(
            !says_safer(&quote("/v1/quote", description)),
            "{description}"
        );
    }
    assert!(!says_safer(&quote("/quotes.json", "")));
}

/// A flag to store what is sent is found behind a reference, in `allOf` and one object
/// down (`options.store`), and by any word of its name (`autoSave`, `X-Store`); a 201 with
/// a `Location` header is a real one, though Springfox's others stand beside it.
#[test]
fn flags_behind_references_and_a_201_with_a_header_are_read() {
    let spec = |body: &str, created: &str| {
        format!(
            r#"{{"openapi": "3.0.0", "info": {{"title": "t", "version": "1"}}, "paths": {{
          "/s1/summary": {{
            "get": {{"summary": "Summarize the given text", "responses": {{"200": {{"description": "ok"}}}}}},
            "post": {{"summary": "Summarize the given text",
              "requestBody": {{"content": {{"application/json": {{"schema": {body}}}}}}},
              "responses": {{"200": {{"description": "ok"}}, "201": {created},
                "401": {{"description": "Unauthorized"}}, "403": {{"description": "Forbidden"}},
                "404": {{"description": "Not Found"}}}}}}}}}},
          "components": {{"schemas": {{
            "Request": {{"type": "object", "properties": {{"store": {{"type": "boolean"}}}}}},
            "Base": {{"type": "object", "properties": {{"text": {{"type": "string"}}}}}}}}}}}}"#
        )
    };
    let bare = r#"{"description": "Created"}"#;
    let reads = (HintKind::ReadOnly, true, Confidence::High);
    let post_said = |spec: String| of_each_operation(&spec, said).remove(1);
    assert_eq!(
        post_said(spec(r##"{"$ref": "#/components/schemas/Base"}"##, bare)),
        [reads]
    );
    for body in [
        r##"{"$ref": "#/components/schemas/Request"}"##,
        r##"{"allOf": [{"$ref": "#/components/schemas/Base"}, {"$ref": "#/components/schemas/Request"}]}"##,
        r#"{"type": "object", "properties": {"options": {"type": "object", "properties": {"store": {"type": "boolean"}}}}}"#,
        r#"{"type": "object", "properties": {"autoSave": {"type": ["boolean", "null"]}}}"#,
    ] {
        assert!(!post_said(spec(body, bare)).contains(&reads), "{body}");
    }
    let located =
        r#"{"description": "Created", "headers": {"Location": {"schema": {"type": "string"}}}}"#;
    let base = r##"{"$ref": "#/components/schemas/Base"}"##;
    assert!(!post_said(spec(base, located)).contains(&reads));
}

/// What a GET exports is its answer: "export" says nothing there (a false name-implies-write
/// error on GitHub's `dependency-graph/export-sbom`), and a GET that starts an export job
/// still acts by its other words.
#[test]
fn what_a_get_exports_is_its_answer() {
    let get = Method::Get;
    let mut sbom = facts(
        &get,
        "dependency-graph/export-sbom",
        "Export a software bill of materials (SBOM) for a repository.",
    );
    sbom.description = Some("Exports the SBOM for a repository in SPDX JSON format.".into());
    assert!(read(&sbom).iter().all(|e| !matches!(e.says, Says::Verb(_))));
    assert_eq!(said(&sbom), []);
    let mut job = facts(&get, "exportReport", "Start a report export");
    job.description = Some("Starts an export job. Each call starts a new export.".into());
    assert!(said(&job).contains(&(HintKind::ReadOnly, false, Confidence::High)));
    // By a method that writes, exporting acts.
    let post = Method::Post;
    let export = facts(&post, "exportActivity", "Export activity history");
    assert!(read(&export)
        .iter()
        .any(|e| e.says == Says::Verb(Verb::Repeat)));
}

/// Round 15's reading GETs and the attack on the rules they led to: a scope that allows
/// deleting does not outweigh two different words that read ("Get" and `/list`), but one
/// word said twice does not outweigh it (`b2_get_upload_url` needs `writeFiles`). A GET's
/// "export" hides no verb after it, and one "to" somewhere acts. Shortening a link makes one.
#[test]
fn reading_gets_of_round_15_are_kept() {
    let get = Method::Get;
    let mut list = facts(&get, "", "Get a list of all packages");
    list.path = Some("/action/package_list");
    list.scopes = vec!["delete_repo"];
    assert_eq!(said(&list), []);
    let mut upload = facts(&get, "b2_get_upload_url", "Get an upload URL");
    upload.scopes = vec!["writeFiles"];
    assert!(said(&upload).contains(&(HintKind::ReadOnly, false, Confidence::Low)));
    for (name, summary) in [
        ("exportLogs", "Export and purge audit logs"),
        ("exportAndDeleteLogs", ""),
        ("exportContacts", "Export contacts to Mailchimp"),
        ("exportReportToDrive", ""),
    ] {
        let export = facts(&get, name, summary);
        assert!(
            read(&export).iter().any(|e| e.says_acts()),
            "{name} {summary}: {:?}",
            read(&export)
        );
    }
    let shorten = facts(&get, "", "Shorten Link");
    assert!(said(&shorten).contains(&(HintKind::ReadOnly, false, Confidence::Medium)));
}

/// Attack round 74: a scope is never alone the evidence that a GET acts, and one that every
/// operation takes from the document (Meta's `ads_management`) says nothing of any one: a
/// GET that says "List" is kept. Where an operation declares its own, the document's still
/// weighs against a GET's one word.
#[test]
fn a_scope_the_whole_api_needs_says_nothing_of_one_operation() {
    let get = Method::Get;
    let mut wordless = facts(&get, "", "");
    wordless.scopes = vec!["ads_management"];
    assert_eq!(said(&wordless), []);
    let spec = |own: &str| {
        format!(
            r#"{{"openapi": "3.0.0", "info": {{"title": "t", "version": "1"}},
            "security": [{{"o": ["ads_management"]}}],
            "components": {{"securitySchemes": {{"o": {{"type": "oauth2", "flows": {{
              "clientCredentials": {{"tokenUrl": "https://x/t", "scopes": {{}}}}}}}}}}}},
            "paths": {{
              "/keywords": {{"get": {{"operationId": "listKeywords", "summary": "List keywords",
                "responses": {{"200": {{"description": "ok"}}}}}}}},
              "/campaigns": {{"post": {{"operationId": "createCampaign", {own}
                "responses": {{"201": {{"description": "ok"}}}}}}}}}}}}"#
        )
    };
    let shared = of_each_operation(&spec(""), said);
    assert_eq!(shared[0], []);
    // (Nor does one that repeats the document's, or needs none: a fresh reader's review.)
    for repeated in [
        r#""security": [{"o": ["ads_management"]}],"#,
        r#""security": [],"#,
    ] {
        assert_eq!(of_each_operation(&spec(repeated), said)[0], []);
    }
    let own = r#""security": [{"o": ["ads_management", "business_management"]}],"#;
    let own = of_each_operation(&spec(own), said);
    assert!(own[0].contains(&(HintKind::ReadOnly, false, Confidence::Low)));
}

/// A password sent to a path that names a session or a login signs in: a new session is
/// issued on each call, whatever the words say ("Get token", "Get a new session ID").
#[test]
fn a_password_sent_to_a_login_signs_in() {
    let spec = |path: &str| {
        format!(
            r#"{{"openapi": "3.0.0", "info": {{"title": "t", "version": "1"}}, "paths": {{
          "{path}": {{"get": {{"summary": "Get a session",
            "parameters": [{{"name": "username", "in": "query", "schema": {{"type": "string"}}}},
              {{"name": "password", "in": "query", "schema": {{"type": "string"}}}}],
            "responses": {{"200": {{"description": "ok"}}}}}}}}}}}}"#
        )
    };
    let signs_in = (HintKind::ReadOnly, false, Confidence::High);
    assert!(of_each_operation(&spec("/session"), said)[0].contains(&signs_in));
    assert!(of_each_operation(&spec("/auth/token"), said)[0].contains(&signs_in));
    // A password elsewhere is data (a user's new password set by an admin tool is a PUT).
    assert!(!of_each_operation(&spec("/users/check"), said)[0].contains(&signs_in));
}

/// A PUT that creates and fails when what it makes exists only creates, as a POST would:
/// a retry makes nothing twice but is no set-to-value either (the labels' convention), and
/// nothing there is overwritten. Without that sentence, or with "or update", it upserts.
#[test]
fn a_put_that_fails_when_it_exists_only_creates() {
    let put = Method::Put;
    let fails = "Create a new instance of a bot.<p>If there is already a bot under the same \
                 app_id and botname, a 409 error is returned.</p>";
    let mut bot = facts(&put, "createBot", "Create a bot");
    bot.path = Some("/bot/{app_id}/{botname}");
    bot.description = Some(fails.into());
    let said_bot = said(&bot);
    assert!(said_bot.contains(&(HintKind::Idempotent, false, Confidence::High)));
    assert!(said_bot.contains(&(HintKind::Destructive, false, Confidence::High)));
    let retry_changes_nothing = |facts: &Facts<'_>| {
        !said(facts)
            .iter()
            .any(|&(hint, value, _)| hint == HintKind::Idempotent && !value)
    };
    let mut silent = facts(&put, "createBot", "Create a bot");
    silent.path = Some("/bot/{app_id}/{botname}");
    silent.description = Some("Create a new instance of a bot.".into());
    assert!(retry_changes_nothing(&silent));
    let mut upsert = facts(&put, "createOrUpdateBot", "Create or update a bot");
    upsert.path = Some("/bot/{app_id}/{botname}");
    upsert.description = Some(fails.into());
    assert!(retry_changes_nothing(&upsert));
    let mut renamed = facts(&put, "updateFolder", "Update Folder");
    renamed.path = Some("/folders/{id}");
    renamed.description =
        Some("Fails with a 409 error if a folder of that name already exists.".into());
    assert!(retry_changes_nothing(&renamed));
}

/// Attack round 16: a GET whose description says reading consumes what it reads (a queue's
/// messages made invisible, notifications marked read) acts on each call. Said of a POST
/// that marks them, the same words are its switch, which a repeat leaves as it is.
#[test]
fn a_read_that_consumes_acts() {
    let get = Method::Get;
    for description in [
        "Retrieved messages become invisible to other consumers for 30 seconds.",
        "Returns the unread notifications; they are marked as read.",
        "Returns the next job. The job is removed from the queue.",
        "The fileId code can be used just once, after which a new one must be requested.",
    ] {
        let mut receive = facts(&get, "receiveMessages", "Receive messages");
        receive.path = Some("/queues/{queue}/messages");
        receive.description = Some(description.into());
        let said = said(&receive);
        assert!(
            said.iter()
                .any(|&(hint, value, _)| hint == HintKind::ReadOnly && !value),
            "{description}: {said:?}"
        );
    }
    let post = Method::Post;
    let mut mark = facts(&post, "markRead", "Mark notifications as read");
    mark.path = Some("/notifications/{id}/read");
    mark.description = Some("The notifications are marked as read.".into());
    assert!(said(&mark).contains(&(HintKind::Idempotent, true, Confidence::Medium)));
}

/// The passive of renewing or revoking says what was there is lost: "API Key is
/// regenerated if it already exists" overwrites the old key, however new the one made.
#[test]
fn a_key_regenerated_or_revoked_is_overwritten() {
    let post = Method::Post;
    for description in [
        "API Key is regenerated if it already exists.",
        "If an access token was still not expired, it is invalidated.",
        "The previous tokens are revoked.",
    ] {
        let mut generate = facts(&post, "generateKey", "Generate a new API key");
        generate.path = Some("/keys");
        generate.statuses = vec!["201"];
        generate.description = Some(description.into());
        assert!(
            !says_safer(&said(&generate)),
            "{description}: {:?}",
            said(&generate)
        );
    }
}

/// A proxy passes the request on to another server, which decides what it does: a GET
/// through it may act, a PUT through it may add on every call.
#[test]
fn what_a_proxy_passes_on_does_what_its_server_does() {
    let put = Method::Put;
    let mut forward = facts(&put, "", "connect PUT requests to proxy of Service");
    forward.path = Some("/api/v1/namespaces/{namespace}/services/{name}/proxy");
    assert!(said(&forward).contains(&(HintKind::Idempotent, false, Confidence::Medium)));
    let get = Method::Get;
    let mut fetch = facts(&get, "", "Fetch a page through the proxy");
    fetch.path = Some("/nodes/{name}/proxy/{path}");
    assert!(said(&fetch)
        .iter()
        .any(|&(hint, value, _)| hint == HintKind::ReadOnly && !value));
}

/// "Log out" and "Sign out" are a logout: ending a login that logging in again undoes.
#[test]
fn logging_out_is_undone_by_logging_in() {
    let delete = Method::Delete;
    for summary in ["Log Out", "Sign out of the session"] {
        let mut out = facts(&delete, "", summary);
        out.path = Some("/auth/logout/{token}");
        assert!(
            said(&out).contains(&(HintKind::Destructive, false, Confidence::Medium)),
            "{summary}: {:?}",
            said(&out)
        );
    }
    let mut log = facts(&delete, "", "Delete a log");
    log.path = Some("/logs/{id}");
    assert!(!said(&log).contains(&(HintKind::Destructive, false, Confidence::Medium)));
}

/// Round 16: what made a writing call look safer, each now read. An import makes what it
/// imports; a PUT's `PutReply` puts a reply; confirming a refund moves money; making an
/// invitation sends one; a webhook subscription is a configuration, not a person's mark;
/// "overrides existing" overwrites.
#[test]
fn what_round_16_made_look_safer_is_read() {
    let post = Method::Post;
    let mut import = facts(
        &post,
        "postGithubRepoKey",
        "imports project file from github",
    );
    import.path = Some("/github/{repo_key}");
    assert!(!says_safer(&said(&import)), "{:?}", said(&import));
    let mut refund = facts(&post, "", "Confirm order item return and refund");
    refund.path = Some("/order/{orderId}/shipment/return");
    assert!(!says_safer(&said(&refund)), "{:?}", said(&refund));
    let mut invite = facts(&post, "", "Create fleet invitation");
    invite.path = Some("/fleets/{fleet_id}/members/");
    assert!(!said(&invite).contains(&(HintKind::Idempotent, true, Confidence::Medium)));
    let delete = Method::Delete;
    let mut hook = facts(&delete, "", "");
    hook.description = Some("Deletes the specified webhook subscription from the team.".into());
    hook.path = Some("/teams/{username}/hooks/{uid}");
    let kept = said(&hook);
    assert!(!kept
        .iter()
        .any(|&(hint, value, _)| hint == HintKind::Destructive && !value));
    let mut queue = facts(&post, "queueCollection", "Queue collection for analysis");
    queue.description =
        Some("If the same ID appears twice, it overrides existing collection.".into());
    queue.path = Some("/collection.json");
    assert!(!says_safer(&said(&queue)), "{:?}", said(&queue));
    // A PUT names what it puts after its own `put`: a reply set is no reply sent.
    let put = Method::Put;
    let mut reply = facts(
        &put,
        "Review_PutReply",
        "Update (PUT) a reply to a given review.",
    );
    reply.path = Some("/recipe/review/replies/{replyId}");
    assert!(!said(&reply).contains(&(HintKind::Idempotent, false, Confidence::Medium)));
}

/// Attack round 17: what a repeat does is no read of every call. "Create a topic ... if
/// the requester already owns a topic with the specified name, that topic's ARN is
/// returned without creating a new topic" still creates one the first time.
#[test]
fn a_read_phrase_said_of_a_repeat_does_not_make_a_create_read() {
    let post = Method::Post;
    let mut topic = facts(
        &post,
        "CreateTopic",
        "Creates a topic to which notifications can be published.",
    );
    topic.description = Some(
        "This action is idempotent, so if the requester already owns a topic with the \
         specified name, that topic's ARN is returned without creating a new topic."
            .into(),
    );
    topic.path = Some("/#CreateTopic");
    assert!(!said(&topic)
        .iter()
        .any(|&(hint, value, _)| hint == HintKind::ReadOnly && value));
    let mut embed = facts(&post, "createEmbedding", "Create embeddings");
    embed.description = Some("Returns the vectors without creating anything.".into());
    assert!(read(&embed).iter().any(|e| e.says == Says::ReadPhrase));
}

/// A PUT replaces its target and a PATCH changes it: however its words read, neither is
/// suggested read-only (attack round 17: "Calculate a payroll" by PUT stores it).
#[test]
fn a_put_or_a_patch_is_never_suggested_read_only() {
    for method in [Method::Put, Method::Patch] {
        let mut calculate = facts(&method, "calculatePayroll", "Calculate a payroll");
        calculate.path = Some("/v1/companies/{company_id}/payrolls/{payroll_id}/calculate");
        assert!(
            !said(&calculate)
                .iter()
                .any(|&(hint, value, _)| hint == HintKind::ReadOnly && value),
            "{method}: {:?}",
            said(&calculate)
        );
    }
}

/// Attack round 17: removing a member "from all teams" loses more than the relation; a
/// GET whose verb names what it reads ("Order details") reads, one that changes or removes
/// ("Delete requests") still acts.
#[test]
fn a_member_removed_from_all_and_things_named_by_a_verb() {
    let delete = Method::Delete;
    let mut member = facts(&delete, "", "Remove an organization member");
    member.description = Some(
        "Removing a user from this list will remove them from all teams and they will no \
         longer have any access to the organization's repositories."
            .into(),
    );
    member.path = Some("/orgs/{org}/members/{username}");
    assert!(!said(&member)
        .iter()
        .any(|&(hint, value, _)| hint == HintKind::Destructive && !value));
    let get = Method::Get;
    for (name, summary) in [
        ("orderDetails", "Order details"),
        ("", "Login history"),
        ("", "Invite list"),
    ] {
        let mut thing = facts(&get, name, summary);
        thing.path = Some("/things/{id}");
        assert!(
            !said(&thing)
                .iter()
                .any(|&(hint, value, _)| hint == HintKind::ReadOnly && !value),
            "{summary}: {:?}",
            said(&thing)
        );
    }
    let mut requests = facts(&get, "", "Delete requests");
    requests.path = Some("/things/{id}");
    assert!(said(&requests)
        .iter()
        .any(|&(hint, value, _)| hint == HintKind::ReadOnly && !value));
}

/// Attack round 17: a boolean query parameter that asks the server to act besides
/// answering (`delete`, `markAsRead`, `notifyOwner`) says the call may write; one that
/// filters (`deleted`), consents (`acknowledgeAbuse`) or asks for more of the answer
/// (`sendInitialEvents`) does not, nor does a field of the body that describes what is
/// sent (an app's `archive`).
#[test]
fn a_flag_that_asks_to_act_says_the_call_may_write() {
    let spec = |flag: &str, body: &str| {
        format!(
            r#"{{"openapi": "3.0.0", "info": {{"title": "t", "version": "1"}}, "paths": {{
          "/mailboxes/{{id}}/messages": {{
            "get": {{"summary": "List mailbox messages",
              "parameters": [{{"name": "id", "in": "path", "required": true, "schema": {{"type": "string"}}}},
                {{"name": "{flag}", "in": "query", "schema": {{"type": "boolean"}}}}],
              "responses": {{"200": {{"description": "ok"}}}}}},
            "post": {{"summary": "Validate a message",
              "requestBody": {{"content": {{"application/json": {{"schema":
                {{"type": "object", "properties": {{"{body}": {{"type": "boolean"}}}}}}}}}}}},
              "responses": {{"200": {{"description": "ok"}}}}}}}}}}}}"#
        )
    };
    let acts = |evidence: Vec<Evidence>| evidence.iter().any(|e| e.says == Says::ActingFlag);
    for flag in [
        "delete",
        "markAsRead",
        "notify_owner",
        "regenerate",
        "truncate",
        "ack",
        "rotate",
    ] {
        assert!(
            acts(of_each_operation(&spec(flag, "x"), read).remove(0)),
            "{flag}"
        );
    }
    for flag in [
        "deleted",
        "acknowledgeAbuse",
        "sendInitialEvents",
        "include_removed",
    ] {
        assert!(
            !acts(of_each_operation(&spec(flag, "x"), read).remove(0)),
            "{flag}"
        );
    }
    assert!(!acts(
        of_each_operation(&spec("x", "archive"), read).remove(1)
    ));
    assert!(acts(of_each_operation(&spec("x", "store"), read).remove(1)));
}

/// Attack round 17: a POST to `/messages/{id}/read` marks the message read, whatever its
/// summary says ("Read unread messages in the chat" sends read receipts): no read-only
/// suggestion. In an API of POSTs only, `/read` may still read.
#[test]
fn writing_to_read_marks_it_read() {
    let post = Method::Post;
    let mut receipts = facts(&post, "", "Read unread messages in the chat");
    receipts.path = Some("/api/{session}/chats/{chatId}/messages/read");
    assert!(
        !said(&receipts)
            .iter()
            .any(|&(hint, value, confidence)| hint == HintKind::ReadOnly
                && value
                && confidence >= Confidence::Medium),
        "{:?}",
        said(&receipts)
    );
    let mut rpc = facts(&post, "", "Read records of a model");
    rpc.path = Some("/object/read");
    rpc.only_posts = true;
    assert!(read(&rpc)
        .iter()
        .all(|e| e.says != Says::Verb(Verb::Switch)));
}

/// Attack round 17: starting a workflow makes a run of it each time, so a retry runs it
/// again; starting a server is a state its stop undoes.
#[test]
fn starting_a_workflow_runs_it_again() {
    let post = Method::Post;
    let idempotent = |facts: &Facts<'_>| {
        said(facts)
            .iter()
            .any(|&(hint, value, _)| hint == HintKind::Idempotent && value)
    };
    for (summary, path) in [
        ("Start a workflow", "/workflows/{id}/start"),
        ("Start the pipeline", "/pipelines/{id}/start"),
    ] {
        let mut run = facts(&post, "", summary);
        run.path = Some(path);
        assert!(!idempotent(&run), "{summary}: {:?}", said(&run));
    }
    let mut server = facts(&post, "", "Start a server");
    server.path = Some("/servers/{id}/start");
    assert!(idempotent(&server), "{:?}", said(&server));
}

/// Attack round 18: a subscription created is a thing of its own (Stripe's "Create a
/// subscription" bills each time), one cancelled is ended for good; a command sent to a
/// machine runs there; a secret destroyed once viewed is consumed by the GET; "Run logs"
/// and "Test results" name what a GET reads.
#[test]
fn what_attack_round_18_made_look_safer_is_read() {
    let post = Method::Post;
    let mut create = facts(
        &post,
        "PostCustomersCustomerSubscriptions",
        "Create a subscription",
    );
    create.path = Some("/v1/customers/{customer}/subscriptions");
    assert!(!said(&create)
        .iter()
        .any(|&(hint, value, _)| hint == HintKind::Idempotent && value));
    let delete = Method::Delete;
    let mut cancel = facts(&delete, "", "Cancel a subscription");
    cancel.path = Some("/v1/customers/{customer}/subscriptions/{subscription_exposed_id}");
    assert!(!said(&cancel)
        .iter()
        .any(|&(hint, value, _)| hint == HintKind::Destructive && !value));
    let mut command = facts(
        &post,
        "SendCommand",
        "Runs commands on one or more managed nodes.",
    );
    command.path = Some("/#SendCommand");
    assert!(!said(&command)
        .iter()
        .any(|&(hint, value, _)| hint == HintKind::Destructive && !value));
    let get = Method::Get;
    let mut secret = facts(&get, "", "Retrieve a secret");
    secret.description = Some("The secret is destroyed after it is viewed.".into());
    secret.path = Some("/secret/{key}");
    assert!(said(&secret)
        .iter()
        .any(|&(hint, value, _)| hint == HintKind::ReadOnly && !value));
    for summary in ["Run logs", "Test results"] {
        let mut read_thing = facts(&get, "", summary);
        read_thing.path = Some("/runs/{id}/logs");
        assert!(
            !said(&read_thing).iter().any(|&(_, value, _)| !value),
            "{summary}"
        );
    }
}

/// A description that opens with a Markdown heading ("#### Description", from an `<h4>`)
/// says what the operation does in the paragraph after it: "Returns schedules" reads, so a
/// title-like name's "Schedule" is left in doubt, never suggested.
#[test]
fn a_heading_is_no_opening() {
    let get = Method::Get;
    let mut schedule = facts(&get, "XML - Schedule", "");
    schedule.path = Some("/RouteSchedule");
    schedule.description =
        Some("#### Description\n\nReturns schedules for a given route variant.".into());
    let acts = |said: &[(HintKind, bool, Confidence)]| {
        said.iter().any(|&(hint, value, confidence)| {
            hint == HintKind::ReadOnly && !value && confidence > Confidence::Low
        })
    };
    assert!(!acts(&said(&schedule)), "{:?}", said(&schedule));
    schedule.description = Some("Returns schedules for a given route variant.".into());
    assert!(!acts(&said(&schedule)));
    let mut headed_only = facts(&get, "Schedule", "");
    headed_only.path = Some("/RouteSchedule");
    assert!(
        acts(&said(&headed_only)),
        "the name alone still says it acts"
    );
}

/// Round 18: what made writing calls look safer or missed what they do, each now read.
#[test]
fn round_18_writes() {
    let post = Method::Post;
    let mut upload = facts(&post, "", "Upload new download artifacts.");
    upload.path = Some("/repositories/{owner}/{repo}/downloads");
    upload.description = Some(
        "When a file is uploaded with the same name as an existing artifact, then the \
         existing file will be replaced."
            .into(),
    );
    assert!(!says_safer(&said(&upload)), "{:?}", said(&upload));
    // A label created is a new label; a collaborator "created" is a person added.
    let mut label = facts(&post, "", "Create a mail label");
    label.path = Some("/characters/{character_id}/mail/labels/");
    label.statuses = vec!["201"];
    let idempotent = |said: &[(HintKind, bool, Confidence)]| {
        said.iter()
            .any(|&(hint, value, _)| hint == HintKind::Idempotent && value)
    };
    assert!(!idempotent(&said(&label)), "{:?}", said(&label));
    let mut collaborator = facts(&post, "", "Create project collaborators");
    collaborator.path = Some("/projects/{project}/collaborators/");
    assert!(idempotent(&said(&collaborator)));
    // Unmapping takes a relation apart, as unlinking does.
    let mut unmap = facts(&post, "", "Unmap a public route from a container group");
    unmap.path = Some("/containers/groups/{name_or_id}/unmaproute");
    assert!(said(&unmap).contains(&(HintKind::Destructive, false, Confidence::Medium)));
    // A PUT whose second call gets a 409 and no update's success only creates; so does
    // one that makes a token.
    let put = Method::Put;
    let not_idempotent = |facts: &Facts<'_>| {
        said(facts)
            .iter()
            .any(|&(hint, value, _)| hint == HintKind::Idempotent && !value)
    };
    let mut event = facts(&put, "", "Create a custom event with predefined ID");
    event.path = Some("/custom-events/{id}");
    event.statuses = vec!["202", "409"];
    assert!(!idempotent(&said(&event)));
    assert!(not_idempotent(&event));
    event.statuses = vec!["200", "201", "409"];
    assert!(!not_idempotent(&event));
    // Its one success a 201, with a 409, a PUT only creates whatever its verb; not when a
    // success may be an update's, nor when it says "or update".
    let mut namespace = facts(&put, "", "Set a namespace for your private registry.");
    namespace.path = Some("/registry/namespaces/{namespace}");
    namespace.statuses = vec!["201", "400", "409"];
    assert!(said(&namespace).contains(&(HintKind::Idempotent, false, Confidence::Medium)));
    namespace.statuses = vec!["200", "201", "409"];
    assert!(!not_idempotent(&namespace));
    namespace.statuses = vec!["201", "409", "default"];
    assert!(!not_idempotent(&namespace));
    let mut contact = facts(&put, "", "Create or update a contact with predefined ID");
    contact.path = Some("/contacts/{id}");
    contact.statuses = vec!["201", "409"];
    assert!(!not_idempotent(&contact));
    let mut token = facts(
        &put,
        "AccessToken_Put",
        "Creates a Access Token to write on a Card",
    );
    token.path = Some("/api/AccessToken");
    assert!(not_idempotent(&token));
}

/// A person's mark spelt the British way is the same switch ("Favourite Track or Clip" by
/// PUT); before a noun on a GET it names what is read ("Favourite Tracks or Clips").
#[test]
fn a_favourite_is_a_mark() {
    let put = Method::Put;
    let mut favourite = facts(&put, "", "Favourite Track or Clip");
    favourite.path = Some("/my/music/favourites/{type}/{id}");
    assert!(
        said(&favourite).contains(&(HintKind::Destructive, false, Confidence::Medium)),
        "{:?}",
        said(&favourite)
    );
    let get = Method::Get;
    for summary in ["Favourite Tracks or Clips", "Favourite Track or Clip"] {
        let mut list = facts(&get, "getPersonalisedMusicFavourites", summary);
        list.path = Some("/my/music/favourites");
        assert!(
            !read(&list).iter().any(|e| e.source == Source::Summary),
            "{summary}: {:?}",
            read(&list)
        );
    }
}

/// A phrase that says each call uses up what it reads outweighs a verb that only names the
/// reading, however often it is said: "Downloads a pre-generated file" by `download`.
#[test]
fn a_phrase_that_consumes_outweighs_one_reading_verb() {
    let get = Method::Get;
    let mut download = facts(&get, "download", "Downloads a pre-generated file");
    download.path = Some("/gen/download/{fileId}");
    download.description = Some(
        "The fileId code can be used just once, after which a new `fileId` will need to be \
         requested."
            .into(),
    );
    assert!(said(&download).contains(&(HintKind::ReadOnly, false, Confidence::Medium)));
}

/// Logging in or signing up makes a new session or account on each call ("Log In",
/// `logIn`, "Sign up a new User"): it adds, nothing is lost, and a retry makes another.
#[test]
fn logging_in_makes_a_session() {
    let post = Method::Post;
    for (name, summary, path) in [
        ("logIn", "Log In", "/auth/login"),
        ("SignUp_Post", "Sign up a new User.", "/api/SignUp"),
        (
            "",
            "Login with email, password and application key",
            "/accounts/sign_in",
        ),
    ] {
        let mut login = facts(&post, name, summary);
        login.path = Some(path);
        let said = said(&login);
        assert!(
            said.iter()
                .any(|&(hint, value, _)| hint == HintKind::Destructive && !value),
            "{summary}: {said:?}"
        );
        assert!(!said
            .iter()
            .any(|&(hint, value, _)| hint == HintKind::Idempotent && value));
    }
    assert_eq!(
        name_words("logIn", None),
        ["login"],
        "a phrasal verb glued in a name is one verb"
    );
}

/// A description that says a repeat changes nothing, of what is already there, says the
/// call is idempotent ("If a pool already exists with this name, no action will be
/// performed"); the same words without "already" ("This parameter has no effect when ...")
/// say nothing of a repeat, and "each call" outweighs them.
#[test]
fn a_repeat_said_to_change_nothing_is_idempotent() {
    let post = Method::Post;
    let idempotent = (HintKind::Idempotent, true, Confidence::High);
    let mut pool = facts(&post, "", "Creates a pool and returns it.");
    pool.path = Some("/ips/create-pool.json");
    pool.description =
        Some("If a pool already exists with this name, no action will be performed.".into());
    assert!(said(&pool).contains(&idempotent), "{:?}", said(&pool));
    pool.description = Some("The `name` parameter has no effect when a pool is given.".into());
    assert!(!said(&pool).contains(&idempotent));
    pool.description = Some(
        "If a pool already exists with this name, no action will be performed. Each call \
         sends an email."
            .into(),
    );
    assert!(!said(&pool).contains(&idempotent));
}

/// A person's mark kept under the caller's own path (`/user/favorites/{id}`, `/user/votes`)
/// is a relation as one under an owner's is: removing it loses nothing adding it restores.
/// A label deleted at `/users/labels/{id}` is still the label itself.
#[test]
fn the_callers_own_marks_are_relations() {
    let delete = Method::Delete;
    let unmarks = (HintKind::Destructive, false, Confidence::Medium);
    let mut unfavorite = facts(&delete, "", "");
    unfavorite.description = Some(
        "Deletes the given series ID from the user’s favorite’s list and returns the updated \
         list."
            .into(),
    );
    unfavorite.path = Some("/user/favorites/{id}");
    assert!(
        said(&unfavorite).contains(&unmarks),
        "{:?}",
        said(&unfavorite)
    );
    let mut label = facts(&delete, "", "Remove a user label");
    label.path = Some("/users/labels/{labelId}");
    assert!(!said(&label).contains(&unmarks));
}

/// Attack round 18: a POST whose summary reads but whose description says, in a sentence
/// of its own, that the call deletes is not suggested read-only; a sentence that says
/// what a classifier answers ("labels documents") does not stop one.
#[test]
fn a_sentence_that_destroys_stops_a_read_only_post() {
    let post = Method::Post;
    let read_only = |said: &[(HintKind, bool, Confidence)]| {
        said.iter().any(|&(hint, value, confidence)| {
            hint == HintKind::ReadOnly && value && confidence > Confidence::Low
        })
    };
    let mut search = facts(&post, "searchThings", "Search things");
    search.path = Some("/things/search");
    assert!(read_only(&said(&search)), "{:?}", said(&search));
    search.description =
        Some("Finds things by name. It then deletes the things that match.".into());
    assert!(!read_only(&said(&search)), "{:?}", said(&search));
    search.description =
        Some("Finds things by name. The function labels documents as spam.".into());
    assert!(read_only(&said(&search)));
}

/// Attack round 19: what made a writing call look safer, each now read. A POST whose words
/// read but whose description says it writes, in the passive or of the state, is not
/// suggested read-only (but "No invoice is created" says it does not); what is made that
/// ends something ("Create a cancellation", a CloudFront invalidation) is no mere addition;
/// "cannot be recovered" and "a destructive operation" say destructive; a PUT whose path
/// is the RPC method `create` makes one each time; an unknown verb before a noun that is
/// also a verb (`breakLock`) is not that noun's switch; starting "a new" run repeats.
#[test]
fn attack_19_writes() {
    let post = Method::Post;
    let read_only = |said: &[(HintKind, bool, Confidence)]| {
        said.iter().any(|&(hint, value, confidence)| {
            hint == HintKind::ReadOnly && value && confidence > Confidence::Low
        })
    };
    let mut get = facts(&post, "getQueueMessages", "Get messages from a queue");
    get.path = Some("/api/queues/{vhost}/{name}/get");
    assert!(read_only(&said(&get)), "{:?}", said(&get));
    for description in [
        "Get messages from a queue. (This is not an HTTP GET as it will alter the state of \
         the queue.)",
        "Returns the messages. The code is sent to the user by SMS.",
        "Returns the secret. The secret is destroyed after it is viewed.",
    ] {
        get.description = Some(description.into());
        assert!(!read_only(&said(&get)), "{description}: {:?}", said(&get));
    }
    get.description = Some("Shows the messages. No message is created or changed.".into());
    assert!(read_only(&said(&get)));
    let not_destructive = |said: &[(HintKind, bool, Confidence)]| {
        said.iter()
            .any(|&(hint, value, _)| hint == HintKind::Destructive && !value)
    };
    let mut cancel = facts(&post, "createCancellations", "Create a cancellation");
    cancel.path = Some("/v1/cancellations");
    cancel.statuses = vec!["201"];
    assert!(!not_destructive(&said(&cancel)), "{:?}", said(&cancel));
    let mut invalidate = facts(&post, "CreateInvalidation", "Create a new invalidation.");
    invalidate.path = Some("/2020-05-31/distribution/{Id}/invalidation");
    invalidate.statuses = vec!["201"];
    assert!(!not_destructive(&said(&invalidate)));
    let mut deactivate = facts(&post, "deactivateUser", "Deactivate a User");
    deactivate.path = Some("/api/v1/users/{userId}/lifecycle/deactivate");
    deactivate.description = Some(
        "Deactivating a user is a destructive operation. This action cannot be recovered!".into(),
    );
    assert!(
        !not_destructive(&said(&deactivate)),
        "{:?}",
        said(&deactivate)
    );
    let mut steal = facts(&post, "breakLock", "Break a lock");
    steal.path = Some("/locks/{id}/break");
    assert_eq!(said(&steal), []);
    let mut test = facts(&post, "startTest", "Start a test");
    test.path = Some("/tests/{testId}/start");
    test.description = Some("Starts a new run of the test.".into());
    assert!(!said(&test)
        .iter()
        .any(|&(hint, value, _)| hint == HintKind::Idempotent && value));
    let put = Method::Put;
    let mut session = facts(&put, "", "Create Session");
    session.path = Some("/v1/session/create");
    assert!(said(&session)
        .iter()
        .any(|&(hint, value, _)| hint == HintKind::Idempotent && !value));
}

/// Attack round 19: a parameter one of whose values toggles (Shelly's `turn=on|off|toggle`)
/// says the call may write; an enum that filters does not.
#[test]
fn a_parameter_that_toggles_says_the_call_may_write() {
    let spec = |values: &str| {
        format!(
            r#"{{"openapi": "3.0.0", "info": {{"title": "t", "version": "1"}}, "paths": {{
          "/relay/{{id}}": {{"get": {{"summary": "Get the relay",
            "parameters": [{{"name": "id", "in": "path", "required": true, "schema": {{"type": "string"}}}},
              {{"name": "turn", "in": "query", "schema": {{"type": "string", "enum": [{values}]}}}}],
            "responses": {{"200": {{"description": "ok"}}}}}}}}}}}}"#
        )
    };
    let acts = |evidence: Vec<Evidence>| evidence.iter().any(|e| e.says == Says::ActingFlag);
    assert!(acts(
        of_each_operation(&spec(r#""on", "off", "toggle""#), read).remove(0)
    ));
    assert!(!acts(
        of_each_operation(&spec(r#""open", "closed""#), read).remove(0)
    ));
}

/// Attack round 20: running a SQL statement, a GraphQL mutation or a stored procedure runs
/// code, which may remove anything, as a command does: no "it adds"; a POST query whose
/// description says the query may change data ("including DDL and DML", "can alter
/// tables", "can optionally be deleted") is not suggested read-only; a move by one
/// position repeats.
#[test]
fn attack_20_code_and_queries_that_write() {
    let post = Method::Post;
    let not_destructive = |said: &[(HintKind, bool, Confidence)]| {
        said.iter()
            .any(|&(hint, value, _)| hint == HintKind::Destructive && !value)
    };
    for (name, summary) in [
        ("executeStatement", "Execute a SQL statement"),
        ("executeMutation", "Execute a GraphQL mutation"),
        ("executeProcedure", "Execute a stored procedure"),
    ] {
        let mut run = facts(&post, name, summary);
        run.path = Some("/sql/execute");
        assert!(!not_destructive(&said(&run)), "{summary}: {:?}", said(&run));
    }
    let read_only = |said: &[(HintKind, bool, Confidence)]| {
        said.iter().any(|&(hint, value, confidence)| {
            hint == HintKind::ReadOnly && value && confidence > Confidence::Low
        })
    };
    let mut query = facts(&post, "searchDocuments", "Search documents");
    query.path = Some("/documents/search");
    assert!(read_only(&said(&query)));
    // What the request carries is no write: "The filter is sent as a JSON body".
    query.description = Some("Searches with a filter. The filter is sent as a JSON body.".into());
    assert!(read_only(&said(&query)));
    for description in [
        "Runs a query. The query can be any SQL statement, including DDL and DML.",
        "Executes a query or control command. Control commands can alter tables.",
        "Searches for documents. Matching documents can optionally be deleted.",
    ] {
        query.description = Some(description.into());
        assert!(!read_only(&said(&query)), "{description}");
    }
    let mut up = facts(&post, "moveItemUp", "Move an item up");
    up.path = Some("/lists/{id}/items/{item}/move-up");
    up.description = Some("Moves the item up one position.".into());
    assert!(!said(&up)
        .iter()
        .any(|&(hint, value, _)| hint == HintKind::Idempotent && value));
}

/// Checking a one-time password uses it up: no read, though "Validate" says so.
#[test]
fn validating_a_one_time_code_uses_it() {
    let post = Method::Post;
    let reads = (HintKind::ReadOnly, true, Confidence::High);
    let mut validate = facts(&post, "validateToken", "Validate a token");
    validate.path = Some("/v1/tokens/validate");
    assert!(said(&validate).contains(&reads));
    validate.description = Some("Checks the one-time password the user entered.".into());
    assert!(!said(&validate).contains(&reads));
}

/// A description that denies being a key ("This is not an idempotency key") names none.
#[test]
fn a_key_denied_is_no_key() {
    assert!(describes_a_key(
        "An idempotency key: a retry with it is ignored."
    ));
    // What a key does may be said with "not".
    assert!(describes_a_key(
        "An idempotency key. A request sent again with it is not processed twice."
    ));
    assert!(!describes_a_key(
        "A request id for tracing. This is not an idempotency key."
    ));
    // AWS Backup's `CreatorRequestId` (attack 68).
    assert!(describes_a_key(
        "Allows failed requests to be retried without the risk of running the operation twice."
    ));
    assert!(!describes_a_key(
        "Failed deliveries are retried, so the endpoint may receive the same event twice."
    ));
}

/// "Record a view", "Log a read": a noun before an article is an imperative that adds an
/// event, whatever the name's last word reads (in an API of POSTs only, where a noun
/// names a getter).
#[test]
fn recording_an_event_is_no_read() {
    let post = Method::Post;
    let reads = |said: Vec<(HintKind, bool, Confidence)>| {
        said.contains(&(HintKind::ReadOnly, true, Confidence::High))
    };
    for (name, summary) in [("recordView", "Record a view"), ("logRead", "Log a read")] {
        let mut record = facts(&post, name, summary);
        record.path = Some("/v1/videos/{id}/views");
        record.only_posts = true;
        assert!(!reads(said(&record)), "{summary}");
    }
}

/// A subscription deleted from a collection of them is a thing with its settings; the
/// caller's own subscription deleted is a mark taken back.
#[test]
fn a_subscription_in_a_collection_is_a_thing() {
    let delete = Method::Delete;
    let mut own = facts(&delete, "", "Delete a repository subscription");
    own.path = Some("/repos/{owner}/{repo}/subscription");
    assert!(says(&own, HintKind::Destructive, false));
    let mut thing = facts(&delete, "Subscriptions_Delete", "");
    thing.description = Some("Deletes a subscription from the specified topic.".into());
    thing.path = Some("/namespaces/{namespace}/topics/{topic}/subscriptions/{name}");
    assert!(!says(&thing, HintKind::Destructive, false));
}

/// Attack round 67: what a created or triggered run removes, or a tag it moves, or what an
/// unlock withdraws, is no mere addition or switch; nor is emptying the trash.
#[test]
fn what_a_run_removes_or_moves_is_not_only_added() {
    let (post, put) = (Method::Post, Method::Put);
    let mut gc = facts(&post, "CreateGCSchedule", "Create a gc schedule.");
    gc.path = Some("/api/v2.0/system/gc/schedule");
    gc.statuses = vec!["201"];
    let mut stop = facts(&put, "stopGC", "Stop the specific GC execution");
    stop.path = Some("/api/v2.0/system/gc/{gc_id}");
    let mut retention = facts(
        &post,
        "TriggerRetentionExecution",
        "Trigger a Retention Execution",
    );
    retention.path = Some("/api/v2.0/retentions/{id}/executions");
    retention.statuses = vec!["201"];
    retention.description = Some(
        "Runs the retention policy, which deletes the artifacts its rules do not retain.".into(),
    );
    let mut copy = facts(&post, "CopyArtifact", "Copy artifact");
    copy.path = Some("/api/v2.0/projects/{p}/repositories/{r}/artifacts");
    copy.statuses = vec!["201"];
    copy.description = Some(
        "Copy the artifact. Tags of the copied artifact that already exist in this repository are moved to it."
            .into(),
    );
    let mut unlock = facts(&post, "unlockPayRun", "Unlock Pay Run");
    unlock.path = Some("/pay_runs/{pay_run_id}/unlock");
    unlock.description = Some("Published payslips are withdrawn from the employee portal.".into());
    let mut empty = facts(&post, "trashEmpty", "");
    empty.path = Some("/rpc/trash.empty");
    empty.description = Some("Permanently deletes everything in the trash can.".into());
    for case in [&gc, &stop, &retention, &copy, &unlock, &empty] {
        assert!(
            !says(case, HintKind::Destructive, false),
            "{:?}",
            case.summary
        );
    }
    // Without what they remove, move or withdraw, they add or switch.
    retention.description = None;
    copy.description = None;
    unlock.description = None;
    let mut trash = facts(&post, "trashFile", "Move a file to the trash");
    trash.path = Some("/files/{id}/trash");
    trash.description = Some("Returns an empty response.".into());
    for case in [&retention, &copy, &unlock, &trash] {
        assert!(
            says(case, HintKind::Destructive, false),
            "{:?}",
            case.summary
        );
    }
}

/// Attack round 67: the Docker registry token protocol's `service` and `scope`, at a path
/// that names a token, make a token endpoint; elsewhere they say nothing.
#[test]
fn a_docker_token_endpoint_grants() {
    let names = ["service", "scope", "account"];
    assert_eq!(grant(names.into_iter(), "/service/token"), Some("scope"));
    assert_eq!(grant(names.into_iter(), "/v1/services"), None);
    assert_eq!(grant(["scope"].into_iter(), "/service/token"), None);
    // A listing of tokens is none; OAuth's own `grant_type` is named first.
    assert_eq!(grant(names.into_iter(), "/api/tokens"), None);
    let oauth = ["grant_type", "service", "scope"];
    assert_eq!(grant(oauth.into_iter(), "/token"), Some("grant_type"));
}

/// Attack round 68: a lock that "becomes immutable" is no switch; AWS's "Attempts to cancel
/// a job" cancels it, and a stop at its path is then no switch either.
#[test]
fn a_lock_for_good_and_an_attempted_cancel_are_not_switches() {
    let (put, post) = (Method::Put, Method::Post);
    let mut lock = facts(
        &put,
        "PutBackupVaultLockConfiguration",
        "Lock a backup vault",
    );
    lock.path = Some("/v1/backup-vaults/{backupVaultName}/vault-lock");
    assert!(says(&lock, HintKind::Destructive, false));
    lock.description = Some(
        "Once the cooling-off period has passed the vault lock becomes immutable: it cannot be changed or deleted by anyone."
            .into(),
    );
    assert!(!says(&lock, HintKind::Destructive, false));
    let mut stop = facts(&post, "PostBackupJobsBackupJobIdStop", "");
    stop.path = Some("/v1/backup-jobs/{backupJobId}/stop");
    stop.description = Some("Attempts to cancel a job to create a one-time backup.".into());
    assert!(!says(&stop, HintKind::Destructive, false));
}
