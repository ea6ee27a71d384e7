//! The stages joined: what `convert`, `review` and the tests run.

use crate::convert::{self, Conversion, Converted, Options};
use crate::error::{Error, Result};
use crate::load::{self, FileAccess, Input, Spec};
use crate::manifest;
use crate::model;

/// Loads, models and converts a spec. Every error, including those of operations skipped
/// under `keep_going`, carries the line and column of its pointer where the file has it.
pub fn convert_input(input: &Input, access: &FileAccess, options: &Options) -> Result<Conversion> {
    let spec = load::load(input, access)?;
    convert_spec(&spec, options)
}

/// The tools of any input: a spec converted with `options`, or a manifest in any form
/// (`{"tools": [...]}`, an array of tools, a tools/list result or response) with the
/// options' filters applied (see [`convert::listed`]). One step for every command, so no
/// flag is applied to one kind of input and silently ignored on the other.
pub fn tools(spec: &Spec, options: &Options) -> Result<Conversion> {
    if manifest::is_spec(spec.root()) {
        return convert_spec(spec, options);
    }
    let with_line = |mut error: Error| {
        spec.add_lines(std::slice::from_mut(&mut error));
        error
    };
    let listed = manifest::read(spec.root(), &spec.file(0).name).map_err(with_line)?;
    convert::listed::describe(spec, listed.tools, listed.pointer, options).map_err(with_line)
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

/// Like [`convert_spec`], handing each tool to `sink` as it is made (see
/// [`convert::convert_each`]).
pub fn convert_spec_each(
    spec: &Spec,
    options: &Options,
    sink: &mut dyn FnMut(Converted) -> Result<()>,
) -> Result<Conversion> {
    let with_line = |mut error: Error| {
        spec.add_lines(std::slice::from_mut(&mut error));
        error
    };
    let api = model::read(spec).map_err(with_line)?;
    let mut conversion = convert::convert_each(spec, &api, options, sink).map_err(with_line)?;
    spec.add_lines(&mut conversion.skipped);
    Ok(conversion)
}
