//! Rules about the spec itself, where convert cannot make a tool at all.

use super::rule;

rule! {
    /// An operation convert cannot make into a tool: a `$ref` that resolves to nothing or
    /// leaves the allowed files, a parameter or schema that is not what OpenAPI says. Each
    /// one is reported at its place, and lint goes on with the others.
    ///
    /// Why: the operation is missing from every manifest; clients never see it, and
    /// `convert` stops at the first such operation (or skips it with `--keep-going`).
    ///
    /// Example: `$ref: "#/components/schemas/Owner"` where `components.schemas` has no
    /// `Owner`.
    ///
    /// Fix: correct the reference or the schema, or leave the operation out with a filter
    /// or `x-mcp: false`.
    UNCONVERTIBLE_OPERATION = "OAM021", "unconvertible-operation", Error
}
