//! The stages joined: what `convert`, `review` and the tests run.

use crate::convert::profile::ClientProfile;
use crate::convert::{self, Conversion, Converted, Options};
use crate::error::{Error, Result};
use crate::lint::{self, Finding, RuleSettings};
use crate::load::{self, FileAccess, Input, Spec};
use crate::manifest::{self, Manifest};
use crate::model;
use crate::tool::Tool;

/// Loads, models and converts a spec. Every error, including those of operations skipped
/// under `keep_going`, carries the line and column of its pointer where the file has it.
pub fn convert_input(input: &Input, access: &FileAccess, options: &Options) -> Result<Conversion> {
    let spec = load::load(input, access)?;
    convert_spec(&spec, options)
}

/// The tools of any input: a spec converted with `options`, or a manifest in any form
/// (`{"tools": [...]}`, an array of tools, a tools/list result or response) with the
/// options' filters applied (see `convert/listed.rs`). One step for every command, so no
/// flag is applied to one kind of input and silently ignored on the other.
pub fn tools(spec: &Spec, options: &Options) -> Result<Conversion> {
    match read_tools(spec)? {
        None => convert_spec(spec, options),
        Some(listed) => describe_listed(spec, listed, options),
    }
}

/// What [`tool_list`] found: tools converted or described, or another server's tools.
#[derive(Debug)]
pub enum ToolList {
    /// A spec's tools, or a manifest's described with the options applied.
    Described(Conversion),
    /// Tools without HTTP bindings (another server's tools/list) that no option applies to,
    /// as listed.
    AsListed(Vec<Tool>),
}

impl ToolList {
    /// The tools, whichever way they came.
    pub fn into_tools(self) -> Vec<Tool> {
        match self {
            ToolList::Described(conversion) => {
                conversion.tools.into_iter().map(|c| c.tool).collect()
            }
            ToolList::AsListed(tools) => tools,
        }
    }
}

/// The tools of any input for serving or comparing: [`tools`], except that tools without
/// HTTP bindings (another server's tools/list, which `verify` and `review --base` compare
/// with) are taken as listed when no option needs their bindings.
pub fn tool_list(spec: &Spec, options: &Options) -> Result<ToolList> {
    match read_tools(spec)? {
        None => convert_spec(spec, options).map(ToolList::Described),
        Some(listed) => {
            let unbound = listed.tools.iter().any(|tool| tool.binding().is_none());
            if unbound && !convert::listed::applies_to_tools(options) {
                return Ok(ToolList::AsListed(listed.tools));
            }
            describe_listed(spec, listed, options).map(ToolList::Described)
        }
    }
}

/// The lint findings of any input, with their lines: a spec converted with `options` (an
/// operation that cannot be converted is a finding, and the others are linted), or a
/// manifest's tools as they are. `client` is the client (and server name) whose limits
/// apply.
pub fn lint(
    spec: &Spec,
    options: &Options,
    settings: &RuleSettings,
    client: Option<(ClientProfile, Option<String>)>,
) -> Result<Vec<Finding>> {
    let (conversion, listed);
    let mut findings = Vec::new();
    let subjects = match read_tools(spec)? {
        None => {
            let options = Options {
                keep_going: true,
                ..options.clone()
            };
            conversion = convert_spec(spec, &options)?;
            findings = lint::unconvertible(&conversion.skipped, settings);
            lint::subjects_from_conversion(spec, &conversion.tools)
        }
        Some(tools) => {
            listed = tools;
            lint::subjects_from_manifest(&listed, &spec.file(0).name)
        }
    };
    findings.extend(lint::lint(&subjects, settings, client));
    lint::add_lines(&mut findings, spec);
    // The overrides file, whose lines findings about what it sets point at.
    if let Some(overrides) = &options.overrides {
        lint::add_lines_in(&mut findings, &overrides.file, overrides.text());
    }
    Ok(findings)
}

/// A loaded document's tools when it is a manifest in any form, `None` when it is a spec:
/// the one place that tells the two apart.
pub fn read_tools(spec: &Spec) -> Result<Option<Manifest>> {
    if manifest::is_spec(spec.root()) {
        return Ok(None);
    }
    manifest::read(spec.root(), &spec.file(0).name)
        .map(Some)
        .map_err(|error| with_line(spec, error))
}

fn describe_listed(spec: &Spec, listed: Manifest, options: &Options) -> Result<Conversion> {
    convert::listed::describe(spec, listed.tools, listed.pointer, options)
        .map_err(|error| with_line(spec, error))
}

fn with_line(spec: &Spec, mut error: Error) -> Error {
    spec.add_lines(std::slice::from_mut(&mut error));
    error
}

/// Models and converts a loaded spec, errors placed as [`convert_input`] does.
pub fn convert_spec(spec: &Spec, options: &Options) -> Result<Conversion> {
    let mut tools = Vec::new();
    let mut conversion = convert_spec_each(spec, options, &mut |tool| {
        tools.push(tool);
        Ok(())
    })?;
    conversion.tools = tools;
    Ok(conversion)
}

/// Like [`convert_spec`], handing each tool to `sink` as it is made, holding none.
pub fn convert_spec_each(
    spec: &Spec,
    options: &Options,
    sink: &mut dyn FnMut(Converted) -> Result<()>,
) -> Result<Conversion> {
    let api = model::read(spec).map_err(|error| with_line(spec, error))?;
    let mut conversion =
        convert::convert_each(spec, &api, options, sink).map_err(|error| with_line(spec, error))?;
    spec.add_lines(&mut conversion.skipped);
    Ok(conversion)
}
