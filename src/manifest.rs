//! Stage 4, emit: the tools manifest. Keys come in a fixed order and the text is written
//! atomically, so the same input always gives the same bytes and a failed run never leaves
//! a partial file.

use std::io::Write;
use std::path::Path;

use serde_json::{Map, Value};

use crate::convert::Tool;
use crate::error::{Error, Result};
use crate::hints::HintStyle;

/// The `_meta` key under which each tool carries its HTTP binding.
pub const HTTP_META_KEY: &str = "openapi2mcp/http";

/// One tool as MCP's `Tool` object.
pub fn tool_json(tool: &Tool, style: HintStyle) -> Value {
    let mut object = Map::new();
    object.insert("name".into(), tool.name.clone().into());
    if let Some(title) = &tool.title {
        object.insert("title".into(), title.clone().into());
    }
    if let Some(description) = &tool.description {
        object.insert("description".into(), description.clone().into());
    }
    object.insert("inputSchema".into(), tool.input_schema.clone());
    if let Some(output) = &tool.output_schema {
        object.insert("outputSchema".into(), output.clone());
    }
    let annotations = tool.hints.to_annotations(style);
    if !annotations.is_empty() {
        object.insert("annotations".into(), Value::Object(annotations));
    }
    let mut meta = Map::new();
    meta.insert(HTTP_META_KEY.into(), tool.http.clone());
    object.insert("_meta".into(), Value::Object(meta));
    Value::Object(object)
}

/// The manifest text: `{"tools": [...]}`, pretty-printed, with a final newline.
pub fn render(tools: &[Tool], style: HintStyle) -> String {
    let tools: Vec<Value> = tools.iter().map(|t| tool_json(t, style)).collect();
    let mut manifest = Map::new();
    manifest.insert("tools".into(), Value::Array(tools));
    let mut text =
        serde_json::to_string_pretty(&Value::Object(manifest)).expect("JSON values serialize");
    text.push('\n');
    text
}

/// Writes `text` to `path` through a temporary file in the same directory and a rename:
/// a run killed at any moment leaves the old file or the complete new one.
pub fn write_atomically(path: &Path, text: &str) -> Result<()> {
    let fail = |e: std::io::Error| {
        Error::new(format!("cannot write the output: {e}")).in_file(path.display().to_string())
    };
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(directory).map_err(fail)?;
    // The temporary file is private (0600); the result gets the old file's mode, or the
    // usual one for a new file.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path).map_or(0o644, |m| m.permissions().mode());
        let permissions = std::fs::Permissions::from_mode(mode);
        file.as_file().set_permissions(permissions).map_err(fail)?;
    }
    file.write_all(text.as_bytes()).map_err(fail)?;
    file.as_file().sync_all().map_err(fail)?;
    file.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}
