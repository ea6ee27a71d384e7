//! Stage 1, load: read bytes, parse them (JSON or YAML, told apart by content), and resolve
//! `$ref`s. The parsed documents are kept as plain `serde_json::Value`s with key order
//! preserved, so nothing the spec says is dropped before the later stages look at it.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use elsa::sync::FrozenVec;

pub(crate) mod locate;
mod parse;
mod strict;

/// What makes a file itself whatever its name, links followed: its device and inode. Read
/// from its metadata, never by opening it (opening a FIFO waits for a writer).
#[cfg(unix)]
fn file_identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    let metadata = std::fs::metadata(path).ok()?;
    Some((metadata.dev(), metadata.ino()))
}

/// Elsewhere, the canonical path: a hard link is not seen.
#[cfg(not(unix))]
fn file_identity(path: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(path).ok()
}

/// Whether two paths name one file (links followed); a path that names none is no file.
pub fn same_file(a: &Path, b: &Path) -> bool {
    file_identity(a).is_some_and(|a| file_identity(b) == Some(a))
}

#[cfg(test)]
mod tests;

use serde_json::Value;

use crate::error::{Error, ErrorKind, Result};
pub use parse::parse_document;
pub(crate) use parse::parse_typed_yaml;

/// Where a spec comes from.
#[derive(Debug, Clone)]
pub enum Input {
    /// Standard input (`-`).
    Stdin,
    /// A file.
    Path(PathBuf),
    /// An `http://` or `https://` URL, read through [`FileAccess::fetch`].
    Url(String),
}

impl Input {
    /// `-` means standard input, an `http://` or `https://` URL a download, anything else a
    /// path.
    pub fn from_arg(arg: &str) -> Self {
        if arg == "-" {
            Input::Stdin
        } else if ["http://", "https://"].iter().any(|scheme| {
            arg.get(..scheme.len())
                .is_some_and(|s| s.eq_ignore_ascii_case(scheme))
        }) {
            Input::Url(arg.to_string())
        } else {
            Input::Path(PathBuf::from(arg))
        }
    }

    /// The name used in messages: the path or URL as given, or `-`.
    pub fn display_name(&self) -> String {
        match self {
            Input::Stdin => "-".to_string(),
            Input::Path(path) => path.display().to_string(),
            Input::Url(url) => url.clone(),
        }
    }
}

/// Which files a spec may read, and how large each may be.
#[derive(Debug, Clone)]
pub struct FileAccess {
    /// Directories outside the root document's own that references may reach.
    pub allowed_outside: Vec<PathBuf>,
    /// The largest file read, in bytes.
    pub max_file_size: u64,
    /// Hosts other than a spec's own that the references of a spec read by URL may reach
    /// (`host` or `host:port`).
    pub allowed_hosts: Vec<String>,
    /// What downloads a spec given by URL and the documents its references name; without
    /// one, a URL is refused.
    pub fetch: Option<Arc<dyn Fetch>>,
}

/// Downloads a document (`openapi2mcp_serve::fetch::Downloader`, or a test's stand-in): the
/// loader itself holds no HTTP stack.
pub trait Fetch: Send + Sync + std::fmt::Debug {
    /// The document at `url`, refused past `max_bytes`, or why it could not be had.
    fn fetch(&self, url: &str, max_bytes: u64) -> std::result::Result<Fetched, String>;
}

/// A downloaded document.
#[derive(Debug)]
pub struct Fetched {
    /// The document as downloaded.
    pub bytes: Vec<u8>,
    /// Where it came from once redirects were followed: its relative references start here.
    pub url: String,
}

/// The default largest file: far above any real spec (GitHub's is 13 MB), far below what
/// would exhaust memory.
pub const DEFAULT_MAX_FILE_MIB: u64 = 256;

impl Default for FileAccess {
    fn default() -> Self {
        FileAccess {
            allowed_outside: Vec::new(),
            max_file_size: DEFAULT_MAX_FILE_MIB << 20,
            allowed_hosts: Vec::new(),
            fetch: None,
        }
    }
}

/// Reads a regular file of at most `max` bytes. Anything else (a FIFO, a device, a
/// directory, a socket) is refused before a byte is read: reading a FIFO waits for a writer
/// forever, and `/dev/zero` never ends.
fn read_regular_file(path: &Path, max: u64) -> Result<Vec<u8>> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    // Opening a FIFO without O_NONBLOCK waits for a writer before the check below can run.
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path).map_err(cannot_read)?;
    let metadata = file.metadata().map_err(cannot_read)?;
    if !metadata.is_file() {
        return Err(Error::new(
            ErrorKind::Io,
            format!(
                "this is {}, not a regular file: only regular files are read",
                kind_of_file(&metadata.file_type())
            ),
        ));
    }
    if metadata.len() > max {
        return Err(too_large(max));
    }
    read_at_most(file, max)
}

/// Reads `reader` to its end, refusing more than `max` bytes.
fn read_at_most(reader: impl Read, max: u64) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader
        .take(max.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(cannot_read)?;
    if bytes.len() as u64 > max {
        return Err(too_large(max));
    }
    Ok(bytes)
}

fn cannot_read(e: std::io::Error) -> Error {
    Error::new(ErrorKind::Io, format!("cannot read the file: {e}")).caused_by(e)
}

fn too_large(max: u64) -> Error {
    Error::new(
        ErrorKind::Io,
        format!(
            "the file is larger than {} MiB (--max-file-size raises the limit)",
            max.div_ceil(1 << 20)
        ),
    )
}

fn kind_of_file(kind: &fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a directory"
    } else {
        "something else"
    }
}

/// Index of a file in a [`Spec`]; the root document is always file 0.
pub type FileId = usize;

/// A place in the spec: a file and a JSON pointer into it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// The file, by its index in the [`Spec`].
    pub file: FileId,
    /// A JSON Pointer into that file's document (`/paths/~1pets/get`).
    pub pointer: String,
}

/// One document of a [`Spec`]: the root, or a file or URL one of its references named.
#[derive(Debug)]
pub struct File {
    /// The name used in messages.
    pub name: String,
    /// The parsed document, its `$ref`s as written (see [`Spec::resolve`]).
    pub value: Value,
    /// The directory its relative references start from.
    directory: PathBuf,
    /// For a document read by URL, the URL its relative references start from.
    url: Option<String>,
    /// Where it was read from, for its text; `None` when the text was given whole.
    path: Option<PathBuf>,
    /// The most bytes its text may be read back with.
    max_size: u64,
    /// The source text, for finding lines when a message needs one. A file's is not kept
    /// while the spec is converted (a large spec's text is as large as the spec); it is
    /// read again, once, by the first message that needs a line.
    text: OnceLock<String>,
}

impl File {
    /// The text as it was parsed (without a byte-order mark); empty if the file can no
    /// longer be read.
    pub fn text(&self) -> &str {
        self.text.get_or_init(|| {
            let text = self
                .path
                .as_ref()
                .and_then(|path| read_regular_file(path, self.max_size).ok())
                .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
                .unwrap_or_default();
            match text.strip_prefix('\u{FEFF}') {
                Some(rest) => rest.to_string(),
                None => text,
            }
        })
    }
}

/// Every document of one spec, each parsed once. Other files are read when a reference
/// is resolved, not before: a reference nothing uses (or one inside an example, which is
/// data) never opens its file, and a broken file is an error only where it is used.
#[derive(Debug)]
pub struct Spec {
    files: FrozenVec<Box<File>>,
    /// Where references may lead; `None` when other files are not followed.
    reach: Option<Reach>,
    /// By the path as joined (directory + reference): the loaded file or the refusal.
    documents: Mutex<Documents>,
}

#[derive(Debug)]
struct Reach {
    /// The canonical directories references may reach.
    allowed: Vec<PathBuf>,
    /// For a spec read by URL: the hosts its references may reach (`host:port`, and `host`
    /// for any port), and what downloads them.
    hosts: Vec<String>,
    fetch: Option<Arc<dyn Fetch>>,
    max_file_size: u64,
}

#[derive(Debug, Default)]
struct Documents {
    by_reference: HashMap<PathBuf, Result<FileId, String>>,
    by_canonical: HashMap<PathBuf, FileId>,
    by_url: HashMap<String, Result<FileId, String>>,
}

impl Spec {
    fn new(root: File, reach: Option<Reach>) -> Spec {
        let files = FrozenVec::new();
        files.push(Box::new(root));
        Spec {
            files,
            reach,
            documents: Mutex::default(),
        }
    }

    /// The root document, as parsed.
    pub fn root(&self) -> &Value {
        &self.file(0).value
    }

    /// How many files have been read so far.
    pub fn file_count(&self) -> usize {
        self.files.len()
    }

    /// Whether `path` is a file this spec was read from, by another name or link too: a
    /// command's output must not replace its input. Standard input is the file it was
    /// redirected from (`convert - -o api.yaml < api.yaml`), where the system names it.
    pub fn was_read_from(&self, path: &Path) -> bool {
        let Some(output) = file_identity(path) else {
            return false;
        };
        let stdin = Path::new("/dev/stdin");
        let mut read = (self.files.iter()).map(|file| file.path.as_deref().unwrap_or(stdin));
        read.any(|input| file_identity(input).as_ref() == Some(&output))
    }

    /// The file `id` names; panics if this spec has read no such file.
    pub fn file(&self, id: FileId) -> &File {
        self.files.get(id).expect("a file id comes from this spec")
    }

    /// An error about `location`, naming its file and pointer.
    pub fn error_at(&self, location: &Location, message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Input, message)
            .in_file(self.file(location.file).name.clone())
            .at(location.pointer.clone())
    }

    /// The text of a line (1-based) of the file named `file`.
    pub fn line(&self, file: &str, line: usize) -> Option<&str> {
        let file = self.files.iter().find(|f| f.name == file)?;
        file.text().lines().nth(line.checked_sub(1)?)
    }

    /// Fills in the line and column of errors that point into this spec's files, walking
    /// each file's text once for all its pointers.
    pub fn add_lines(&self, errors: &mut [Error]) {
        for file in self.files.iter() {
            let mut wanted = HashSet::new();
            for error in errors.iter() {
                if let (Some(name), Some(pointer), None) =
                    (&error.file, &error.pointer, error.line_col)
                {
                    if *name == file.name {
                        wanted.insert(pointer.as_str());
                    }
                }
            }
            if wanted.is_empty() {
                continue;
            }
            let found = locate::locate(file.text(), &wanted);
            for error in errors.iter_mut() {
                if error.file.as_deref() == Some(&file.name) && error.line_col.is_none() {
                    if let Some(&(line, col)) = error.pointer.as_ref().and_then(|p| found.get(p)) {
                        error.line_col = Some((line, col));
                    }
                }
            }
        }
    }

    /// Resolves `reference` (the string of a `$ref`) written in file `from`, reading the
    /// file it names the first time one is named. On failure returns the reason, for the
    /// caller to place.
    pub fn resolve(&self, from: FileId, reference: &str) -> Result<(Location, &Value), String> {
        let (document, fragment) = reference.split_once('#').unwrap_or((reference, ""));
        let file = if document.is_empty() {
            from
        } else if let Some(base) = &self.file(from).url {
            self.download(base, document)
                .map_err(|reason| format!("$ref '{reference}': {reason}"))?
        } else if is_url(document) {
            return Err(format!(
                "$ref '{reference}' is a URL: only a spec read by URL has its references downloaded"
            ));
        } else {
            self.document(from, document)
                .map_err(|reason| format!("$ref '{reference}': {reason}"))?
        };
        let pointer = percent_encoding::percent_decode_str(fragment)
            .decode_utf8()
            .map_err(|_| format!("$ref '{reference}' is not valid UTF-8 once decoded"))?;
        if !pointer.is_empty() && !pointer.starts_with('/') {
            return Err(format!(
                "$ref '{reference}' is not a JSON pointer (anchors are not supported)"
            ));
        }
        let value = self
            .file(file)
            .value
            .pointer(&pointer)
            .ok_or_else(|| format!("$ref '{reference}' does not resolve: nothing is there"))?;
        let location = Location {
            file,
            pointer: pointer.into_owned(),
        };
        Ok((location, value))
    }

    /// The document `reference` names relative to `base` (a URL), downloaded and parsed on
    /// first use; only from the spec's own host or one allowed.
    fn download(&self, base: &str, reference: &str) -> Result<FileId, String> {
        let Some(reach) = &self.reach else {
            return Err("the file was not loaded".to_string());
        };
        let mut url = url::Url::parse(base)
            .and_then(|base| base.join(reference))
            .map_err(|e| format!("cannot join it to {base}: {e}"))?;
        url.set_fragment(None);
        let url = url.to_string();
        reach.check_host(&url)?;
        let mut documents = self.documents.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(outcome) = documents.by_url.get(&url) {
            return outcome.clone();
        }
        let outcome = self.read_url(reach, &url);
        documents.by_url.insert(url, outcome.clone());
        outcome
    }

    fn read_url(&self, reach: &Reach, url: &str) -> Result<FileId, String> {
        let fetch = reach.fetch.as_ref().ok_or("nothing here downloads it")?;
        let fetched = fetch
            .fetch(url, reach.max_file_size)
            .map_err(|why| format!("cannot download {url}: {why}"))?;
        // A redirect may not take a reference to a host the spec may not reach either.
        reach.check_host(&fetched.url)?;
        let (value, text) =
            parse_document(fetched.bytes).map_err(|e| e.in_file(url.to_string()).to_string())?;
        Ok(self.files.push_get_index(Box::new(File {
            name: url.to_string(),
            value,
            directory: PathBuf::new(),
            url: Some(fetched.url),
            path: None,
            max_size: reach.max_file_size,
            text: OnceLock::from(text),
        })))
    }

    /// The file `document` (relative to file `from`) names, read and parsed on first use.
    fn document(&self, from: FileId, document: &str) -> Result<FileId, String> {
        let Some(reach) = &self.reach else {
            return Err("the file was not loaded".to_string());
        };
        let joined = self.file(from).directory.join(document);
        // One lock for the whole read: two threads resolving the same file read it once.
        let mut documents = self.documents.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(outcome) = documents.by_reference.get(&joined) {
            return outcome.clone();
        }
        let outcome = self.read_document(reach, &mut documents, &joined);
        documents.by_reference.insert(joined, outcome.clone());
        outcome
    }

    fn read_document(
        &self,
        reach: &Reach,
        documents: &mut Documents,
        joined: &Path,
    ) -> Result<FileId, String> {
        let canonical = fs::canonicalize(joined)
            .map_err(|e| format!("cannot open {}: {e}", joined.display()))?;
        if !reach.allowed.iter().any(|dir| canonical.starts_with(dir)) {
            return Err(format!(
                "{} is outside the spec's directory (--allow-ref-outside DIR permits it)",
                joined.display()
            ));
        }
        if let Some(&id) = documents.by_canonical.get(&canonical) {
            return Ok(id);
        }
        let name = joined.display().to_string();
        let bytes = read_regular_file(&canonical, reach.max_file_size)
            .map_err(|e| format!("{name}: {}", e.message))?;
        let (value, _) = parse_document(bytes).map_err(|e| e.in_file(name.clone()).to_string())?;
        let directory = canonical
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let id = self.files.push_get_index(Box::new(File {
            name,
            value,
            directory,
            url: None,
            path: Some(canonical.clone()),
            max_size: reach.max_file_size,
            text: OnceLock::new(),
        }));
        documents.by_canonical.insert(canonical, id);
        Ok(id)
    }
}

/// Reads and parses a spec; the files its relative `$ref`s name are read as they are
/// resolved. A reference may not leave the root document's directory, or one of
/// `access.allowed_outside`; from a spec read by URL, its host, or one of
/// `access.allowed_hosts`.
pub fn load(input: &Input, access: &FileAccess) -> Result<Spec> {
    let name = input.display_name();
    let bytes = match input {
        Input::Stdin => read_at_most(std::io::stdin().lock(), access.max_file_size),
        Input::Path(path) => read_regular_file(path, access.max_file_size),
        Input::Url(url) => return load_url(url, access),
    }
    .map_err(|e| e.in_file(name.clone()))?;
    let (value, text) = parse_document(bytes).map_err(|e| e.in_file(name.clone()))?;
    let (directory, path, text) = match input {
        Input::Path(path) => {
            drop(text);
            let directory = path.parent().map(Path::to_path_buf).unwrap_or_default();
            (directory, Some(path.clone()), OnceLock::new())
        }
        Input::Stdin | Input::Url(_) => (PathBuf::new(), None, OnceLock::from(text)),
    };
    let mut allowed = vec![canonical_directory(&directory)?];
    for extra in &access.allowed_outside {
        allowed.push(canonical_directory(extra)?);
    }
    let root_path = path.as_ref().and_then(|p| fs::canonicalize(p).ok());
    let spec = Spec::new(
        File {
            name,
            value,
            directory,
            url: None,
            path,
            max_size: access.max_file_size,
            text,
        },
        Some(Reach {
            allowed,
            hosts: Vec::new(),
            fetch: None,
            max_file_size: access.max_file_size,
        }),
    );
    // The root named by its own file name is the root, not a second copy of it.
    if let Some(root_path) = root_path {
        spec.documents
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .by_canonical
            .insert(root_path, 0);
    }
    Ok(spec)
}

/// A spec downloaded from `url`; its references are downloaded as they are resolved.
fn load_url(url: &str, access: &FileAccess) -> Result<Spec> {
    let Some(fetch) = &access.fetch else {
        return Err(Error::new(
            ErrorKind::Io,
            "a spec by URL needs a downloader (FileAccess::fetch; the command gives it one)",
        )
        .in_file(url));
    };
    let fetched = fetch.fetch(url, access.max_file_size).map_err(|why| {
        Error::new(ErrorKind::Io, format!("cannot download it: {why}")).in_file(url)
    })?;
    let (value, text) = parse_document(fetched.bytes).map_err(|e| e.in_file(url))?;
    let mut hosts: Vec<String> = [url, fetched.url.as_str()]
        .iter()
        .filter_map(|url| authority(url))
        .collect();
    hosts.extend(access.allowed_hosts.iter().cloned());
    // The root named by its own URL (as asked, or after redirects) is the root, not a
    // second download of it.
    let root_urls: Vec<String> = [url, fetched.url.as_str()]
        .iter()
        .filter_map(|url| url::Url::parse(url).ok())
        .map(|mut url| {
            url.set_fragment(None);
            url.to_string()
        })
        .collect();
    let spec = Spec::new(
        File {
            name: url.to_string(),
            value,
            directory: PathBuf::new(),
            url: Some(fetched.url),
            path: None,
            max_size: access.max_file_size,
            text: OnceLock::from(text),
        },
        Some(Reach {
            allowed: Vec::new(),
            hosts,
            fetch: Some(Arc::clone(fetch)),
            max_file_size: access.max_file_size,
        }),
    );
    let mut documents = spec.documents.lock().unwrap_or_else(|e| e.into_inner());
    for root in root_urls {
        documents.by_url.insert(root, Ok(0));
    }
    drop(documents);
    Ok(spec)
}

/// `host:port` of a URL, the port the scheme's own when none is written.
fn authority(url: &str) -> Option<String> {
    let url = url::Url::parse(url).ok()?;
    Some(format!(
        "{}:{}",
        url.host_str()?,
        url.port_or_known_default()?
    ))
}

impl Reach {
    /// Whether a reference may be downloaded from `url`: a host the spec came from, or one
    /// `--allow-ref-host` names (with any port, or the one given).
    fn check_host(&self, url: &str) -> std::result::Result<(), String> {
        let authority = authority(url).ok_or_else(|| format!("{url} is not an http(s) URL"))?;
        let host = authority.rsplit_once(':').map_or("", |(host, _)| host);
        if self
            .hosts
            .iter()
            .any(|allowed| *allowed == authority || allowed == host)
        {
            return Ok(());
        }
        Err(format!(
            "{authority} is another host than the spec's (--allow-ref-host {host} permits it)"
        ))
    }
}

/// A document held in memory, as a whole spec: references to other files are not followed
/// (each is reported, where an operation uses it, as not loaded).
pub fn load_bytes(name: &str, bytes: Vec<u8>) -> Result<Spec> {
    let (value, text) = parse_document(bytes).map_err(|e| e.in_file(name))?;
    Ok(Spec::new(
        File {
            name: name.to_string(),
            value,
            directory: PathBuf::new(),
            url: None,
            path: None,
            max_size: 0,
            text: OnceLock::from(text),
        },
        None,
    ))
}

fn canonical_directory(directory: &Path) -> Result<PathBuf> {
    let directory = if directory.as_os_str().is_empty() {
        Path::new(".")
    } else {
        directory
    };
    fs::canonicalize(directory).map_err(|e| {
        Error::new(ErrorKind::Io, format!("cannot open the directory: {e}"))
            .caused_by(e)
            .in_file(directory.display().to_string())
    })
}

/// `http://...`, `https://...`, `//host/...`: anything with a scheme or an authority.
fn is_url(document: &str) -> bool {
    document.starts_with("//")
        || document.split_once(':').is_some_and(|(scheme, _)| {
            !scheme.is_empty()
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
                && scheme.len() > 1
        })
}

/// The text of a small file of our own (`what`: "the config file", "the baseline"...), and
/// its name as the user gave it; an error names the file.
/// Read as a spec is: a regular file only (a FIFO would wait forever, `/dev/zero` never
/// ends), and at most [`OWN_FILE_MAX`] bytes.
pub(crate) fn read_own_file(path: &std::path::Path, what: &str) -> Result<(String, String)> {
    let file = path.display().to_string();
    let bytes = read_regular_file(path, OWN_FILE_MAX).map_err(|error| {
        Error::new(
            ErrorKind::Io,
            format!("cannot read {what}: {}", error.message),
        )
        .in_file(file.clone())
    })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        Error::new(
            ErrorKind::Input,
            format!("cannot read {what}: not UTF-8 text ({e})"),
        )
        .in_file(file.clone())
    })?;
    Ok((file, text))
}

/// The largest config, overrides or baseline file read: far more than any needs.
pub const OWN_FILE_MAX: u64 = 64 << 20;

/// A file convert wrote (a manifest `--check` compares with), read as a spec is (a
/// regular file, at most [`DEFAULT_MAX_FILE_MIB`] MiB); `Ok(None)` when there is none.
pub fn read_written_file(path: &std::path::Path) -> Result<Option<String>> {
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        _ => {}
    }
    let bytes = read_regular_file(path, DEFAULT_MAX_FILE_MIB << 20)
        .map_err(|error| error.in_file(path.display().to_string()))?;
    Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
}
