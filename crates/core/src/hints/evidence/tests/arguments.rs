//! What an operation's arguments say it does, whatever its words say.

use super::{of_each_operation, said};
use crate::hints::evidence::Confidence;
use crate::tool::HintKind;

/// One operation's spec: `method` at `path` with its summary, parameters (JSON) and body
/// properties (JSON).
fn spec(method: &str, path: &str, summary: &str, parameters: &str, body: &str) -> String {
    let body = if body.is_empty() {
        String::new()
    } else {
        format!(
            r#""requestBody": {{"content": {{"application/json": {{"schema": {{"type": "object", "properties": {body}}}}}}}}},"#
        )
    };
    format!(
        r#"{{"openapi": "3.0.0", "info": {{"title": "t", "version": "1"}}, "paths": {{
          "{path}": {{"{method}": {{"summary": "{summary}", "parameters": [{parameters}], {body}
            "responses": {{"200": {{"description": "ok"}}}}}}}}}}}}"#
    )
}

/// Whether review suggests `hint: value` (above low confidence), or, for `readOnlyHint:
/// false` on a GET, says it at all: that alone keeps the GET out of `--read-only`.
fn says(spec: &str, hint: HintKind, value: bool) -> bool {
    let said = of_each_operation(spec, said).remove(0);
    let enough = |c| c > Confidence::Low || (hint, value) == (HintKind::ReadOnly, false);
    said.iter()
        .any(|&(h, v, c)| (h, v) == (hint, value) && enough(c))
}

/// Salesforce's `_HttpMethod`, or a `method` whose values hold one that writes, picks the
/// method the server carries out: a POST that "gets" is then no read. A path's `{method}`
/// names a resource.
#[test]
fn a_parameter_that_picks_a_method_that_writes_overrides_it() {
    let get_a_record =
        |parameter: &str| spec("post", "/sobjects/{id}/get", "Get a record", parameter, "");
    let id = r#"{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}"#;
    assert!(says(&get_a_record(id), HintKind::ReadOnly, true));
    for parameter in [
        r#"{"name": "_HttpMethod", "in": "query", "schema": {"type": "string"}}"#,
        r#"{"name": "method", "in": "query", "schema": {"type": "string", "enum": ["GET", "PATCH", "DELETE"]}}"#,
    ] {
        let spec = get_a_record(&format!("{id}, {parameter}"));
        assert!(!says(&spec, HintKind::ReadOnly, true), "{parameter}");
    }
    let settings = spec(
        "get",
        "/responses/{method}",
        "Get response settings",
        r#"{"name": "method", "in": "path", "required": true, "schema": {"type": "string", "enum": ["GET", "DELETE"]}}"#,
        "",
    );
    assert!(!says(&settings, HintKind::ReadOnly, false));
}

/// A GET whose parameter's values are a switch's sides operates something: it is no read.
/// Values that filter (`open|closed`, `on|partial|off`, an audit log's
/// `action=create|update|delete`) are not commands.
#[test]
fn a_parameter_whose_values_are_commands_acts() {
    let garage = |parameter: &str, values: &str| {
        let parameter = format!(
            r#"{{"name": "{parameter}", "in": "query", "schema": {{"type": "string", "enum": [{values}]}}}}"#
        );
        spec(
            "get",
            "/api/garage",
            "State of the garage door",
            &parameter,
            "",
        )
    };
    for (parameter, values) in [
        ("action", r#""open", "close", "stop""#),
        ("power", r#""on", "off""#),
    ] {
        let spec = garage(parameter, values);
        assert!(
            says(&spec, HintKind::ReadOnly, false),
            "{parameter}={values}"
        );
    }
    for (parameter, values) in [
        ("state", r#""open", "closed""#),
        ("tracking", r#""Off", "Partial", "On""#),
        ("sort", r#""created", "updated""#),
        ("action", r#""create", "update", "delete""#),
        ("status", r#""on", "off""#),
    ] {
        let spec = garage(parameter, values);
        assert!(
            !says(&spec, HintKind::ReadOnly, false),
            "{parameter}={values}"
        );
    }
}

/// A GET whose required `mode`, `cmd` or `action` picks among acts that write dispatches
/// them (SABnzbd's `mode=shutdown`, Solr's `action=DELETE`, `Items.Delete`); an optional one
/// filters, and values that read or are mostly nouns (`queue`, `history`) pick reads.
#[test]
fn a_required_command_that_writes_dispatches_acts() {
    let api = |name: &str, required: bool, values: &str| {
        let parameter = format!(
            r#"{{"name": "{name}", "in": "query", "required": {required}, "schema": {{"type": "string", "enum": [{values}]}}}}"#
        );
        spec("get", "/sabnzbd/api", "SABnzbd API", &parameter, "")
    };
    for (name, values) in [
        ("mode", r#""queue", "history", "shutdown""#),
        ("action", r#""LIST", "CLUSTERSTATUS", "DELETE""#),
        ("cmd", r#""getStatus", "rebootSystem""#),
        ("op", r#""Items.List", "Items.Delete""#),
    ] {
        let spec = api(name, true, values);
        assert!(says(&spec, HintKind::ReadOnly, false), "{name}={values}");
    }
    let tautulli = r#"{"name": "cmd", "in": "query", "required": true, "description": "The command: get_activity, delete_all_user_history, terminate_session, restart.", "schema": {"type": "string"}}"#;
    let spec_of = |parameter: &str| spec("get", "/api/v2", "Tautulli API", parameter, "");
    assert!(says(&spec_of(tautulli), HintKind::ReadOnly, false));
    let reads = tautulli.replace(
        "delete_all_user_history, terminate_session, restart",
        "get_history",
    );
    assert!(!says(&spec_of(&reads), HintKind::ReadOnly, false));
    for (name, required, values) in [
        ("mode", true, r#""queue", "history", "version""#),
        ("action", false, r#""create", "delete""#),
        ("kind", true, r#""create", "delete""#),
    ] {
        let spec = api(name, required, values);
        assert!(!says(&spec, HintKind::ReadOnly, false), "{name}={values}");
    }
}

/// Attack round 74: a path's parameter named a command dispatches as a query's does
/// (Hubitat's `/devices/{id}/commands/{command}`); one named `action` names a resource
/// (`/audit/{action}`). A flag's act may follow how it is done (`factory_reset`).
#[test]
fn a_command_in_the_path_dispatches_and_a_factory_reset_acts() {
    let command = |name: &str| {
        let path = format!("/devices/{{id}}/commands/{{{name}}}");
        let parameter = format!(
            r#"{{"name": "{name}", "in": "path", "required": true, "schema": {{"type": "string", "enum": ["on", "off", "setLevel", "lock", "unlock"]}}}}"#
        );
        spec("get", &path, "Device command (GET form)", &parameter, "")
    };
    assert!(says(&command("command"), HintKind::ReadOnly, false));
    let help = r#"{"name": "command", "in": "path", "required": true, "schema": {"type": "string", "enum": ["reboot", "setLevel", "refresh"]}}"#;
    let help = spec("get", "/commands/{command}/help", "Command help", help, "");
    assert!(!says(&help, HintKind::ReadOnly, false));
    // (A second review: Hubitat's own path, and a bare `/api/{command}`, dispatch.)
    let value = r#"{"name": "command", "in": "path", "required": true, "schema": {"type": "string", "enum": ["on", "setLevel", "unlock"]}}"#;
    for path in ["/devices/{id}/{command}/{value}", "/api/{command}"] {
        let api = spec("get", path, "Maker API", value, "");
        assert!(says(&api, HintKind::ReadOnly, false), "{path}");
    }
    let audit = r#"{"name": "action", "in": "path", "required": true, "schema": {"type": "string", "enum": ["create", "delete"]}}"#;
    let audit = spec("get", "/audit/{action}", "List audit entries", audit, "");
    assert!(!says(&audit, HintKind::ReadOnly, false));
    let flag = |name: &str| {
        format!(r#"{{"name": "{name}", "in": "query", "schema": {{"type": "boolean"}}}}"#)
    };
    let settings = |name: &str| {
        spec(
            "get",
            "/bridge/settings",
            "Bridge settings",
            &flag(name),
            "",
        )
    };
    assert!(says(&settings("factory_reset"), HintKind::ReadOnly, false));
    // (Attack round 75: a flag whose description says what it does when true.)
    let checkout = r#"{"name": "checkout", "in": "query", "schema": {"type": "boolean"}, "description": "When true, the document is also checked out to the caller."}"#;
    let download = spec(
        "get",
        "/documents/{id}/content",
        "Download a document",
        checkout,
        "",
    );
    assert!(says(&download, HintKind::ReadOnly, false));
    assert!(!says(
        &settings("factory_defaults"),
        HintKind::ReadOnly,
        false
    ));
}

/// A flag that commits or expunges, also one turned on for the caller (`auto_commit`), acts;
/// so does a body's field that says when to act (`delete_after_fetch`), though a body's
/// field of one word describes what is sent.
#[test]
fn flags_that_commit_expunge_or_say_when_to_delete_act() {
    let flag = |name: &str| {
        format!(r#"{{"name": "{name}", "in": "query", "schema": {{"type": "boolean"}}}}"#)
    };
    for name in ["auto_commit", "expunge"] {
        let spec = spec("get", "/messages", "List messages", &flag(name), "");
        assert!(says(&spec, HintKind::ReadOnly, false), "{name}");
    }
    let fetch = |field: &str| {
        let body = format!(r#"{{"{field}": {{"type": "boolean"}}}}"#);
        spec("post", "/v1/records/fetch", "Fetch records", "", &body)
    };
    assert!(says(&fetch("archive"), HintKind::ReadOnly, true));
    assert!(!says(
        &fetch("delete_after_fetch"),
        HintKind::ReadOnly,
        true
    ));
}

/// A create whose argument asks to overwrite what is there (`overwrite`, `replaceIfExists`,
/// `force`) may replace it: not said to only add. `forceChangePassword` forces its own act.
#[test]
fn a_flag_that_overwrites_makes_a_create_destructive() {
    let create = |flag: &str| {
        let parameter =
            format!(r#"{{"name": "{flag}", "in": "query", "schema": {{"type": "boolean"}}}}"#);
        let spec = spec(
            "post",
            "/v1/buckets/{bucket}/objects",
            "Create an object",
            &parameter,
            "",
        );
        spec.replace(
            r#""200": {"description": "ok"}"#,
            r#""201": {"description": "Created"}"#,
        )
    };
    assert!(says(
        &create("forceChangePassword"),
        HintKind::Destructive,
        false
    ));
    for flag in ["overwrite", "replaceIfExists", "force"] {
        assert!(!says(&create(flag), HintKind::Destructive, false), "{flag}");
    }
}

/// A GET's `method=DELETE` filters what it reads (a log of requests): no override there.
#[test]
fn a_gets_method_values_filter() {
    let parameter = r#"{"name": "method", "in": "query", "schema": {"type": "string", "enum": ["GET", "DELETE"]}}"#;
    let log = spec(
        "get",
        "/v1/request-logs",
        "Search request logs",
        parameter,
        "",
    );
    assert!(!says(&log, HintKind::ReadOnly, false));
}

/// A body's `auto_commit` commits, as a parameter's does: the call is no read.
#[test]
fn a_bodys_auto_commit_acts() {
    let calculate = |field: &str| {
        let body = format!(r#"{{"{field}": {{"type": "boolean"}}}}"#);
        spec("post", "/v1/tax/calculate", "Calculate tax", "", &body)
    };
    assert!(says(&calculate("currency_code"), HintKind::ReadOnly, true));
    assert!(!says(&calculate("auto_commit"), HintKind::ReadOnly, true));
}

/// A flag typed as a string or a number of two values, true and false or 0 and 1, is a flag
/// as a boolean is (DocuSign's, PHP-style `?delete=1`); so is a string its description
/// calls one ("When true, ...").
#[test]
fn a_flag_of_any_type_acts() {
    let list = |parameter: &str| {
        spec(
            "get",
            "/v1/mailboxes/{id}/messages",
            "List messages",
            parameter,
            "",
        )
    };
    for schema in [
        r#"{"type": "string", "enum": ["true", "false"]}"#,
        r#"{"type": "integer", "enum": [0, 1]}"#,
    ] {
        let parameter = format!(r#"{{"name": "mark_as_read", "in": "query", "schema": {schema}}}"#);
        assert!(
            says(&list(&parameter), HintKind::ReadOnly, false),
            "{schema}"
        );
    }
    let described = r#"{"name": "purge", "in": "query", "description": "When true, purges them.", "schema": {"type": "string"}}"#;
    assert!(says(&list(described), HintKind::ReadOnly, false));
    let a_word = r#"{"name": "purge", "in": "query", "description": "A word.", "schema": {"type": "string"}}"#;
    assert!(!says(&list(a_word), HintKind::ReadOnly, false));
}

/// What chooses to overwrite, however it is spelt, in a parameter or a body's field of one
/// word, or as an enum's value (`mode: overwrite`, `conflictBehavior: replace`, Snowflake's
/// `createMode: orReplace`): a create that may overwrite is not "it adds".
#[test]
fn an_argument_that_chooses_to_overwrite_vetoes_adding() {
    let adds = |parameter: &str, body: &str| {
        let spec = spec("post", "/v1/objects", "Create an object", parameter, body);
        says(&spec, HintKind::Destructive, false)
    };
    assert!(adds("", r#"{"name": {"type": "string"}}"#));
    for name in ["over_write", "x-overwrite", "upsert", "allow_overwrite"] {
        let flag =
            format!(r#"{{"name": "{name}", "in": "query", "schema": {{"type": "boolean"}}}}"#);
        assert!(!adds(&flag, ""), "{name}");
    }
    for body in [
        r#"{"Overwrite": {"type": "boolean"}}"#,
        r#"{"Force": {"type": "boolean"}}"#,
        r#"{"mode": {"type": "string", "enum": ["add", "overwrite", "update"]}}"#,
    ] {
        assert!(!adds("", body), "{body}");
    }
    let conflict = r#"{"name": "conflictBehavior", "in": "query", "schema": {"type": "string", "enum": ["fail", "replace", "rename"]}}"#;
    assert!(!adds(conflict, ""));
    let create_mode = r#"{"name": "createMode", "in": "query", "schema": {"type": "string", "enum": ["errorIfExists", "orReplace", "ifNotExists"]}}"#;
    assert!(!adds(create_mode, ""));
}

/// What takes an amount takes it again on a repeat: a DELETE of `qty` shares of a position
/// (Alpaca's "Close a position"), a withdrawal of an `amount`. The whole position closed
/// is closed once.
#[test]
fn an_amount_taken_is_taken_again() {
    let symbol =
        r#"{"name": "symbol", "in": "path", "required": true, "schema": {"type": "string"}}"#;
    let qty = r#"{"name": "qty", "in": "query", "schema": {"type": "number"}}"#;
    let close = |parameters: &str| {
        spec(
            "delete",
            "/v2/positions/{symbol}",
            "Close a position",
            parameters,
            "",
        )
    };
    assert!(!says(
        &close(&format!("{symbol}, {qty}")),
        HintKind::Idempotent,
        true
    ));
    assert!(says(&close(symbol), HintKind::Idempotent, true));
    let body = r#"{"asset": {"type": "string"}, "amount": {"type": "string"}}"#;
    let withdraw = spec("post", "/0/private/Withdraw", "Withdraw funds", "", body);
    assert!(!says(&withdraw, HintKind::Idempotent, true));
}

/// From attack 31 (contact APIs): a create that also updates what exists, said by a flag to
/// update (`update_existing`, Brevo's `updateEnabled`), by an `upsert` of yes or no
/// (Mailgun), or in words ("their custom field values are updated with whatever is passed
/// in", "Updates the existing record if ..."), is not "it adds".
#[test]
fn a_create_that_updates_what_exists_does_not_only_add() {
    let add = |parameters: &str, body: &str, description: &str| {
        let spec = spec("post", "/v1/contacts", "Add a contact", parameters, body);
        let spec = spec.replace(
            r#""summary": "Add a contact","#,
            &format!(r#""summary": "Add a contact", "description": "{description}","#),
        );
        says(&spec, HintKind::Destructive, false)
    };
    assert!(add(
        "",
        r#"{"email": {"type": "string"}}"#,
        "Adds a contact."
    ));
    for body in [
        r#"{"updateEnabled": {"type": "boolean"}}"#,
        r#"{"update_existing": {"type": "boolean"}}"#,
        r#"{"upsert": {"type": "string", "enum": ["yes", "no"]}}"#,
    ] {
        assert!(!add("", body, "Adds a contact."), "{body}");
    }
    for description in [
        "If the contact exists, their fields are updated with whatever is passed in.",
        "Adds a contact. Updates the existing record if the address is there.",
    ] {
        assert!(!add("", "", description), "{description}");
    }
}

/// A body that carries a batch of API requests, each with its own method and path
/// (Mailchimp's `/batches`, its operations behind a reference), does whatever each says: a
/// removal too, so not "it adds".
#[test]
fn a_batch_of_requests_may_remove() {
    let start = |body: &str| {
        let spec = spec("post", "/batches", "Start a new batch", "", body);
        let spec = spec.replacen(
            r#""openapi": "3.0.0","#,
            r#""openapi": "3.0.0", "components": {"schemas": {"Operation": {"type": "object",
              "properties": {"method": {"type": "string"}, "path": {"type": "string"}}}}},"#,
            1,
        );
        says(&spec, HintKind::Destructive, false)
    };
    assert!(start(r#"{"name": {"type": "string"}}"#));
    let operations = r##"{"operations": {"type": "array", "items": {"$ref": "#/components/schemas/Operation"}}}"##;
    assert!(!start(operations));
}

/// A GET's flag that runs work again (a certificate's `retry`, "Immediately retry SSL
/// Verification"; a domain's `recheck`) acts; one that only refreshes a cache reads.
#[test]
fn a_flag_that_runs_work_again_acts() {
    let flag = |name: &str| {
        format!(r#"{{"name": "{name}", "in": "query", "schema": {{"type": "boolean"}}}}"#)
    };
    for name in ["retry", "recheck", "resync"] {
        let spec = spec(
            "get",
            "/zones/{id}/verification",
            "Verification details",
            &flag(name),
            "",
        );
        assert!(says(&spec, HintKind::ReadOnly, false), "{name}");
    }
    let spec = spec(
        "get",
        "/tables/{id}/security",
        "Get security",
        &flag("forceRefresh"),
        "",
    );
    assert!(!says(&spec, HintKind::ReadOnly, false));
}

/// A POST whose answer names a job it started (a pool preview's `preview_id`, "to retrieve
/// the results") keeps that job's result, whatever its verb: no read. The same preview
/// answering with the result itself reads.
#[test]
fn an_answer_that_names_a_job_started_is_no_read() {
    let preview = |property: &str| {
        let spec = spec("post", "/pools/{id}/preview", "Preview pool", "", "");
        let answer = format!(
            r#""200": {{"description": "ok", "content": {{"application/json": {{"schema":
              {{"type": "object", "properties": {{"{property}": {{"type": "string"}}}}}}}}}}}}"#
        );
        spec.replacen(r#""200": {"description": "ok"}"#, &answer, 1)
    };
    assert!(says(&preview("healthy"), HintKind::ReadOnly, true));
    for property in ["preview_id", "jobId"] {
        assert!(
            !says(&preview(property), HintKind::ReadOnly, true),
            "{property}"
        );
    }
    // A search's own identifier may only page what was read.
    assert!(says(&preview("search_id"), HintKind::ReadOnly, true));
}

/// A parameter whose description says the call does more when it is given ("If set, the
/// report is also emailed to this address"; "When true, the pick list is also sent to each
/// zone's label printer") acts; one that filters by what was sent reads.
#[test]
fn a_parameter_that_sends_the_answer_on_acts() {
    let parameter = |name: &str, kind: &str, description: &str| {
        format!(
            r#"{{"name": "{name}", "in": "query", "schema": {{"type": "{kind}"}}, "description": "{description}"}}"#
        )
    };
    for (name, kind, description) in [
        (
            "email_to",
            "string",
            "If set, the report is also emailed to this address as a PDF.",
        ),
        (
            "print",
            "boolean",
            "When true, the pick list is also sent to each zone's label printer.",
        ),
    ] {
        let spec = spec(
            "get",
            "/reports/{id}",
            "Get a report",
            &parameter(name, kind, description),
            "",
        );
        assert!(says(&spec, HintKind::ReadOnly, false), "{name}");
    }
    let filter = parameter("to", "string", "Only messages sent to this address.");
    let spec = spec("get", "/messages", "List messages", &filter, "");
    assert!(!says(&spec, HintKind::ReadOnly, false));
}
