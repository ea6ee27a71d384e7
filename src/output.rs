//! Files the commands write. A file is written atomically: the text goes to a temporary file
//! in the same directory, which replaces the target only when complete, so a failed or
//! killed run leaves the old file or the whole new one, never a part.

use std::io::{self, Write};
use std::path::Path;

use crate::error::{Error, ErrorKind, Result};

/// A file being written atomically, replacing `path` only on [`AtomicFile::commit`].
/// Dropped without a commit, it leaves `path` as it was.
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
    Error::new(format!("cannot write the output: {error}"))
        .with_kind(ErrorKind::Io)
        .caused_by(error)
        .in_file(path.display().to_string())
}

/// Writes `text` to `path` atomically.
pub fn write_atomically(path: &Path, text: &str) -> Result<()> {
    let mut file = AtomicFile::create(path)?;
    file.writer()
        .write_all(text.as_bytes())
        .map_err(|e| write_error(path, e))?;
    file.commit()
}
