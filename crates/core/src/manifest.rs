//! Stage 4, emit: the tools manifest, written and read. Keys come in a fixed order, so the
//! same input always gives the same bytes; tools are written one at a time, so a large
//! manifest never exists twice in memory. Every command that reads a manifest reads it
//! here, so `serve`, `lint`, `review` and `verify` accept exactly the same inputs.

use std::io::{self, Write};

use serde_json::Value;

use crate::error::{from_value_at, Error, ErrorKind, Result};
use crate::tool::Tool;

/// Writes `{"tools": [...]}` as the tools come, pretty-printed with two spaces, ending in a
/// newline: the same bytes as pretty-printing the whole manifest at once.
pub struct ManifestWriter<W: Write> {
    out: W,
    written: usize,
    buffer: Vec<u8>,
}

impl<W: Write> ManifestWriter<W> {
    /// A writer to `out`, which gets nothing before the first tool or [`ManifestWriter::finish`].
    pub fn new(out: W) -> Self {
        ManifestWriter {
            out,
            written: 0,
            buffer: Vec::new(),
        }
    }

    /// Writes the next tool.
    pub fn push(&mut self, tool: &Tool) -> io::Result<()> {
        self.out.write_all(if self.written == 0 {
            b"{\n  \"tools\": [\n    "
        } else {
            b",\n    "
        })?;
        self.buffer.clear();
        serde_json::to_writer_pretty(&mut self.buffer, tool).map_err(io::Error::other)?;
        // Indent the tool two levels, as it stands inside the array inside the object.
        // JSON strings hold no raw newlines, so every newline byte is a line break.
        for (i, line) in self.buffer.split(|&b| b == b'\n').enumerate() {
            if i > 0 {
                self.out.write_all(b"\n    ")?;
            }
            self.out.write_all(line)?;
        }
        self.written += 1;
        Ok(())
    }

    /// Ends the manifest (`{"tools": []}` when no tool came), flushes `out` and gives it back.
    pub fn finish(mut self) -> io::Result<W> {
        let end: &[u8] = if self.written == 0 {
            b"{\n  \"tools\": []\n}\n"
        } else {
            b"\n  ]\n}\n"
        };
        self.out.write_all(end)?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// The manifest text for a list of tools.
pub fn render<'t>(tools: impl IntoIterator<Item = &'t Tool>) -> String {
    let mut writer = ManifestWriter::new(Vec::new());
    for tool in tools {
        writer.push(tool).expect("writing to memory");
    }
    String::from_utf8(writer.finish().expect("writing to memory")).expect("JSON is UTF-8")
}

/// Whether a document is an OpenAPI or Swagger spec (to convert) rather than a tools
/// manifest (to read): the one place that decides.
pub fn is_spec(root: &Value) -> bool {
    root.get("openapi").is_some() || root.get("swagger").is_some()
}

/// A tools manifest as read.
#[derive(Debug, Clone)]
pub struct Manifest {
    /// The tools, in the document's order.
    pub tools: Vec<Tool>,
    /// The JSON pointer of the array of tools in the document (`/tools`, `/result/tools`,
    /// or empty for a bare array): tool `i` stands at `{pointer}/{i}`.
    pub pointer: &'static str,
}

/// Reads the tools of a manifest in any of the forms it comes in: `{"tools": [...]}` (what
/// convert writes, and a `tools/list` result), a bare array of tools, or a whole
/// `tools/list` JSON-RPC response. A tool that is not an MCP tool is an error naming the
/// file and the JSON pointer of the value at fault.
pub fn read(root: &Value, file: &str) -> Result<Manifest> {
    let (tools, pointer) = if let Some(tools) = root.get("tools") {
        (tools, "/tools")
    } else if let Some(tools) = root.pointer("/result/tools") {
        (tools, "/result/tools")
    } else {
        (root, "")
    };
    let Some(items) = tools.as_array() else {
        return Err(Error::new(
            ErrorKind::Input,
            "not a spec or a tools manifest: expected an OpenAPI document, {\"tools\": [...]}, \
             an array of tools, or a tools/list response",
        )
        .in_file(file)
        .at(pointer));
    };
    let tools = items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            from_value_at::<Tool>(item, &format!("{pointer}/{i}")).map_err(|(at, reason)| {
                Error::new(ErrorKind::Input, format!("not an MCP tool: {reason}"))
                    .in_file(file)
                    .at(at)
            })
        })
        .collect::<Result<Vec<Tool>>>()?;
    Ok(Manifest { tools, pointer })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_form_of_manifest_reads_the_same_tools() {
        let tool = json!({"name": "a", "inputSchema": {"type": "object"},
                          "annotations": {"readOnlyHint": true}});
        let forms = [
            (json!({"tools": [tool]}), "/tools"),
            (json!([tool]), ""),
            (
                json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": [tool]}}),
                "/result/tools",
            ),
        ];
        for (document, pointer) in forms {
            let manifest = read(&document, "m.json").unwrap();
            assert_eq!(manifest.pointer, pointer);
            assert_eq!(manifest.tools.len(), 1);
            assert_eq!(manifest.tools[0].annotations.read_only_hint, Some(true));
        }
    }

    #[test]
    fn a_tool_that_is_not_an_mcp_tool_is_refused_at_its_pointer() {
        let document = json!({"tools": [{"name": "a"}, {"name": "b",
            "annotations": {"readOnlyHint": "yes"}}]});
        let error = read(&document, "m.json").unwrap_err();
        assert_eq!(
            error.pointer.as_deref(),
            Some("/tools/1/annotations/readOnlyHint")
        );
        assert_eq!(error.file.as_deref(), Some("m.json"));
        let error = read(&json!({"info": {}}), "m.json").unwrap_err();
        assert!(error.message.starts_with("not a spec or a tools manifest"));
    }

    #[test]
    fn what_convert_writes_reads_back_to_the_same_bytes() {
        let text = "{\n  \"tools\": [\n    {\n      \"name\": \"get_a\",\n      \"inputSchema\": {\n        \"type\": \"object\",\n        \"additionalProperties\": false\n      },\n      \"annotations\": {\n        \"readOnlyHint\": true\n      },\n      \"_meta\": {\n        \"openapi2mcp/http\": {\n          \"method\": \"GET\",\n          \"path\": \"/a\",\n          \"params\": {}\n        }\n      }\n    }\n  ]\n}\n";
        let manifest = read(&serde_json::from_str(text).unwrap(), "m.json").unwrap();
        assert_eq!(render(&manifest.tools), text);
    }
}
