//! Stage 4, emit: the tools manifest. Keys come in a fixed order and the text is written
//! atomically, so the same input always gives the same bytes and a failed run never leaves
//! a partial file. Tools are serialized one at a time from borrowed data, so a large
//! manifest never exists twice in memory.

use std::io::{self, Write};
use std::path::Path;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};

use crate::convert::Tool;
use crate::error::{Error, Result};
use crate::hints::HintStyle;

/// The `_meta` key under which each tool carries its HTTP binding.
pub const HTTP_META_KEY: &str = "openapi2mcp/http";

/// One tool as MCP's `Tool` object, borrowing from the tool.
struct ToolJson<'t> {
    tool: &'t Tool,
    annotations: Map<String, Value>,
}

impl Serialize for ToolJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let tool = self.tool;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("name", &tool.name)?;
        if let Some(title) = &tool.title {
            map.serialize_entry("title", title)?;
        }
        if let Some(description) = &tool.description {
            map.serialize_entry("description", description)?;
        }
        map.serialize_entry("inputSchema", &tool.input_schema)?;
        if let Some(output) = &tool.output_schema {
            map.serialize_entry("outputSchema", output)?;
        }
        if !self.annotations.is_empty() {
            map.serialize_entry("annotations", &self.annotations)?;
        }
        map.serialize_entry("_meta", &Meta(&tool.http))?;
        map.end()
    }
}

struct Meta<'t>(&'t Value);

impl Serialize for Meta<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry(HTTP_META_KEY, self.0)?;
        map.end()
    }
}

/// Writes `{"tools": [...]}` as the tools come, pretty-printed with two spaces, ending in a
/// newline: the same bytes as pretty-printing the whole manifest at once.
pub struct ManifestWriter<W: Write> {
    out: W,
    style: HintStyle,
    written: usize,
    buffer: Vec<u8>,
}

impl<W: Write> ManifestWriter<W> {
    pub fn new(out: W, style: HintStyle) -> Self {
        ManifestWriter {
            out,
            style,
            written: 0,
            buffer: Vec::new(),
        }
    }

    pub fn push(&mut self, tool: &Tool) -> io::Result<()> {
        self.out.write_all(if self.written == 0 {
            b"{\n  \"tools\": [\n    "
        } else {
            b",\n    "
        })?;
        self.buffer.clear();
        let json = ToolJson {
            tool,
            annotations: tool.hints.to_annotations(self.style),
        };
        serde_json::to_writer_pretty(&mut self.buffer, &json).map_err(io::Error::other)?;
        // Indent the tool two levels, as it stands inside the array inside the object.
        // JSON strings hold no raw newlines, so every newline byte is a line break.
        for line in self.buffer.split(|&b| b == b'\n').enumerate() {
            if line.0 > 0 {
                self.out.write_all(b"\n    ")?;
            }
            self.out.write_all(line.1)?;
        }
        self.written += 1;
        Ok(())
    }

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

/// One tool as MCP's `Tool` object, as the manifest writes it.
pub fn tool_value(tool: &Tool, style: HintStyle) -> Value {
    let json = ToolJson {
        tool,
        annotations: tool.hints.to_annotations(style),
    };
    serde_json::to_value(&json).expect("tools serialize")
}

/// The manifest text for a list of tools.
pub fn render(tools: &[Tool], style: HintStyle) -> String {
    let mut writer = ManifestWriter::new(Vec::new(), style);
    for tool in tools {
        writer.push(tool).expect("writing to memory");
    }
    String::from_utf8(writer.finish().expect("writing to memory")).expect("JSON is UTF-8")
}

/// A file being written atomically: the text goes to a temporary file in the same
/// directory, which replaces `path` only on [`AtomicFile::commit`]. Dropped without a
/// commit, it leaves `path` as it was.
pub struct AtomicFile {
    path: std::path::PathBuf,
    file: tempfile::NamedTempFile,
}

impl AtomicFile {
    pub fn create(path: &Path) -> Result<AtomicFile> {
        let directory = match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        let file = tempfile::NamedTempFile::new_in(directory).map_err(|e| write_error(path, e))?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            file,
        })
    }

    pub fn writer(&mut self) -> &mut std::fs::File {
        self.file.as_file_mut()
    }

    pub fn commit(self) -> Result<()> {
        let path = self.path;
        let fail = |e| write_error(&path, e);
        // The temporary file is private (0600); the result gets the old file's mode, or the
        // usual one for a new file.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).map_or(0o644, |m| m.permissions().mode());
            let permissions = std::fs::Permissions::from_mode(mode);
            self.file
                .as_file()
                .set_permissions(permissions)
                .map_err(fail)?;
        }
        self.file.as_file().sync_all().map_err(fail)?;
        self.file.persist(&path).map_err(|e| fail(e.error))?;
        Ok(())
    }
}

pub fn write_error(path: &Path, error: io::Error) -> Error {
    Error::new(format!("cannot write the output: {error}")).in_file(path.display().to_string())
}

/// Writes `text` to `path` atomically: a run killed at any moment leaves the old file or
/// the complete new one.
pub fn write_atomically(path: &Path, text: &str) -> Result<()> {
    let mut file = AtomicFile::create(path)?;
    file.writer()
        .write_all(text.as_bytes())
        .map_err(|e| write_error(path, e))?;
    file.commit()
}

/// Why `old` (a manifest's text) is not `new`: tools added, removed and changed, with the
/// fields that changed. For `convert --check`.
pub fn staleness(old: &str, new: &str) -> String {
    let tools = |text: &str| -> Option<Vec<Value>> {
        let value: Value = serde_json::from_str(text).ok()?;
        value.get("tools")?.as_array().cloned()
    };
    let (Some(old_tools), Some(new_tools)) = (tools(old), tools(new)) else {
        return "the file is not a tools manifest\n".to_string();
    };
    let name = |tool: &Value| {
        tool.get("name")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let old_by_name: std::collections::HashMap<String, &Value> =
        old_tools.iter().map(|t| (name(t), t)).collect();
    let new_names: std::collections::HashSet<String> = new_tools.iter().map(name).collect();
    let mut lines = Vec::new();
    for tool in &new_tools {
        match old_by_name.get(&name(tool)) {
            None => lines.push(format!("added    {}", name(tool))),
            Some(old) if *old != tool => {
                let mut fields: Vec<&str> = Vec::new();
                for key in tool
                    .as_object()
                    .into_iter()
                    .flat_map(|o| o.keys())
                    .chain(old.as_object().into_iter().flat_map(|o| o.keys()))
                {
                    if old.get(key) != tool.get(key) && !fields.contains(&key.as_str()) {
                        fields.push(key);
                    }
                }
                lines.push(format!("changed  {} ({})", name(tool), fields.join(", ")));
            }
            Some(_) => {}
        }
    }
    for tool in &old_tools {
        if !new_names.contains(&name(tool)) {
            lines.push(format!("removed  {}", name(tool)));
        }
    }
    if lines.is_empty() {
        // Same tools, other bytes: order or formatting.
        lines.push("the same tools, in another order or format".to_string());
    }
    lines.join("\n") + "\n"
}
