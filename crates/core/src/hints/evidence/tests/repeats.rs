//! Whether a repeat changes anything: switches, settling, upserts, set-to-value updates,
//! and what makes something new on each call.

use super::*;

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

/// Capturing or completing a held payment takes the money: no retry is invited, though
/// the payment is settled for good. Voiding one releases it: idempotent.
#[test]
fn settling_that_takes_money_is_not_said_idempotent() {
    let post = Method::Post;
    for (summary, path) in [
        ("Capture payment", "/transactions/{key}/payments/capture"),
        ("Complete pre-auth", "/payments/{transId}/completions"),
        ("Complete a PreAuth", "/transactions/{id}/completions"),
    ] {
        let mut facts = facts(&post, "", summary);
        facts.path = Some(path);
        assert_eq!(said(&facts), [], "{summary}");
    }
    let mut facts = facts(&post, "", "Void payment");
    facts.path = Some("/payments/{transId}/void");
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
    facts.description = Some("subscribes a client to receive out-of-band data".into());
    facts.path = Some("/streams");
    facts.statuses = vec!["201"];
    assert!(said(&facts)
        .iter()
        .all(|(hint, value, _)| !(*hint == HintKind::Idempotent && *value)));
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
    dns.description = Some("Configures the custom DNS name for a dedicated IP.".into());
    dns.path = Some("/ips/set-custom-dns.json");
    assert!(said(&dns).contains(&(HintKind::Idempotent, true, Confidence::Medium)));
    // Importing makes something each time: no set-to-value.
    let mut import = facts(&post, "import", "Imports a new table.");
    import.path = Some("/tables/import");
    assert!(said(&import)
        .iter()
        .all(|(hint, ..)| *hint != HintKind::Idempotent));
    let mut token = facts(
        &post,
        "actions/create-remove-token-for-repo",
        "Create a remove token",
    );
    token.path = Some("/repos/{owner}/{repo}/actions/runners/remove-token");
    let evidence = read(&token);
    assert!(evidence.iter().all(|e| e.source != Source::Path));
}

/// A PATCH that updates one resource sets values: a repeat changes nothing. With a JSON
/// Patch body (a list of changes), an `add` applies again: nothing is suggested.
#[test]
fn a_patch_sets_values_unless_its_body_is_a_list_of_changes() {
    let patch = Method::Patch;
    let mut update = facts(&patch, "", "Update a container group.");
    update.path = Some("/containers/groups/{name_or_id}");
    let idempotent = (HintKind::Idempotent, true, Confidence::Medium);
    assert!(said(&update).contains(&idempotent), "{:?}", said(&update));
    update.change_list = true;
    assert!(!said(&update).contains(&idempotent), "{:?}", said(&update));
    // Unless its example only replaces: what it changes, it sets.
    let example = |ops: &str| format!("Partially updates a room. A request example: [{ops}]");
    let replaces = example(r#"{"op": "replace", "path": "/status", "value": "Clean"}"#);
    update.description = Some(replaces.clone().into());
    assert!(said(&update).contains(&idempotent), "{:?}", said(&update));
    let appends = example(
        r#"{"op": "replace", "path": "/status", "value": "Clean"}, {"op":"add", "path": "/labels/-", "value": "A"}"#,
    );
    update.description = Some(appends.into());
    assert!(!said(&update).contains(&idempotent), "{:?}", said(&update));
    let said_besides = format!("{replaces} To append a label, add it at `/labels/-`.");
    update.description = Some(said_besides.into());
    assert!(!said(&update).contains(&idempotent), "{:?}", said(&update));
}

/// A PUT that refreshes, rotates or regenerates makes a new key or certificate each time:
/// not idempotent, whatever HTTP says of PUT. A reset returns to one state.
#[test]
fn a_put_that_mints_is_not_idempotent() {
    let put = Method::Put;
    for summary in [
        "Refresh the TLS Certificate",
        "Refreshes the TLS certificate",
    ] {
        let refresh = facts(&put, "", summary);
        let said = said(&refresh);
        assert!(
            said.contains(&(HintKind::Idempotent, false, Confidence::Medium)),
            "{summary}: {said:?}"
        );
    }
    let reset = facts(&put, "", "Reset the settings");
    let not_idempotent =
        |(hint, value, _): &(HintKind, bool, Confidence)| *hint == HintKind::Idempotent && !*value;
    assert!(!said(&reset).iter().any(not_idempotent));
}

/// "Create or update" is an upsert: the same values again change nothing. "Create a status
/// update" makes a new update on every call.
#[test]
fn create_or_update_is_an_upsert() {
    let post = Method::Post;
    let idempotent = (HintKind::Idempotent, true, Confidence::Medium);
    let upsert = facts(&post, "", "Create or update the global glossary.");
    assert!(said(&upsert).contains(&idempotent), "{:?}", said(&upsert));
    let named = facts(&post, "addOrUpdateSetting", "");
    assert!(said(&named).contains(&idempotent), "{:?}", said(&named));
    let status = facts(&post, "createStatusUpdate", "Create a status update");
    assert!(!said(&status).contains(&idempotent), "{:?}", said(&status));
}

/// "Creates or updates" overwrites as "create or update" does; posted to a collection, it
/// creates another without an ID, so a repeat is not harmless.
#[test]
fn creates_or_updates_overwrites_and_a_collection_gets_another() {
    let post = Method::Post;
    let devices = Facts {
        path: Some("/api/Devices"),
        ..facts(
            &post,
            "",
            "Creates or updates a Device or updates it's values",
        )
    };
    // Nothing safer than a POST's defaults: it may overwrite, and a retry may create.
    assert_eq!(said(&devices), []);
}

/// A PATCH sets values on what its path names, a part of one resource too.
#[test]
fn a_patch_of_a_part_of_one_resource_sets_values() {
    let patch = Method::Patch;
    let metadata = Facts {
        path: Some("/devices/{deviceId}/metadata"),
        ..facts(&patch, "", "Modify metadata")
    };
    let idempotent = (HintKind::Idempotent, true, Confidence::Medium);
    assert!(
        said(&metadata).contains(&idempotent),
        "{:?}",
        said(&metadata)
    );
}

/// A PATCH of the caller's own (`/account`, `/me`) sets values as one of `/users/{id}` does.
#[test]
fn a_patch_of_the_callers_own_sets_values() {
    let patch = Method::Patch;
    let account = Facts {
        path: Some("/account"),
        ..facts(&patch, "", "Update account")
    };
    let idempotent = (HintKind::Idempotent, true, Confidence::Medium);
    assert!(said(&account).contains(&idempotent), "{:?}", said(&account));
    let collection = Facts {
        path: Some("/accounts"),
        ..facts(&patch, "", "Update accounts")
    };
    assert!(!said(&collection).contains(&idempotent));
}

/// A switch at a path that ends in it (`/products/{id}/follow`) is set again by a repeat,
/// even with a 201: the mark is made once. A 201 from a collection of other things says
/// each call makes something.
#[test]
fn a_switch_at_its_own_path_is_idempotent_with_a_201() {
    let post = Method::Post;
    let mut follow = facts(&post, "", "Follow a product");
    follow.path = Some("/products/{lang}/{prod_key}/follow");
    follow.statuses = vec!["201"];
    assert!(said(&follow).contains(&(HintKind::Idempotent, true, Confidence::Medium)));
    follow.path = Some("/products/{lang}/{prod_key}/notes");
    assert!(said(&follow)
        .iter()
        .all(|(hint, value, _)| !(*hint == HintKind::Idempotent && *value)));
}

/// Posting a mark to the set of those marks ("Follow category" to `/my/categories/follows`)
/// sets it again on a repeat: the collection holds the switch's marks, not new things.
#[test]
fn a_switch_posted_to_the_set_of_its_marks_is_idempotent() {
    let post = Method::Post;
    let mut follow = facts(&post, "", "Follow category");
    follow.path = Some("/my/categories/follows");
    assert!(said(&follow).contains(&(HintKind::Idempotent, true, Confidence::Medium)));
    follow.path = Some("/my/categories/alerts");
    assert!(said(&follow)
        .iter()
        .all(|(hint, value, _)| !(*hint == HintKind::Idempotent && *value)));
}

/// Only a person's mark is made once whatever a 201 says: starting a server at its own
/// path with a 201 may make a new run each time, so no retry is invited. (Starting a
/// pipeline makes a run with any status: `starting_a_workflow_runs_it_again`.)
#[test]
fn a_201_from_starting_is_not_passed_over() {
    let post = Method::Post;
    let mut start = facts(&post, "", "Start the server");
    start.path = Some("/servers/{id}/start");
    start.statuses = vec!["201"];
    assert!(said(&start)
        .iter()
        .all(|(hint, value, _)| !(*hint == HintKind::Idempotent && *value)));
    start.statuses = vec!["200"];
    assert!(said(&start).contains(&(HintKind::Idempotent, true, Confidence::Medium)));
}

/// What an attack round found: subscribing, blocking or pinning may bill, hold or make
/// something each call; a word that creates, a segment that is more than the switch, or a
/// collection that only begins with its word ("subscribers") is no set of marks.
#[test]
fn marks_that_may_bill_or_create_are_not_passed_over() {
    let post = Method::Post;
    let not_idempotent = |name: &str, summary: &str, path: &str| {
        let mut case = facts(&post, name, summary);
        case.path = Some(path);
        case.statuses = vec!["201"];
        let said = said(&case);
        assert!(
            said.iter()
                .all(|(hint, value, _)| !(*hint == HintKind::Idempotent && *value)),
            "{summary} {path}: {said:?}"
        );
    };
    not_idempotent(
        "",
        "Subscribe a customer to a plan",
        "/customers/{id}/subscribe",
    );
    not_idempotent("", "Block funds", "/deposits/{id}/blocks");
    not_idempotent("createPin", "Pin an image to a board", "/pins");
    not_idempotent("", "Follow the plan", "/plans/{id}/followers-export");
    not_idempotent("", "Star and share the post", "/posts/{id}/star-and-share");
    not_idempotent("createFollow", "Follow a user", "/users/{id}/follow");
}

/// A switch the description says cannot be switched back, or whose off side loses data,
/// is no switch that its opposite undoes.
#[test]
fn a_one_way_switch_or_one_that_loses_data_is_not_undone() {
    let post = Method::Post;
    let undone = (HintKind::Destructive, false, Confidence::Medium);
    let mut block = facts(&post, "blockCard", "Block a card");
    block.path = Some("/v1/cards/{card}/block");
    assert!(said(&block).contains(&undone));
    for description in [
        "Blocks the card after loss or theft. A blocked card cannot be unblocked.",
        "Once enabled, object lock cannot be turned off.",
        "Data on instance-store volumes does not survive a stop.",
        "Undelivered events queued for it are dropped.",
    ] {
        block.description = Some(description.into());
        assert!(!said(&block).contains(&undone), "{description}");
    }
}

/// A value added to what is there, or text appended to it, adds again on a retry, whatever
/// the update verb says.
#[test]
fn an_update_that_adds_to_the_current_value_repeats() {
    let patch = Method::Patch;
    let sets = (HintKind::Idempotent, true, Confidence::Medium);
    let mut update = facts(&patch, "updateStock", "Update stock level");
    update.path = Some("/v1/inventory/{sku}");
    assert!(said(&update).contains(&sets));
    for description in [
        "The adjustment in the body is added to the current on-hand quantity.",
        "The text in the body is appended to the existing notes.",
        "Sets the setpoint relative to the current one.",
    ] {
        update.description = Some(description.into());
        assert!(!said(&update).contains(&sets), "{description}");
    }
}

/// Overwriting said in other words ("gets overwritten", "overwriting any previous value")
/// is no mere addition.
#[test]
fn an_add_that_overwrites_on_conflict_is_not_an_addition() {
    let post = Method::Post;
    let adds = (HintKind::Destructive, false, Confidence::High);
    let mut add = facts(&post, "addRecord", "Add a DNS record");
    add.path = Some("/v1/zones/{zone}/records");
    add.statuses = vec!["201"];
    assert!(said(&add).contains(&adds));
    for description in [
        "An existing record with the same name and type gets overwritten.",
        "Stores the value under the key, overwriting any previous value.",
        "Only one record per name. Otherwise the record will be updated.",
    ] {
        add.description = Some(description.into());
        assert!(!said(&add).contains(&adds), "{description}");
    }
}

/// Removing the head of a queue removes another message on a retry: a DELETE there is not
/// said to be idempotent, as one of a named resource is.
#[test]
fn taking_the_head_of_a_queue_repeats() {
    let delete = Method::Delete;
    let mut remove = facts(&delete, "", "Remove a message");
    remove.path = Some("/v1/queues/{queue}/messages/{id}");
    assert!(says(&remove, HintKind::Idempotent, true));
    remove.path = Some("/v1/queues/{queue}/head");
    assert!(!says(&remove, HintKind::Idempotent, true));
}

/// Starting a runbook, a script or a playbook makes a run of it each time: no switch.
#[test]
fn starting_a_runbook_makes_a_run() {
    let post = Method::Post;
    let switch = (HintKind::Idempotent, true, Confidence::Medium);
    let mut start = facts(&post, "", "Start a runbook");
    start.path = Some("/automation/runbooks/{name}/start");
    assert!(!said(&start).contains(&switch));
    start.summary = Some("Start a virtual machine".into());
    start.path = Some("/vms/{name}/start");
    assert!(said(&start).contains(&switch));
}

/// "If it was already accepted, no action is performed" says nothing of a resend that
/// finds it unaccepted; "if it has already been requested" says what a repeated request
/// does.
#[test]
fn what_is_already_done_says_a_repeat_changes_nothing_only_of_that_act() {
    let post = Method::Post;
    let no_op = (HintKind::Idempotent, true, Confidence::High);
    let mut resend = facts(&post, "", "Resend the invitation");
    resend.path = Some("/invitations/{id}/resend");
    resend.description =
        Some("If the invitation was already accepted, no action is performed.".into());
    assert!(!said(&resend).contains(&no_op));
    let mut request = facts(&post, "", "Request an insight");
    request.path = Some("/bundles/{id}/insights");
    request.description =
        Some("If the insight has already been requested, no action is performed.".into());
    assert!(said(&request).contains(&no_op));
}

/// A PUT that makes something at a collection's URI names none of what it makes: each call
/// makes another. Adding members to a set there adds them once.
#[test]
fn a_put_that_makes_something_at_a_collection_repeats() {
    let put = Method::Put;
    let mut generate = facts(&put, "", "Generates asset changes.");
    generate.path = Some("/v3/asset-changes/change-sets");
    assert!(says(&generate, HintKind::Idempotent, false));
    let mut add = facts(&put, "", "Add assets to a board");
    add.path = Some("/v3/boards/{board_id}/assets");
    assert!(!says(&add, HintKind::Idempotent, false));
}

/// What the call takes with it, said besides ("also deletes their forks"), is not restored
/// by adding the relation back; the opening said again in other words ("Removes the
/// suspension") is no such thing.
#[test]
fn a_cascade_said_besides_is_no_mere_removal() {
    let delete = Method::Delete;
    let mut remove = facts(
        &delete,
        "removeCollaborator",
        "Remove a repository collaborator",
    );
    remove.path = Some("/repos/{owner}/{repo}/collaborators/{username}");
    remove.description = Some("Removes the user from the collaborators.".into());
    assert!(says(&remove, HintKind::Destructive, false));
    remove.description =
        Some("Removing a collaborator from a private repository also deletes their forks.".into());
    assert!(!says(&remove, HintKind::Destructive, false));
}

/// What a PUT's description says is incremented or inserted on every call, in the future
/// tense too (AWS IoT's `UpdateStream`: "The stream version will be incremented by one"),
/// makes it no set-to-value update.
#[test]
fn a_put_that_will_increment_is_not_idempotent() {
    let put = Method::Put;
    let mut update = facts(&put, "UpdateStream", "");
    update.path = Some("/streams/{streamId}");
    update.description =
        Some("Updates an existing stream. The stream version will be incremented by one.".into());
    assert!(says(&update, HintKind::Idempotent, false));
    // BambooHR's creating PUTs: "A new time off history item will be inserted".
    let mut history = facts(&put, "", "Add a Time Off History Item");
    history.path = Some("/v1/employees/{employeeId}/time_off/history");
    history.description =
        Some("A new time off history item will be inserted into the database.".into());
    assert!(says(&history, HintKind::Idempotent, false));
}

/// A call that "returns a new" credential makes one on every call, whatever its verb says
/// of the old one (Plaid's "Invalidate access_token": "The endpoint returns a new
/// `access_token` and immediately invalidates the previous"): no retry is invited.
#[test]
fn what_returns_a_new_one_is_not_idempotent() {
    let post = Method::Post;
    let mut rotate = facts(
        &post,
        "itemAccessTokenInvalidate",
        "Invalidate access_token",
    );
    rotate.path = Some("/item/access_token/invalidate");
    rotate.description = Some(
        "The endpoint returns a new `access_token` and immediately invalidates the previous \
         `access_token`."
            .into(),
    );
    assert!(!says(&rotate, HintKind::Idempotent, true));
    rotate.description = Some("Invalidates the `access_token`.".into());
    assert!(says(&rotate, HintKind::Idempotent, true));
}

/// Attack round 66: a date moved "on top of any extension the student already has" moves
/// again on a repeat.
#[test]
fn a_put_that_moves_on_top_of_what_is_there_is_not_idempotent() {
    let put = Method::Put;
    let mut extend = facts(
        &put,
        "extend_due_date_for_student",
        "Give a student extra time",
    );
    extend.path = Some("/courses/{course_id}/assignments/{assignment_id}/extensions/{user_id}");
    assert!(!says(&extend, HintKind::Idempotent, false));
    extend.description = Some(
        "Moves the student's due date later by `extra_days` days, on top of any extension the student already has."
            .into(),
    );
    assert!(says(&extend, HintKind::Idempotent, false));
}

/// Attack round 68: what is "stored as a new revision" is another revision on each call.
#[test]
fn a_put_stored_as_a_new_revision_is_not_idempotent() {
    let put = Method::Put;
    let mut save = facts(&put, "uploadSave", "Upload a cloud save");
    save.path = Some("/v2/players/{playerId}/saves/{slot}");
    assert!(!says(&save, HintKind::Idempotent, false));
    save.description = Some("Each upload is stored as a new revision of the slot.".into());
    assert!(says(&save, HintKind::Idempotent, false));
}

/// Attack round 68: a ban posted to a collection with a 201 makes a ban each time, however
/// it ends something.
#[test]
fn an_end_that_is_created_is_not_idempotent() {
    let post = Method::Post;
    let mut ban = facts(&post, "banPlayer", "Ban a player");
    ban.path = Some("/v2/players/{playerId}/bans");
    ban.statuses = vec!["201"];
    assert!(!says(&ban, HintKind::Idempotent, true));
    // An action on one resource that answers 201 still ends it once (Rebilly's).
    let mut cancel = facts(&post, "", "Cancel a coupon redemption");
    cancel.path = Some("/coupons-redemptions/{id}/cancel");
    cancel.statuses = vec!["201"];
    assert!(says(&cancel, HintKind::Idempotent, true));
}

/// Attack rounds 68 to 70: what says each call makes a new thing ("Every request adds a
/// new note", "A new card ... is issued", "Every update creates a new plan version") or
/// moves an amount ("Add funds to carrier", "Award experience") says a retry does it
/// again.
#[test]
fn a_new_thing_made_or_an_amount_moved_on_each_call_repeats() {
    let (put, post) = (Method::Put, Method::Post);
    let idempotent = |facts: &Facts<'_>| says(facts, HintKind::Idempotent, true);
    // (A PUT is idempotent by its method: review says so when it is not.)
    let repeats = |facts: &Facts<'_>| says(facts, HintKind::Idempotent, false);
    let mut note = facts(&put, "putNote", "Add a work order note");
    note.path = Some("/v1/workorders/{workOrderId}/notes");
    assert!(!repeats(&note));
    note.description = Some("Adds a note to the history. Every request adds a new note.".into());
    assert!(repeats(&note));
    let mut replace = facts(&post, "replaceCard", "Replace a card");
    replace.path = Some("/cards/{card_id}/replace");
    assert!(idempotent(&replace));
    replace.description = Some(
        "Use when a card is lost. A new card with a new card number is issued and the current card is closed."
            .into(),
    );
    assert!(!idempotent(&replace));
    let mut plan = facts(&post, "UpdateBackupPlan", "Update a backup plan");
    plan.path = Some("/v1/backup-plans/{backupPlanId}");
    assert!(idempotent(&plan));
    plan.description = Some("Every update creates a new plan version.".into());
    assert!(!idempotent(&plan));
    for (name, summary, path) in [
        (
            "add_funds",
            "Add funds to carrier",
            "/v1/carriers/{id}/add_funds",
        ),
        (
            "awardExperience",
            "Award experience",
            "/v2/players/{playerId}/xp",
        ),
        ("loadFunds", "Load funds", "/cards/{card_id}/balance"),
    ] {
        let mut moved = facts(&put, name, summary);
        moved.path = Some(path);
        assert!(repeats(&moved), "{summary}");
    }
    // A credit card is a thing; so is what follows a preposition.
    for (summary, path) in [
        ("Add credit card", "/customers/{id}/credit_card"),
        ("Add user to credit program", "/programs/{id}/users/{user}"),
    ] {
        let mut added = facts(&put, "", summary);
        added.path = Some(path);
        assert!(!repeats(&added), "{summary}");
    }
}

/// What a new thing made is read in: a GET's sentence only of each request; never one of
/// what exists, what the caller must do, or what is denied.
#[test]
fn a_new_thing_is_made_only_where_said_of_the_call() {
    use super::super::sentences::makes_a_new_one;
    let link =
        "a new link is generated on each request and any link issued before it stops working.";
    assert_eq!(makes_a_new_one(link, true), Some("new link is generated"));
    let note = "adds a note. each request creates a new load transaction.";
    assert_eq!(makes_a_new_one(note, true), Some("each request creates"));
    // Of a GET, what happens apart from the call; of a PUT, what happens when none exists.
    let monthly = "returns the statement. a new statement is generated monthly.";
    assert_eq!(makes_a_new_one(monthly, true), None);
    assert_eq!(
        makes_a_new_one(monthly, false),
        Some("new statement is generated")
    );
    let upsert = "creates or updates a hub. if the hub does not exist, a new hub is created.";
    assert_eq!(makes_a_new_one(upsert, false), None);
    let must = "new credentials will need to be generated.";
    assert_eq!(makes_a_new_one(must, false), None);
    let given = "when `message` is given, a new update is added to the timeline.";
    assert_eq!(makes_a_new_one(given, false), Some("new update is added"));
    assert_eq!(makes_a_new_one(given, true), None);
    let id = "each request generates a unique request id.";
    assert_eq!(makes_a_new_one(id, true), None);
}

/// Attack round 73: replacing something "with a new one" makes another on each call, of a
/// GET too; one the caller gives is set.
#[test]
fn a_replacement_with_a_new_one_is_made_again() {
    let get = Method::Get;
    let mut legacy = facts(&get, "legacyChangeDynamicUrl", "Change the dynamic URL");
    legacy.path = Some("/dns/change-dynamic-url.json");
    legacy.description = Some(
        "Replaces the record's DynamicURL with a new one. The old URL stops working at once."
            .into(),
    );
    assert!(!says(&legacy, HintKind::Idempotent, true));
    let post = Method::Post;
    let mut secret = facts(&post, "rotateSecret", "");
    secret.description = Some("Replace the webhook's signing secret with a new one.".into());
    assert!(!says(&secret, HintKind::Idempotent, true));
    use super::super::sentences::makes_a_new_one;
    let given = "replaces the card's pin with a new pin given in the body.";
    assert_eq!(makes_a_new_one(given, false), None);
    // (A fresh reader's review: the body is often the new one; what the server mints may be
    // returned "in" the answer.)
    let body = "replaces the existing policy with a new one.";
    assert_eq!(makes_a_new_one(body, false), None);
    let returned = "replaces the signing secret with a new one and returns it in the response.";
    assert!(makes_a_new_one(returned, false).is_some());
    let keys = "replaces the api keys with new ones.";
    assert!(makes_a_new_one(keys, false).is_some());
    let later = "returns the key. the key is replaced with a new one every 30 days.";
    assert_eq!(makes_a_new_one(later, true), None);
}

/// Attack round 73: a switch that is toggled flips back on a repeat.
#[test]
fn a_toggle_said_in_prose_is_no_set_to_value() {
    let get = Method::Get;
    let mut status = facts(&get, "legacyChangeRecordStatus", "");
    status.path = Some("/dns/change-status.json");
    status.description = Some(
        "Activates or deactivates a record. If `status` is omitted, the record's status is toggled."
            .into(),
    );
    assert!(says(&status, HintKind::ReadOnly, false));
    assert!(!says(&status, HintKind::Idempotent, true));
    // (A fresh reader's review: a list that tells what a toggle does reads; a switch
    // "toggled to the given value" is set.)
    let mut flags = facts(&get, "listFlags", "List feature flags");
    flags.description =
        Some("Returns the flags. A flag that is toggled takes effect within a minute.".into());
    assert!(!says(&flags, HintKind::ReadOnly, false));
    let put = Method::Put;
    let mut light = facts(&put, "setLight", "Set light state");
    light.path = Some("/lights/{id}/state");
    light.description = Some("The on attribute is toggled to the given value.".into());
    assert!(!says(&light, HintKind::Idempotent, false));
    let post = Method::Post;
    let mut relay = facts(&post, "", "Switch the relay");
    relay.path = Some("/relays/{id}/switch");
    relay.description = Some("The relay's output is toggled between on and off.".into());
    assert!(!says(&relay, HintKind::Idempotent, true));
}

/// Attack round 75: a POST "Validate a filing" whose own act, named as a noun, moves the
/// envelope ("Passing validation moves the envelope to `ready`") is not read-only; another
/// call's act told so is not the call's ("Submission moves the envelope to `filed`").
#[test]
fn the_call_s_own_act_named_as_a_noun_is_the_call() {
    let post = Method::Post;
    let mut validate = facts(&post, "filings.validate", "Validate a filing");
    validate.path = Some("/filings.validate");
    // (At low confidence, unsure, review still shows that the words read.)
    let read_only = |facts: &Facts<'_>| {
        (said(facts).iter())
            .any(|&(h, v, c)| (h, v) == (HintKind::ReadOnly, true) && c != Confidence::Low)
    };
    let told = |then: &str| {
        format!("Runs the court's e-filing rules against the envelope and returns any errors. {then}; only a ready envelope can be submitted.")
    };
    validate.description = Some(told("Passing validation moves the envelope to `ready`").into());
    assert!(!read_only(&validate));
    validate.description = Some(told("Validation moves the envelope to `ready`").into());
    assert!(!read_only(&validate));
    validate.description = Some(told("Submission moves the envelope to `filed`").into());
    assert!(read_only(&validate));
    validate.description = Some(told("Failing validation returns the errors").into());
    assert!(read_only(&validate));
    validate.description = Some(told("A successful check moves the envelope to `ready`").into());
    validate.summary = Some("Check a filing".into());
    assert!(!read_only(&validate));
    // (The imperative is no noun: "Search for stops and routes" searches.)
    let get = Method::Get;
    let mut search = facts(&get, "", "Search for stops, routes and outlets");
    search.path = Some("/v3/search/{search_term}");
    assert!(a_sentence_acts(&read(&search)).is_none());
}

/// ClickMeter's PUT "Fast switch the favourite field of a datapoint" is given nothing to
/// set: it flips the field. Switched to a given value ("Switch plan" with a plan), it sets;
/// a GET "Switch input" acts.
#[test]
fn a_switch_given_no_value_flips() {
    let put = Method::Put;
    let mut favourite = facts(
        &put,
        "",
        "Fast switch the \"favourite\" field of a datapoint",
    );
    favourite.path = Some("/datapoints/{id}/favourite");
    favourite.given_nothing = true;
    assert!(says(&favourite, HintKind::Idempotent, false));
    favourite.given_nothing = false;
    assert!(!says(&favourite, HintKind::Idempotent, false));
    let post = Method::Post;
    let mut plan = facts(&post, "", "Switch plan");
    plan.path = Some("/subscriptions/{id}/switch");
    assert!(!says(&plan, HintKind::Idempotent, false));
    let get = Method::Get;
    let mut input = facts(&get, "", "Switch input");
    input.description = Some("Switches between HDMI 1 and HDMI 2 on the display.".into());
    input.path = Some("/api/input3");
    assert!(says(&input, HintKind::ReadOnly, false));
}

/// Attack round 71: rebuilding a build makes another; a version that a stale request fails
/// on is no counter each call bumps (one a restore bumps is).
#[test]
fn a_rebuild_runs_again_and_a_checked_version_is_no_counter() {
    let put = Method::Put;
    let mut rebuild = facts(&put, "rebuildBuild", "Rebuild a build");
    rebuild.path = Some("/builds/{number}/rebuild");
    assert!(says(&rebuild, HintKind::Idempotent, false));
    let mut update = facts(&put, "UpdateOrder", "Update an order");
    update.path = Some("/v2/orders/{order_id}");
    update.description = Some(
        "Replaces the line items. The `version` is incremented on every successful update; a request with an older version fails with 409."
            .into(),
    );
    assert!(!says(&update, HintKind::Idempotent, false));
    update.description = Some("Replaces the line items. The version number is incremented.".into());
    assert!(says(&update, HintKind::Idempotent, false));
}

/// Attack round 71: closing a tab that "Captures the pre-authorized card" takes money, as
/// capturing a payment does: no retry is invited. Charges named as a thing take nothing.
#[test]
fn an_end_that_captures_money_is_not_said_idempotent() {
    let post = Method::Post;
    let mut close = facts(&post, "CloseTab", "Close a tab");
    close.path = Some("/v2/tabs/{tab_id}/close");
    assert!(says(&close, HintKind::Idempotent, true));
    close.description = Some("Pending charges are applied to the card when the tab closes.".into());
    assert!(says(&close, HintKind::Idempotent, true));
    close.description =
        Some("Captures the pre-authorized card for the tab total and closes the tab.".into());
    assert!(!says(&close, HintKind::Idempotent, true));
}

/// A fresh reader's review of attack round 71's rules: what stays as it was. A cache or an
/// index rebuilt is replaced, and a GET's rebuild status reads; a version counter without a
/// refusal in its sentence still counts each call; a card replaced while "the existing card
/// is closed" is new each time; a GET's request ID or signed URL made per request is an
/// answer; "The new member is added" adds a member; an amount that names a thing ("balance
/// alert", "credit memo") moves nothing, and one in the third person ("Awards experience
/// points") does.
#[test]
fn attack_71_rules_stay_narrow() {
    let (get, put, post) = (Method::Get, Method::Put, Method::Post);
    let repeats = |facts: &Facts<'_>| says(facts, HintKind::Idempotent, false);
    let mut cache = facts(&put, "rebuildPipelineCache", "Rebuild pipeline cache");
    cache.path = Some("/ci/pipelines/{id}/cache");
    assert!(!says(&cache, HintKind::Destructive, false));
    let mut status = facts(&get, "getRebuildJobStatus", "Rebuild job status");
    status.path = Some("/rebuild-jobs/{id}/status");
    status.description = Some("Returns the status of a rebuild job.".into());
    assert!(!says(&status, HintKind::ReadOnly, false));
    let mut version = facts(&put, "updateFlag", "Update a flag");
    version.path = Some("/flags/{key}");
    for counted in [
        "Updates the flag. The flag version is incremented on every update. The description may be up to 4096 characters.",
        "Updates the flag. The flag version is incremented on every update. Older versions remain available.",
        "Updates the flag. The flag version is incremented on every update. Returns 409 if another flag uses the key.",
    ] {
        version.description = Some(counted.into());
        assert!(repeats(&version), "{counted}");
    }
    let mut replace = facts(&post, "replaceCard", "Replace a card");
    replace.path = Some("/cards/{card_id}/replace");
    replace.description = Some("A new card is issued and the existing card is closed.".into());
    assert!(!says(&replace, HintKind::Idempotent, true));
    let mut member = facts(&put, "addGroupMember", "Add a user to a group");
    member.path = Some("/groups/{groupId}/users/{userId}");
    member.description = Some("The new member is added to the group.".into());
    assert!(!repeats(&member));
    for (summary, moves) in [
        ("Add balance alert", false),
        ("Add credit memo", false),
        ("Awards experience points to a player", true),
    ] {
        let mut added = facts(&put, "", summary);
        added.path = Some("/players/{id}/things");
        assert_eq!(repeats(&added), moves, "{summary}");
    }
}

/// A GET's identifier, URL or token made anew for each request is an answer, unless what
/// was issued before stops working.
#[test]
fn a_new_id_made_per_request_is_an_answer() {
    use super::super::sentences::makes_a_new_one;
    let id = "a new request id is generated for each request and returned in a header.";
    assert_eq!(makes_a_new_one(id, true), None);
    let url = "a new pre-signed url is generated for each request; it expires after a minute.";
    assert_eq!(makes_a_new_one(url, true), None);
    let token = "a new token is issued on each request and any token issued before it expires.";
    assert_eq!(makes_a_new_one(token, true), Some("new token is issued"));
}

/// Attack round 72: a check whose result "is attached to" a record keeps it, though the
/// result is a response; a plan attached to a patient is a relation that exists.
#[test]
fn a_result_kept_on_a_record_is_no_read() {
    let post = Method::Post;
    let mut check = facts(
        &post,
        "checkPrescriptionBenefit",
        "Check real-time prescription benefit",
    );
    check.path = Some("/prescriptions/{prescriptionId}/benefit-check");
    check.description =
        Some("Checks the patient's coverage. The cost is returned in the response.".into());
    assert!(says(&check, HintKind::ReadOnly, true));
    // A relation that exists is no result kept.
    check.description = Some("Checks the coverage. The plan is attached to the patient.".into());
    assert!(says(&check, HintKind::ReadOnly, true));
    check.description = Some(
        "Checks the patient's coverage. The benefit response is attached to the prescription."
            .into(),
    );
    // (At most unsure: one reading word is not enough.)
    let suggested = said(&check);
    assert!(suggested
        .iter()
        .all(|&(hint, value, confidence)| !(hint == HintKind::ReadOnly
            && value
            && confidence != Confidence::Low)));
}

/// A second fresh reader's review (of attack rounds 71 and 72's rules): a result kept in
/// other words ("stored in", "will be attached", "The results of the check are", "saved
/// against") writes, where one attached to the answer ("to the returned address", "to each
/// input") does not; a close that charges in other words takes money ("and
/// charges the customer", "is charged", ", capturing", "Closing a tab captures"), where
/// "Charges on the card are reversed" names charges; a version's refusal counts only in a
/// clause that names the version and does not say "may", or in the next sentence.
#[test]
fn second_review_of_attack_71_and_72() {
    let (post, put) = (Method::Post, Method::Put);
    let high_read_only = |facts: &Facts<'_>| {
        said(facts).contains(&(HintKind::ReadOnly, true, Confidence::High))
            || said(facts).contains(&(HintKind::ReadOnly, true, Confidence::Medium))
    };
    let mut check = facts(
        &post,
        "checkBenefit",
        "Check real-time prescription benefit",
    );
    check.path = Some("/prescriptions/{id}/benefit-check");
    for kept in [
        "Checks the coverage. The benefit response is stored in the prescription record.",
        "Checks the coverage. The benefit response will be attached to the prescription.",
        "Checks the coverage. The results of the check are attached to the prescription.",
        "Checks the coverage. The benefit response is saved against the prescription.",
    ] {
        check.description = Some(kept.into());
        assert!(!high_read_only(&check), "{kept}");
    }
    for answered in [
        "Checks the coverage. The result is attached to the returned address object.",
        "Checks the coverage. Results are attached to each input address in order.",
    ] {
        check.description = Some(answered.into());
        assert!(high_read_only(&check), "{answered}");
    }
    let mut close = facts(&post, "CloseTab", "Close a tab");
    close.path = Some("/v2/tabs/{tab_id}/close");
    for takes in [
        "Closes the tab and charges the customer for the tab total.",
        "Closes the tab. The customer's card on file is charged for the tab total.",
        "Closes the tab, capturing the pre-authorized amount plus tip.",
        "Closing a tab captures the pre-authorization for the final amount.",
    ] {
        close.description = Some(takes.into());
        assert!(!says(&close, HintKind::Idempotent, true), "{takes}");
    }
    close.description = Some("Closes the tab. Charges on the card are reversed.".into());
    assert!(says(&close, HintKind::Idempotent, true));
    let mut version = facts(&put, "updateFlag", "Update a flag");
    version.path = Some("/flags/{key}");
    for counted in [
        "The flag version is incremented on every update, and a 409 is returned if another flag uses the key.",
        "Its version is incremented on every update; you may send the version in If-Match, and a mismatch fails with 412.",
    ] {
        version.description = Some(counted.into());
        assert!(says(&version, HintKind::Idempotent, false), "{counted}");
    }
    version.description = Some(
        "The version is incremented on every update. Requests with an older version fail with 409 Conflict."
            .into(),
    );
    assert!(!says(&version, HintKind::Idempotent, false));
}

/// The second review, on amounts, rebuilds and new things: an amount after "into", "via"
/// or "up" moves ("Deposit funds into a wallet", "Tops up the prepaid balance", "Add
/// minutes to a prepaid plan"); "work experience" and "points of interest" are things; a
/// rebuild of "the latest build" runs again; "A new revision is always created" and "A
/// brand new card number is issued" are new each time; "New members are added" tells of a
/// kind.
#[test]
fn second_review_amounts_rebuilds_and_new_things() {
    let put = Method::Put;
    let repeats = |facts: &Facts<'_>| says(facts, HintKind::Idempotent, false);
    for (summary, moves) in [
        ("Deposit funds into a wallet", true),
        ("Tops up the prepaid balance", true),
        ("Add minutes to a prepaid plan", true),
        ("Add work experience to a profile", false),
        ("Add points of interest to a map", false),
        ("Rebuild the latest build", true),
        ("Rebuild pipeline cache", false),
    ] {
        let mut operation = facts(&put, "", summary);
        operation.path = Some("/things/{id}/part");
        assert_eq!(repeats(&operation), moves, "{summary}");
    }
    let mut save = facts(&put, "saveDocument", "Save a document");
    save.path = Some("/documents/{id}");
    for (description, new) in [
        (
            "Saves the document. A new revision is always created.",
            true,
        ),
        (
            "Replaces the card. A brand new card number is issued.",
            true,
        ),
        (
            "Adds the members. New members are added with the Viewer role.",
            false,
        ),
    ] {
        save.description = Some(description.into());
        assert_eq!(repeats(&save), new, "{description}");
    }
}

/// Attacks 72 and 73: a write that takes by how much it moves what it changes (`delta`)
/// moves it again on a repeat, by PUT or by PATCH; a GET's `delta` (a sync token) is read.
#[test]
fn a_write_by_a_delta_repeats() {
    let (put, patch, get) = (Method::Put, Method::Patch, Method::Get);
    let mut on_hand = facts(&put, "adjustOnHand", "Adjust on-hand count");
    on_hand.path = Some("/inventory/{ndc}/on-hand");
    assert!(!says(&on_hand, HintKind::Idempotent, false));
    on_hand.amount = Some("delta");
    assert!(says(&on_hand, HintKind::Idempotent, false));
    let mut rooms = facts(&patch, "", "");
    rooms.path = Some("/allotments/{id}/inventory");
    rooms.description = Some("Changes the number of rooms for each night.".into());
    assert!(says(&rooms, HintKind::Idempotent, true));
    rooms.amount = Some("delta");
    assert!(!says(&rooms, HintKind::Idempotent, true));
    let mut changes = facts(&get, "listChanges", "List changes");
    changes.path = Some("/users/delta");
    changes.amount = Some("delta");
    assert!(!says(&changes, HintKind::ReadOnly, false));
    // Attack 74: Hue's `bri_inc`, a `quantity_delta`, a `change_amount`; not what includes
    // tax, nor a step size.
    use super::super::moves_by;
    for name in [
        "bri_inc",
        "ct_inc",
        "quantitydelta",
        "change_amount",
        "delta",
    ] {
        assert!(moves_by(name), "{name}");
    }
    for name in [
        "price_tax_inc",
        "price_vat_inc",
        "increment",
        "adjustment",
        "delta_link",
    ] {
        assert!(!moves_by(name), "{name}");
    }
}

/// Attack 74: "Set a hold" posted to a collection with a 201 pushes one more hold; set at
/// the hold itself, it sets.
#[test]
fn a_set_posted_to_a_collection_with_a_201_adds() {
    let post = Method::Post;
    let mut holds = facts(&post, "setHold", "Set a hold");
    holds.path = Some("/thermostats/{thermostatId}/holds");
    holds.statuses = vec!["201"];
    assert!(!says(&holds, HintKind::Idempotent, true));
    let mut hold = facts(&post, "setHold", "Set the hold");
    hold.path = Some("/thermostats/{thermostatId}/hold");
    assert!(says(&hold, HintKind::Idempotent, true));
}

/// Attack 73: a transfer that takes an `amount` moves that much again on a repeat, where
/// one without moves a thing to a place.
#[test]
fn a_transfer_of_an_amount_repeats() {
    let post = Method::Post;
    let mut transfer = facts(&post, "transferBalance", "Transfer balance");
    transfer.path = Some("/folios/{folioId}/transfers/{id}");
    assert!(says(&transfer, HintKind::Idempotent, true));
    transfer.amount = Some("amount");
    assert!(!says(&transfer, HintKind::Idempotent, true));
}

/// A third review (of the rules above): an API's version refused is no check of the
/// resource's; an `increment` may be a step size set; "Charges for the tab total" is the
/// verb; a payment "that has been captured" tells of a condition; a result "stored in a
/// cache" is kept on no record.
#[test]
fn third_review_of_versions_amounts_and_money() {
    let (put, patch, post) = (Method::Put, Method::Patch, Method::Post);
    let mut flag = facts(&put, "updateFlag", "Update a flag");
    flag.path = Some("/flags/{key}");
    flag.description = Some(
        "The flag's version is incremented on every update. Requests that specify an outdated api_version are rejected."
            .into(),
    );
    assert!(says(&flag, HintKind::Idempotent, false));
    let mut sequence = facts(&patch, "updateSequence", "Update a sequence");
    sequence.path = Some("/sequences/{id}");
    sequence.amount = Some("increment");
    assert!(says(&sequence, HintKind::Idempotent, true));
    let mut close = facts(&post, "CloseTab", "Close a tab");
    close.path = Some("/v2/tabs/{tab_id}/close");
    close.description =
        Some("Charges for the tab total on the card on file and closes the tab.".into());
    assert!(!says(&close, HintKind::Idempotent, true));
    let mut void = facts(&post, "voidPayment", "Void payment");
    void.path = Some("/payments/{id}/void");
    void.description = Some(
        "Voids an authorized payment. A payment that has been captured cannot be voided.".into(),
    );
    assert!(says(&void, HintKind::Idempotent, true));
    use super::super::read::result_kept;
    let cached = "validates the address. results are stored in a cache for 24 hours.";
    assert_eq!(result_kept(cached, |_| true), None);
    let kept = "checks the coverage. the benefit response is stored in the prescription record.";
    assert_eq!(result_kept(kept, |_| true), Some("stored"));
}

/// Attack 73: a start that throws away progress on a repeat ("For an IP that is already
/// warming up, the plan starts again from day one") is not called non-destructive.
#[test]
fn a_start_that_starts_again_from_day_one_is_not_only_adding() {
    let post = Method::Post;
    let mut warmup = facts(&post, "startWarmup", "Start IP warm-up");
    warmup.path = Some("/v1/ips.warmup.start");
    assert!(says(&warmup, HintKind::Destructive, false));
    warmup.description = Some(
        "Starts the warm-up plan. For an IP that is already warming up, the plan starts again from day one."
            .into(),
    );
    assert!(!says(&warmup, HintKind::Destructive, false));
}

/// Attack round 76: accepting an event that emails its organizer, or offering a slot to the
/// next invitee "and emails them", does so again on a repeat: not idempotent.
#[test]
fn a_settle_that_emails_is_not_idempotent() {
    let post = Method::Post;
    let mut accept = facts(&post, "accept_event", "Accept an event");
    accept.path = Some("/calendars/{calendarId}/events/{eventId}/accept");
    assert!(says(&accept, HintKind::Idempotent, true));
    accept.description = Some(
        "Accepts the invitation. The organizer receives a response email with the optional comment."
            .into(),
    );
    assert!(!says(&accept, HintKind::Idempotent, true));
    let mut promote = facts(&post, "promote_waitlist", "Offer a freed slot");
    promote.path = Some("/booking-pages/{pageId}/waitlist/promote");
    promote.description = Some(
        "Offers the given slot to the next invitee on the waitlist and emails them a link to book it."
            .into(),
    );
    assert!(!says(&promote, HintKind::Idempotent, true));
}

/// Attack rounds 76 and 77: accepting a quote that "Creates the delivery from the quote"
/// (201) makes one, no final state set again; a rollout that "Flashes the image to the
/// given devices" overwrites their firmware.
#[test]
fn accepting_that_creates_and_a_rollout_that_flashes_are_no_safe_settle_or_add() {
    let post = Method::Post;
    let mut accept = facts(&post, "", "Accept a quote");
    accept.path = Some("/v1/deliveries/quotes/{quote_id}/accept");
    accept.statuses = vec!["201", "409"];
    assert!(says(&accept, HintKind::Idempotent, true));
    accept.description =
        Some("Creates the delivery from the quote and dispatches a courier.".into());
    assert!(!says(&accept, HintKind::Idempotent, true));
    let mut rollout = facts(
        &post,
        "firmware.rollouts.create",
        "Start a firmware rollout",
    );
    rollout.path = Some("/firmware/rollouts");
    rollout.statuses = vec!["201"];
    assert!(says(&rollout, HintKind::Destructive, false));
    rollout.description =
        Some("Flashes the image to the given devices in waves of `wave_size`.".into());
    assert!(!says(&rollout, HintKind::Destructive, false));
}
