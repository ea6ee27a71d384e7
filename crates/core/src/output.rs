//! Files the commands write. A regular file is written atomically: the text goes to a
//! temporary file in the same directory, which replaces the target only when complete, so a
//! failed or killed run leaves the old file or the whole new one, never a part. A symbolic
//! link is written through: its target is replaced, the link stays. A file with hard links
//! has its content replaced in place once the new text is whole, so its other names keep
//! it; a file no one may write (mode 444) is refused. Anything else (a
//! device such as `/dev/null` or `/dev/stdout`, a FIFO) is written to directly and never
//! replaced, since replacing it would put a regular file where the device was.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::error::{Error, ErrorKind, Result};

/// A file being written, which takes effect on [`OutputFile::commit`]. Dropped without a
/// commit, a regular file is left as it was.
pub struct OutputFile {
    /// The path as the user gave it, for messages.
    path: PathBuf,
    target: Target,
}

enum Target {
    /// A temporary file beside `replaces`, renamed over it on commit (taken then).
    Atomic {
        file: Option<tempfile::NamedTempFile>,
        replaces: PathBuf,
    },
    /// Written in place: a device or a FIFO.
    Direct(std::fs::File),
}

/// Temporary files being written, removed by [`remove_unfinished_files`] when a signal
/// ends the process before they are committed.
static UNFINISHED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn unfinished() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    UNFINISHED.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes the temporary files of every write under way. For a signal handler that then
/// ends the process, which runs no destructors to remove them: the list stays locked, so a
/// write that starts meanwhile waits for the end instead of leaving its file behind.
pub fn remove_unfinished_files() {
    let mut unfinished = unfinished();
    for path in unfinished.drain(..) {
        let _ = std::fs::remove_file(path);
    }
    std::mem::forget(unfinished);
}

impl OutputFile {
    /// Starts writing `path`: a temporary file beside the file it names, links followed, or the
    /// file itself for a device or a FIFO. A regular file no one may write is refused.
    pub fn create(path: &Path) -> Result<OutputFile> {
        let fail = |e| write_error(path, e);
        let replaces = resolve_links(path).map_err(fail)?;
        let existing = std::fs::metadata(&replaces).ok();
        // Nothing under /dev is replaced, whatever it resolves to: /dev/stdout may lead to
        // the regular file the shell redirected to, which the shell holds open.
        let direct =
            path.starts_with("/dev") || existing.as_ref().is_some_and(|m| !m.file_type().is_file());
        if direct {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(fail)?;
            return Ok(OutputFile {
                path: path.to_path_buf(),
                target: Target::Direct(file),
            });
        }
        // The owner's mark: a file no one may write is not replaced (root could).
        #[cfg(unix)]
        if let Some(metadata) = &existing {
            use std::os::unix::fs::PermissionsExt;
            if metadata.permissions().mode() & 0o222 == 0 {
                return Err(write_error(
                    path,
                    io::Error::new(
                        io::ErrorKind::PermissionDenied,
                        "the file is read-only: it is not replaced (make it writable first)",
                    ),
                ));
            }
        }
        let directory = match replaces.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        // Made and listed under one lock: a signal between the two would leave the file.
        let mut unfinished = unfinished();
        let file = tempfile::NamedTempFile::new_in(directory).map_err(fail)?;
        unfinished.push(file.path().to_path_buf());
        drop(unfinished);
        Ok(OutputFile {
            path: path.to_path_buf(),
            target: Target::Atomic {
                file: Some(file),
                replaces,
            },
        })
    }

    /// Where the text goes.
    pub fn writer(&mut self) -> &mut std::fs::File {
        match &mut self.target {
            Target::Atomic { file, .. } => {
                file.as_mut().expect("taken only by commit").as_file_mut()
            }
            Target::Direct(file) => file,
        }
    }

    /// Puts the text in place: the temporary file, given the old file's mode (0644 for a new
    /// file), replaces the file, or is copied into it when it has hard links. A device or a
    /// FIFO is flushed.
    pub fn commit(mut self) -> Result<()> {
        let path = self.path.clone();
        let fail = |e| write_error(&path, e);
        let (file, replaces) = match &mut self.target {
            Target::Direct(file) => return file.flush().map_err(fail),
            Target::Atomic { file, replaces } => {
                (file.take().expect("committed once"), replaces.clone())
            }
        };
        // The temporary file is private (0600); the result gets the old file's mode, or the
        // usual one for a new file.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&replaces).map_or(0o644, |m| m.permissions().mode());
            let permissions = std::fs::Permissions::from_mode(mode);
            file.as_file().set_permissions(permissions).map_err(fail)?;
        }
        file.as_file().sync_all().map_err(fail)?;
        let temporary = file.path().to_path_buf();
        // A file with other names (hard links) keeps them: its content is replaced in
        // place, once the whole new text is written, rather than the file itself.
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            if std::fs::metadata(&replaces).is_ok_and(|m| m.nlink() > 1) {
                let copied = std::fs::copy(&temporary, &replaces)
                    .and_then(|_| std::fs::File::open(&replaces)?.sync_all());
                drop(file);
                unfinished().retain(|p| *p != temporary);
                return copied.map_err(fail);
            }
        }
        let persisted = file.persist(&replaces);
        unfinished().retain(|p| *p != temporary);
        persisted.map_err(|e| fail(e.error))?;
        Ok(())
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        if let Target::Atomic {
            file: Some(file), ..
        } = &self.target
        {
            let temporary = file.path();
            unfinished().retain(|p| p != temporary);
        }
    }
}

/// The file `path` finally names, following symbolic links (also a link to a file not yet
/// there): the file to replace.
fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    // The kernel's own limit on links followed in one lookup.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&current) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let target = std::fs::read_link(&current)?;
                current = match current.parent() {
                    Some(parent) => parent.join(target),
                    None => target,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// An error writing the file the user named, never naming the temporary file: tempfile
/// appends ` at path "..."` (the temporary file's) to the errors it returns.
pub fn write_error(path: &Path, error: io::Error) -> Error {
    let error = match error.get_ref().map(|inner| inner.to_string()) {
        Some(text) if text.contains(" at path ") => {
            let cut = text
                .rsplit_once(" at path ")
                .map_or(text.as_str(), |(m, _)| m);
            io::Error::new(error.kind(), cut.to_string())
        }
        _ => error,
    };
    Error::new(ErrorKind::Io, format!("cannot write the output: {error}"))
        .caused_by(error)
        .in_file(path.display().to_string())
}

/// Writes `text` to `path` as [`OutputFile`] does.
pub fn write_file(path: &Path, text: &str) -> Result<()> {
    let mut file = OutputFile::create(path)?;
    file.writer()
        .write_all(text.as_bytes())
        .map_err(|e| write_error(path, e))?;
    file.commit()
}
