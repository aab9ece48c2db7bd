//! Where an output file goes, settled before a long run starts: standard
//! output (`-`, or a path that is standard output's own pipe, socket or
//! file), a regular file, or a device or named pipe. The arena and self-play
//! open their outputs through it.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::Path;

/// Where one output goes, settled before the first game.
pub enum Target {
    /// Standard output: `-`, or a path that is standard output's own pipe,
    /// socket or file (`/dev/stdout` in `quoridor arena … | jq`).
    Stdout,
    /// A regular file (the arena truncates it and writes it after the games,
    /// and removes it again if it created it and stops before).
    Regular {
        /// The open file.
        file: File,
        /// Whether opening it created it.
        created: bool,
    },
    /// A device or a named pipe (`/dev/null`, a terminal, a FIFO): written,
    /// never truncated nor removed.
    Stream(File),
}

impl Target {
    /// Opens `path` for writing (`-` is standard output), creating a regular
    /// file that does not exist, truncating nothing. A file it created is
    /// removed again if it cannot be opened.
    pub fn open(path: &Path) -> io::Result<Target> {
        if path.as_os_str() == "-" {
            return Ok(Target::Stdout);
        }
        let created = !path.exists();
        let opened = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .and_then(|file| file.metadata().map(|meta| (file, meta)));
        let (file, meta) = match opened {
            Ok(opened) => opened,
            Err(source) => {
                if created {
                    let _ = std::fs::remove_file(path);
                }
                return Err(source);
            }
        };
        Ok(if is_stdout(&meta) {
            Target::Stdout
        } else if meta.is_file() {
            Target::Regular { file, created }
        } else {
            Target::Stream(file)
        })
    }
}

/// Whether `meta` describes standard output's own pipe, socket or file (a
/// terminal or `/dev/null` are devices anyone may write to beside it).
#[cfg(unix)]
pub fn is_stdout(meta: &std::fs::Metadata) -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    if meta.file_type().is_char_device() || meta.file_type().is_block_device() {
        return false;
    }
    let Ok(fd) = io::stdout().as_fd().try_clone_to_owned() else {
        return false;
    };
    File::from(fd)
        .metadata()
        .is_ok_and(|out| out.dev() == meta.dev() && out.ino() == meta.ino())
}

/// Whether `meta` describes standard output's own file: not known here.
#[cfg(not(unix))]
pub fn is_stdout(_meta: &std::fs::Metadata) -> bool {
    false
}
