//! Stage 3, convert: each operation becomes a [`Tool`]: a name, a description, one
//! input schema, hints, and the HTTP binding a runtime needs to make the call. The tool
//! comes as a [`Converted`], with what produced it, for review and lint.

pub mod compact;
pub mod filter;
mod input;
pub(crate) mod listed;
pub(crate) mod naming;
pub mod overrides;
pub mod profile;

use std::collections::{BTreeSet, HashMap, HashSet};

use serde_json::{json, Value};

use crate::error::{Error, Result};
use crate::hints::evidence::{self, Suggestion};
use crate::hints::{HintKind, HintSource, HintStyle, Hints, Risk};
use crate::load::{Location, Spec};
use crate::model::{ApiModel, Credential, Operation};
use crate::schema::{DroppedPattern, Mode, SchemaConverter, ToolRefs};
use crate::tool::{Binding, Scheme, SchemeKind, Tool};
use compact::{Cuts, DEPRECATED};
use filter::Filters;
use naming::NameAllocator;
use overrides::{Decision, Overrides, ToolKey};
use profile::ClientProfile;

/// The longest tool name Claude and OpenAI accept.
pub const DEFAULT_NAME_MAX: usize = 64;

/// How convert makes tools, resolved from the command line and the config file (see
/// [`crate::options::SpecOptions::convert_options`]).
#[derive(Debug, Clone)]
pub struct Options {
    /// The longest tool name, in characters: a longer one is cut and ends in a hash (default
    /// [`DEFAULT_NAME_MAX`]).
    pub name_max: usize,
    /// How the hints are written into each tool's annotations.
    pub hint_style: HintStyle,
    /// Every tool acts only on the caller's own closed domain: `openWorldHint: false`.
    pub closed_world: bool,
    /// Emit `outputSchema` from the lowest 2xx status's JSON response.
    pub output_schema: bool,
    /// Skip operations that cannot be converted instead of stopping at the first.
    pub keep_going: bool,
    /// A person's decisions, applied over everything else.
    pub overrides: Option<Overrides>,
    /// Which operations become tools.
    pub filters: Filters,
    /// The client whose limits names and schemas must fit.
    pub client: ClientProfile,
    /// Smaller tools: see [`compact`].
    pub compact: bool,
    /// The credential every operation whose spec declares no security is given too, as
    /// the scheme `default` (`--assume-auth`).
    pub assumed_auth: Option<SchemeKind>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            name_max: DEFAULT_NAME_MAX,
            hint_style: HintStyle::Minimal,
            closed_world: false,
            output_schema: false,
            keep_going: false,
            overrides: None,
            filters: Filters::default(),
            client: ClientProfile::default(),
            compact: false,
            assumed_auth: None,
        }
    }
}

/// One tool as convert made it: the [`Tool`] the manifest holds, and what produced it.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Converted {
    /// The tool, its annotations written in the options' hint style.
    pub tool: Tool,
    /// Every hint with its source and reason.
    pub hints: Hints,
    /// Hints the evidence points to that are not set; never applied by themselves.
    pub suggestions: Vec<Suggestion>,
    /// Hints from the spec or the overrides that contradict the method.
    pub risks: Vec<Risk>,
    /// The operation's operationId, if the spec gives one (`None` for a tool read from a
    /// manifest).
    pub operation_id: Option<String>,
    /// The operation's key the tool's title comes from (`summary`), and the one its
    /// description comes from (`description`, or `summary` when that is all there is):
    /// `None` when an overrides entry gave it, or nothing did.
    pub title_from: Option<&'static str>,
    /// The operation's key the tool's description comes from: see [`Converted::title_from`].
    pub description_from: Option<&'static str>,
    /// Where the overrides file sets this tool's fields (`name`, `title`, `description`, a
    /// hint's key): a finding about one points there, not at the spec.
    pub overridden_at: Vec<(&'static str, overrides::FieldPlace)>,
    /// Lint rules silenced for this tool.
    pub lint_ignore: Vec<String>,
    /// The operation in the spec.
    pub location: Location,
    /// Patterns of the spec left out of this tool's schemas (each reported with the first
    /// tool that uses it).
    pub(crate) dropped_patterns: Vec<DroppedPattern>,
    /// Parts of the tool's schemas left out because JSON Schema refuses them as the spec
    /// wrote them: `inputSchema/...` or `outputSchema/...` pointers.
    pub invalid_keywords: Vec<String>,
    /// What `compact` left out (nothing when it is off).
    pub cuts: Cuts,
}

impl Converted {
    /// The tool's name.
    pub fn name(&self) -> &str {
        &self.tool.name
    }

    /// The HTTP binding, which convert always writes.
    pub fn binding(&self) -> &Binding {
        self.tool.binding().expect("convert binds every tool")
    }
}

/// The tools of an API, and what the user should hear about.
#[derive(Debug, Default)]
#[non_exhaustive]
pub struct Conversion {
    /// The tools, in the spec's order; empty from [`crate::pipeline::convert_spec_each`],
    /// which hands each to its sink instead.
    pub tools: Vec<Converted>,
    /// What the user should hear about that does not stop the run (a key of the spec's
    /// annotations ignored, a pattern or keyword left out), each line naming its tool.
    pub warnings: Vec<String>,
    /// Hints in the spec that contradict the method: warnings `--strict` turns into a
    /// failure.
    pub contradictions: Vec<String>,
    /// Operations left out under `keep_going`, with why.
    pub skipped: Vec<Error>,
    /// Tools `--read-only` left out although their hints say read-only, because the
    /// evidence says they act: each with that evidence.
    pub withheld: Vec<String>,
    /// What `compact` left out of every tool.
    pub cuts: Cuts,
}

/// Converts every operation, handing each tool to `sink` as soon as it is made, in order,
/// and keeping none: the returned conversion's `tools` is empty, so a large spec is written
/// out without holding every tool at once. The first operation that cannot be converted
/// stops the run, unless `keep_going` is set: then it is listed in `skipped` and the rest
/// go on. ([`crate::pipeline`] joins this to loading and collects the tools.)
pub(crate) fn convert_each(
    spec: &Spec,
    api: &ApiModel<'_>,
    options: &Options,
    sink: &mut dyn FnMut(Converted) -> Result<()>,
) -> Result<Conversion> {
    let mut schemas = SchemaConverter::new(spec, api.version.dialect());
    let mut names = NameAllocator::new(options.name_max);
    let mut conversion = Conversion::default();
    let mut used_overrides = HashSet::new();
    // Every tool name and operationId, for the closest one to an entry that names none.
    let mut known_names = BTreeSet::new();
    // With an overrides file: every tool's name with how many have it, and the entries that
    // renamed one.
    let mut final_names: HashMap<String, usize> = HashMap::new();
    let mut renamed = Vec::new();
    let mut entries_naming_one_tool = Vec::new();
    // What the spec holds, gathered only when a filter names something to look for in it.
    let check_filters = options.filters.names_values();
    let mut seen = filter::Seen::default();
    api.operations(&mut |operation| {
        let tool = operation.and_then(|operation| {
            let made = names.allocate(&naming::base_name(&operation));
            let entry = options
                .overrides
                .as_ref()
                .and_then(|overrides| overrides.entry_for(&tool_key(&operation, &made)));
            if let Some((key, decision)) = entry {
                // An entry for a tool the filters leave out still names a tool.
                used_overrides.insert(key.to_string());
                let overrides = options.overrides.as_ref().expect("an entry comes from it");
                if let Some((first, second)) =
                    overrides.second_entry_for(&tool_key(&operation, &made))
                {
                    entries_naming_one_tool.push((first.to_string(), second.to_string()));
                }
                if decision.name.is_some() {
                    renamed.push(key.to_string());
                }
            }
            if options.overrides.is_some() {
                known_names.insert(made.clone());
                known_names.extend(operation.operation_id.map(str::to_string));
                known_names.insert(format!("{} {}", operation.method, operation.path));
            }
            let name = entry.and_then(|(_, d)| d.name.clone()).unwrap_or(made);
            if options.overrides.is_some() {
                *final_names.entry(name.clone()).or_default() += 1;
            }
            if check_filters {
                seen.add(&operation, &name);
            }
            if !options.filters.keeps(&operation, &name) {
                return Ok(None);
            }
            convert_operation(
                &operation,
                name,
                entry,
                spec,
                options,
                &mut schemas,
                &mut conversion,
            )
        });
        match tool {
            Ok(Some(tool)) => {
                conversion.cuts.add(tool.cuts);
                sink(tool)
            }
            Ok(None) => Ok(()),
            Err(error) if options.keep_going => {
                conversion.skipped.push(error);
                Ok(())
            }
            Err(error) => Err(error),
        }
    })?;
    if check_filters {
        options.filters.check_matched(&seen)?;
    }
    if let Some(overrides) = &options.overrides {
        overrides.check_one_entry_each(&entries_naming_one_tool)?;
        overrides.check_all_used(&used_overrides, &known_names)?;
        overrides.check_renames(&renamed, &final_names, options.name_max, options.client)?;
    }
    Ok(conversion)
}

/// What names an operation's tool in the overrides file.
fn tool_key<'k>(operation: &'k Operation<'_>, name: &'k str) -> ToolKey<'k> {
    ToolKey {
        name,
        operation_id: operation.operation_id,
        method: operation.method.as_str(),
        path: operation.path,
    }
}

fn convert_operation(
    operation: &Operation<'_>,
    name: String,
    entry: Option<(&str, &Decision)>,
    spec: &Spec,
    options: &Options,
    schemas: &mut SchemaConverter<'_>,
    conversion: &mut Conversion,
) -> Result<Option<Converted>> {
    let mut hints = hints_for(operation, &name, entry, spec, options, conversion)?;
    // What is claimed, before a claim no one reviewed is withheld (it is still a risk).
    let risks = hints.risks(&operation.method);
    let claimed_read_only = hints.get(HintKind::ReadOnly).value;
    let read_only_withheld = hints.withhold_read_only_on_removal(&operation.method);
    let decision = entry.map(|(_, decision)| decision);
    let (found, suggestions) = evidence::suggest(operation, &hints);
    let read_only = hints.read_only_verdict(&operation.method, &found, &suggestions, false);
    let said = Said::new(&name, &operation.method, operation.path);
    if let (true, Err(why)) = (options.filters.read_only, &read_only) {
        conversion.tell_left_out(&said, &hints, claimed_read_only, why);
        return Ok(None);
    }
    conversion.tell_risks(
        &said,
        &risks,
        read_only_withheld,
        "not written to the manifest",
    );
    // The credential `--assume-auth` names for an operation whose spec declares none: a
    // parameter that repeats it is serve's to send, as for a declared scheme.
    let assumed = (options.assumed_auth.as_ref()).filter(|_| !operation.declares_security);
    let without_assumed = assumed.map(|kind| without_credential(operation, kind));
    let operation = without_assumed.as_ref().unwrap_or(operation);
    let mut input = input::build(operation, schemas, options.client)?;
    let mut output = if options.output_schema {
        output_schema(operation, schemas)?
    } else {
        None
    };
    let output_schema = output.as_mut().map(|output| &mut output.schema);
    let invalid_keywords =
        leave_out_invalid_keywords(&name, &mut input.schema, output_schema, conversion);
    input.schema = shaped(input.schema, options.client, schemas, &name, operation)?;
    let dropped_patterns = schemas.take_dropped_patterns();
    for dropped in &dropped_patterns {
        let warning = spec.error_at(&dropped.location, dropped.message());
        conversion
            .warnings
            .push(format!("tool '{name}': {warning}"));
    }
    let mut binding = http_binding(operation, spec, options, assumed)?;
    binding.idempotency_key = idempotency_argument(operation, &input);
    binding.retry_reviewed = binding.idempotency_key.is_some() && retries_reviewed(&hints);
    binding.read_only_verified = read_only.is_ok();
    binding.read_only_reviewed = read_only_reviewed(&operation.method, &hints);
    binding.result_property = output.as_ref().and_then(|o| o.wrapper).map(str::to_string);
    binding.params = input.params;

    let texts = texts(operation, decision);
    let mut tool = Tool::new(name, input.schema);
    tool.title = texts.title;
    tool.description = texts.description;
    tool.output_schema = match output {
        Some(output) => Some(shaped(
            output.schema,
            options.client,
            schemas,
            &tool.name,
            operation,
        )?),
        None => None,
    };
    tool.annotations = hints.to_annotations(options.hint_style);
    tool.meta.http = Some(binding);
    tool.meta.tags = operation.tags.iter().map(|t| t.to_string()).collect();
    warn_too_deep(&tool, conversion);
    let cuts = if options.compact {
        compact::compact(&mut tool)
    } else {
        Cuts::default()
    };
    Ok(Some(Converted {
        tool,
        hints,
        suggestions,
        risks,
        operation_id: operation.operation_id.map(str::to_string),
        title_from: texts.title_from,
        description_from: texts.description_from,
        overridden_at: options
            .overrides
            .as_ref()
            .map(|overrides| overrides.places(entry.map(|(key, _)| key)))
            .unwrap_or_default(),
        lint_ignore: lint_ignore(operation, decision),
        location: operation.location.clone(),
        dropped_patterns,
        invalid_keywords,
        cuts,
    }))
}

/// The tool's hints: inferred from the method, then the spec's, `--closed-world` and the
/// overrides entry over them, in that order. What the spec's annotations hold that cannot
/// be applied is a warning.
fn hints_for(
    operation: &Operation<'_>,
    name: &str,
    entry: Option<(&str, &Decision)>,
    spec: &Spec,
    options: &Options,
    conversion: &mut Conversion,
) -> Result<Hints> {
    let mut hints = Hints::infer(&operation.method);
    if let Some(annotations) = &operation.annotations {
        for warning in hints.apply_spec(spec, annotations)? {
            conversion
                .warnings
                .push(format!("tool '{name}': {warning}"));
        }
    }
    if options.closed_world {
        hints.set(
            HintKind::OpenWorld,
            false,
            HintSource::Override,
            "--closed-world".into(),
        );
    }
    if let Some(overrides) = &options.overrides {
        overrides.apply(entry, &mut hints);
    }
    Ok(hints)
}

/// A tool as the user hears of it, escaped to one line whatever the spec's words hold:
/// `'name' (METHOD /path)`.
pub(crate) struct Said<'a> {
    name: &'a str,
    method: &'a crate::http::Method,
    path: &'a str,
}

impl<'a> Said<'a> {
    pub(crate) fn new(name: &'a str, method: &'a crate::http::Method, path: &'a str) -> Self {
        Said { name, method, path }
    }
}

impl std::fmt::Display for Said<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let visible = crate::escape::visible;
        let (name, method, path) = (visible(self.name), self.method, visible(self.path));
        write!(f, "'{name}' ({method} {path})")
    }
}

impl Conversion {
    /// Says why `--read-only` left out a tool whose hints claimed read-only (`claimed`,
    /// before a claim on a method that removes was withheld, which then is why); the rest
    /// are plainly not read-only and go unsaid.
    pub(crate) fn tell_left_out(
        &mut self,
        tool: &Said<'_>,
        hints: &Hints,
        claimed: bool,
        why: &str,
    ) {
        if !claimed {
            return;
        }
        let hint = hints.get(HintKind::ReadOnly);
        let why = if hint.value { why } else { &hint.reason };
        let why = crate::escape::visible(why);
        self.withheld.push(format!("{tool}: {why}"));
    }

    /// The hints that contradict the method, as the user hears of them: a claim in the
    /// spec or a manifest is a contradiction (`--strict` fails on it), a read-only claim
    /// withheld (`not_passed_on` says from what) a warning, whoever made it. An override
    /// with a reason is a person's decision: review shows it as risky, and that is all.
    pub(crate) fn tell_risks(
        &mut self,
        tool: &Said<'_>,
        risks: &[Risk],
        read_only_withheld: bool,
        not_passed_on: &str,
    ) {
        for risk in risks {
            let withheld = read_only_withheld && risk.hint == HintKind::ReadOnly;
            let said = format!("tool {tool}: {}", crate::escape::visible(&risk.message));
            match (risk.source, withheld) {
                (HintSource::Spec, true) => (self.contradictions)
                    .push(format!("{said}: {not_passed_on}")),
                (HintSource::Spec, false) => self.contradictions.push(said),
                (_, true) => self.warnings.push(format!(
                    "{said}: {not_passed_on} (only the tool's own overrides entry with a `reason` decides it)"
                )),
                (_, false) => {}
            }
        }
    }
}

/// The operation without the parameters that repeat the credential of `kind`: serve sends
/// that credential itself.
fn without_credential<'o>(operation: &Operation<'o>, kind: &SchemeKind) -> Operation<'o> {
    let mut trimmed = operation.clone();
    trimmed
        .parameters
        .retain(|p| !crate::model::supplies(kind, p.location, p.name));
    trimmed
}

/// A warning for each of the tool's schemas that nests deeper, its `$ref`s followed, than
/// `serve` checks a call against: `serve` refuses such a tool, so it is said here first.
fn warn_too_deep(tool: &Tool, conversion: &mut Conversion) {
    let schemas = [
        ("inputSchema", tool.input_schema.as_ref()),
        ("outputSchema", tool.output_schema.as_ref()),
    ];
    for (field, schema) in schemas {
        if schema.is_some_and(crate::schema::depth::too_deep) {
            conversion.warnings.push(format!(
                "tool '{}': its {field} nests more than {} levels deep, its $refs followed: serve will refuse it",
                crate::escape::visible(&tool.name),
                crate::schema::depth::MAX_SCHEMA_DEPTH
            ));
        }
    }
}

/// Leaves out of the tool's schemas what the spec's schemas hold that JSON Schema refuses,
/// with a warning each; returns the pointers left out (`inputSchema/...`, `outputSchema/...`).
fn leave_out_invalid_keywords(
    name: &str,
    input: &mut Value,
    output: Option<&mut Value>,
    conversion: &mut Conversion,
) -> Vec<String> {
    // What the spec's schemas hold that JSON Schema refuses goes, with a word.
    let schemas_written = [("inputSchema", Some(input)), ("outputSchema", output)];
    let mut invalid_keywords = Vec::new();
    for (field, schema) in schemas_written {
        let Some(schema) = schema else { continue };
        for pointer in crate::schema::drop_invalid_keywords(schema) {
            conversion.warnings.push(format!(
                "tool '{name}': {field}{pointer} left out: not valid JSON Schema 2020-12 (as the spec wrote it)"
            ));
            invalid_keywords.push(format!("{field}{pointer}"));
        }
    }
    invalid_keywords
}

/// The HTTP binding's method, path, server, body and `auth` (with the credential
/// `assumed` by `--assume-auth`, if any); the rest comes from the tool's schemas and hints.
/// A spec's scheme that would read the assumed one's secret is an error.
fn http_binding(
    operation: &Operation<'_>,
    spec: &Spec,
    options: &Options,
    assumed: Option<&SchemeKind>,
) -> Result<Binding> {
    let mut binding = Binding::new(operation.method.clone(), operation.path);
    binding.server.clone_from(&operation.server);
    binding.body_media_type = operation.body.as_ref().map(|b| b.media_type.to_string());
    binding.body_required = operation.body.as_ref().is_some_and(|b| b.required);
    binding.auth = auth_binding(&operation.security);
    if let Some(kind) = &options.assumed_auth {
        // One variable, one secret: a scheme of the spec's that reads the assumed one's
        // would be sent where the other belongs.
        let assumed_variable = Scheme::new(ASSUMED_SCHEME, kind.clone()).variable();
        if let Some(clash) = binding
            .auth
            .iter()
            .flatten()
            .find(|scheme| scheme.variable() == assumed_variable)
        {
            return Err(spec.error_at(
                &operation.location,
                format!(
                    "--assume-auth: the spec's scheme '{}' reads {assumed_variable} too: one variable cannot hold both secrets",
                    clash.scheme
                ),
            ));
        }
    }
    if let Some(kind) = assumed {
        // The API's own credential, which the spec does not name: the first way in when it
        // is set; without it, the ways the spec leaves (anonymous among them: it says none
        // is needed).
        binding
            .auth
            .insert(0, vec![Scheme::new(ASSUMED_SCHEME, kind.clone())]);
        if !binding.auth.iter().any(Vec::is_empty) {
            binding.auth.push(Vec::new());
        }
    }
    Ok(binding)
}

/// The argument that carries an idempotency key: serve mints it once per call and sends
/// it on every retry.
fn idempotency_argument(operation: &Operation<'_>, input: &input::Input) -> Option<String> {
    let key = evidence::idempotency_key(operation);
    input
        .params
        .iter()
        .find(|(_, p)| key.is_some() && key == p.name.as_deref().map(|name| (p.location, name)))
        .map(|(property, _)| property.clone())
}

/// The reason of a person's decision that a tool whose method writes is read-only, which
/// the manifest records so that wherever it is read the claim is taken as that decision.
fn read_only_reviewed(method: &crate::http::Method, hints: &Hints) -> Option<String> {
    let hint = hints.get(HintKind::ReadOnly);
    (method.writes() && hint.value)
        .then(|| hint.reviewed.clone())
        .flatten()
}

/// Whether a person has reviewed the hint that makes a retry safe (idempotent or
/// read-only) and it holds.
fn retries_reviewed(hints: &Hints) -> bool {
    [HintKind::Idempotent, HintKind::ReadOnly]
        .into_iter()
        .any(|kind| {
            let hint = hints.get(kind);
            hint.value && hint.reviewed.is_some()
        })
}

/// A tool's title and description, and the operation's keys they come from (`None` when
/// an overrides entry gave it, or nothing did).
struct Texts {
    title: Option<String>,
    description: Option<String>,
    title_from: Option<&'static str>,
    description_from: Option<&'static str>,
}

/// The tool's title and description: the overrides entry's, else the operation's own.
fn texts(operation: &Operation<'_>, decision: Option<&Decision>) -> Texts {
    let given = |field: fn(&Decision) -> &Option<String>| decision.and_then(|d| field(d).as_ref());
    let nonempty = |text: Option<&str>| text.is_some_and(|t| !t.trim().is_empty());
    let title_from =
        (given(|d| &d.title).is_none() && nonempty(operation.summary)).then_some("summary");
    let description_from = match given(|d| &d.description) {
        Some(_) => None,
        None if nonempty(operation.description) => Some("description"),
        None => nonempty(operation.summary).then_some("summary"),
    };
    Texts {
        title: decision
            .and_then(|d| d.title.as_deref())
            .or(operation.summary)
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty()),
        description: description(operation, decision.and_then(|d| d.description.as_deref())),
        title_from,
        description_from,
    }
}

/// The lint rules silenced for the tool: the spec's, then the overrides entry's.
fn lint_ignore(operation: &Operation<'_>, decision: Option<&Decision>) -> Vec<String> {
    operation
        .lint_ignore
        .iter()
        .copied()
        .chain(
            decision
                .and_then(|d| d.ignore.as_deref())
                .into_iter()
                .flatten()
                .map(String::as_str),
        )
        .map(str::to_string)
        .collect()
}

/// Summary, then the description unless it repeats the summary, or the one an overrides
/// entry gives; deprecated ones say so first.
fn description(operation: &Operation<'_>, given: Option<&str>) -> Option<String> {
    let summary = operation.summary.map(str::trim).filter(|s| !s.is_empty());
    let details = operation
        .description
        .map(crate::text::markdown_from_html)
        .filter(|d| !d.trim().is_empty());
    let text = match (given, summary, details.as_deref().map(str::trim)) {
        (Some(given), _, _) => given.trim().to_string(),
        (None, Some(s), Some(d)) if d.starts_with(s) => d.to_string(),
        (None, Some(s), Some(d)) => format!("{s}\n\n{d}"),
        (None, Some(s), None) => s.to_string(),
        (None, None, Some(d)) => d.to_string(),
        (None, None, None) => String::new(),
    };
    match (operation.deprecated, text.is_empty()) {
        (true, true) => Some(DEPRECATED.into()),
        (true, false) => Some(format!("{DEPRECATED} {text}")),
        (false, true) => None,
        (false, false) => Some(text),
    }
}

/// Whether a schema can be a tool's root `outputSchema` as it is: `type: object`, its
/// properties all schema objects, its `required` a list of names (what MCP validates).
fn has_mcp_object_shape(schema: &Value) -> bool {
    let properties_ok = match schema.get("properties") {
        None => true,
        Some(Value::Object(properties)) => properties.values().all(Value::is_object),
        Some(_) => false,
    };
    let required_ok = match schema.get("required") {
        None => true,
        Some(Value::Array(names)) => names.iter().all(Value::is_string),
        Some(_) => false,
    };
    schema.get("type") == Some(&Value::from("object")) && properties_ok && required_ok
}

/// The schema of the lowest 2xx status's JSON response, as an object (a non-object result
/// is wrapped under `result`).
/// A tool's `outputSchema`, and the property that holds the response when the response
/// schema is not an object and had to be wrapped in one.
struct Output {
    schema: Value,
    wrapper: Option<&'static str>,
}

/// Where a non-object response goes in `structuredContent`.
const RESULT_PROPERTY: &str = "result";

/// `schema` shaped for the client; one too large for it is an error located at the schema
/// that grew past the budget (else at the operation).
fn shaped(
    schema: Value,
    client: ClientProfile,
    schemas: &SchemaConverter<'_>,
    tool: &str,
    operation: &Operation<'_>,
) -> Result<Value> {
    client.shape(schema).map_err(|too_large| {
        let def = too_large.def.as_deref();
        let location = def
            .and_then(|name| schemas.def_location(name))
            .unwrap_or(&operation.location);
        let what = def.map_or(String::new(), |name| format!(" (inlining '{name}')"));
        schemas.spec().error_at(
            location,
            format!(
                "tool '{tool}': --client gemini takes no $ref, and this schema inlined grows past {} schemas{what}: choose another --client, or leave the operation out",
                profile::GEMINI_SCHEMA_BUDGET
            ),
        )
    })
}

fn output_schema(
    operation: &Operation<'_>,
    schemas: &mut SchemaConverter<'_>,
) -> Result<Option<Output>> {
    // The lowest success status that has a JSON schema (`200` before `201`, before `2XX`),
    // whatever order the spec lists them in: the same API gives the same tool.
    let mut successes: Vec<_> = (operation.responses.iter())
        .filter(|r| r.status.starts_with('2'))
        .collect();
    successes.sort_by_key(|r| r.status);
    let Some(schema) = successes.iter().find_map(|r| r.json_schema.as_ref()) else {
        return Ok(None);
    };
    let mut refs = ToolRefs::default();
    let mut converted = schemas.convert(schema, Mode::Output, &mut refs)?;
    let defs = schemas.assemble(&mut [(&mut converted, 0)], refs, Mode::Output)?;
    let (mut schema, wrapper) = if has_mcp_object_shape(&converted) {
        (converted, None)
    } else {
        let result = crate::schema::as_object_schema(converted);
        let schema = json!({
            "type": "object",
            "properties": {RESULT_PROPERTY: result},
            "required": [RESULT_PROPERTY],
        });
        (schema, Some(RESULT_PROPERTY))
    };
    if let Some(defs) = defs {
        schema
            .as_object_mut()
            .expect("an object")
            .insert("$defs".into(), Value::Object(defs));
    }
    Ok(Some(Output { schema, wrapper }))
}

/// The name of the scheme `--assume-auth` gives: its secret is `OPENAPI2MCP_AUTH_DEFAULT`.
pub const ASSUMED_SCHEME: &str = "default";

/// The binding's `auth`: the alternatives, each the list of schemes sent together, so that
/// a manifest alone is enough to serve.
fn auth_binding(security: &[Vec<Credential<'_>>]) -> Vec<Vec<Scheme>> {
    let scheme =
        |credential: &Credential<'_>| Scheme::new(credential.scheme, credential.kind.clone());
    security
        .iter()
        .map(|credentials| credentials.iter().map(scheme).collect())
        .collect()
}
