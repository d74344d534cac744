//! The path rules of the server: what a request may name, and how it is decoded.
//!
//! Only files inside the rule set's folder (the directory of the rule file, canonicalised)
//! can be reached, and only through [`Folder::resolve`]:
//! - the path is percent-decoded exactly once (`%2e%2e` is `..`, `%252e` stays `%2e`); a bad
//!   escape, invalid UTF-8 or a NUL byte is refused;
//! - it must be relative: no leading `/`, no drive letter or `\`, no empty, `.` or `..`
//!   component;
//! - no component may be hidden (start with `.`: `.git/config` is refused), the path may
//!   not be deeper than the listing looks, and no folder on the way may be a symbolic link
//!   (the listing does not enter those): what [`Folder::list`] does not show cannot be read;
//! - the joined path is canonicalised (symlinks resolved) and must still lie inside the
//!   folder, outside hidden folders, and be a regular file: a symlink pointing out of the
//!   folder, or at a hidden file, is refused.

use std::path::{Path, PathBuf};

/// Why a path was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The path tries to leave the folder, or is not a plain relative path (HTTP 403).
    Forbidden(String),
    /// Inside the folder, but no such file (HTTP 404).
    NotFound,
}

/// The rule set's folder.
#[derive(Debug, Clone)]
pub struct Folder {
    root: PathBuf,
}

/// How many files [`Folder::list`] returns at most, and how deep it looks.
const LIST_MAX: usize = 2000;
const LIST_DEPTH: usize = 4;

impl Folder {
    /// The folder of rule file `rules`.
    ///
    /// # Errors
    /// When the folder does not exist.
    pub fn of_rules(rules: &Path) -> std::io::Result<Folder> {
        let abs = std::path::absolute(rules)?;
        let dir = abs.parent().unwrap_or(Path::new("/"));
        Ok(Folder {
            root: std::fs::canonicalize(dir)?,
        })
    }

    /// The canonical folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The file that the decoded, `/`-separated relative path `rel` names (module doc).
    ///
    /// # Errors
    /// [`Refused`].
    pub fn resolve(&self, rel: &str) -> Result<PathBuf, Refused> {
        let forbid = |why: &str| Err(Refused::Forbidden(format!("{why}: `{rel}`")));
        if rel.is_empty() {
            return forbid("empty path");
        }
        if rel.contains('\0') || rel.contains('\\') || rel.contains(':') {
            return forbid("not a plain relative path");
        }
        if rel.starts_with('/') {
            return forbid("absolute path");
        }
        let parts: Vec<&str> = rel.split('/').collect();
        let mut joined = self.root.clone();
        for (i, c) in parts.iter().enumerate() {
            match *c {
                "" | "." => return forbid("empty or `.` component"),
                ".." => return forbid("`..` leaves the rule set's folder"),
                c if c.starts_with('.') => return forbid("a hidden file or folder"),
                c => joined.push(c),
            }
            let folder_on_the_way = i + 1 < parts.len();
            if folder_on_the_way
                && std::fs::symlink_metadata(&joined).is_ok_and(|m| m.file_type().is_symlink())
            {
                return forbid("a path through a symbolic link to a folder");
            }
        }
        if parts.len() > LIST_DEPTH + 1 {
            return forbid("deeper than the rule set's folder is listed");
        }
        let real = match std::fs::canonicalize(&joined) {
            Ok(r) => r,
            Err(_) => return Err(Refused::NotFound),
        };
        let Ok(inside) = real.strip_prefix(&self.root) else {
            return forbid("leads out of the rule set's folder");
        };
        if inside
            .components()
            .any(|c| c.as_os_str().to_string_lossy().starts_with('.'))
        {
            return forbid("leads to a hidden file");
        }
        if !std::fs::metadata(&real).is_ok_and(|m| m.is_file()) {
            return Err(Refused::NotFound);
        }
        Ok(real)
    }

    /// `path` relative to the folder, `/`-separated, when it lies inside it.
    pub fn relative(&self, path: &Path) -> Option<String> {
        let real = std::fs::canonicalize(path).ok()?;
        let rel = real.strip_prefix(&self.root).ok()?;
        let parts: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_str().map(str::to_string))
            .collect::<Option<_>>()?;
        Some(parts.join("/"))
    }

    /// The regular files inside the folder (relative paths, sorted; no hidden files, no
    /// symlinks out, at most a few levels deep), for the page's file controls.
    pub fn list(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.walk(&self.root.clone(), "", 0, &mut out);
        out.sort();
        out
    }

    fn walk(&self, dir: &Path, prefix: &str, depth: usize, out: &mut Vec<String>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<_> = rd.filter_map(Result::ok).collect();
        entries.sort_by_key(|e| e.file_name());
        for e in entries {
            if out.len() >= LIST_MAX {
                return;
            }
            let Some(name) = e.file_name().to_str().map(str::to_string) else {
                continue;
            };
            if name.starts_with('.') {
                continue;
            }
            let rel = format!("{prefix}{name}");
            let path = e.path();
            if path.is_dir() && depth < LIST_DEPTH && !e.file_type().is_ok_and(|t| t.is_symlink()) {
                self.walk(&path, &format!("{rel}/"), depth + 1, out);
            } else if self.resolve(&rel).is_ok() {
                out.push(rel);
            }
        }
    }
}

/// Percent-decode `s` once (`+` stays `+`). `None` on a bad escape, invalid UTF-8 or NUL.
pub fn decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    let text = String::from_utf8(out).ok()?;
    (!text.contains('\0')).then_some(text)
}

/// Split a request URL into its path and its query pairs (form-decoded: `+` is a space).
/// `None` when any part does not decode.
pub fn split_url(url: &str) -> Option<(String, Vec<(String, String)>)> {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let path = path.split('#').next().unwrap_or("");
    let mut pairs = Vec::new();
    for kv in query.split('&').filter(|kv| !kv.is_empty()) {
        let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
        pairs.push((decode(&k.replace('+', " "))?, decode(&v.replace('+', " "))?));
    }
    Some((decode(path)?, pairs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_is_done_once_and_refuses_bad_escapes() {
        assert_eq!(decode("a%2e%2E/b").as_deref(), Some("a../b"));
        assert_eq!(decode("%252e").as_deref(), Some("%2e"));
        assert_eq!(decode("%2"), None);
        assert_eq!(decode("%zz"), None);
        assert_eq!(decode("%00"), None);
        assert_eq!(decode("%ff"), None);
        let (p, q) = split_url("/files/a%20b.ron?seed=3&p.x=a+b&flag").unwrap();
        assert_eq!(p, "/files/a b.ron");
        assert_eq!(
            q,
            vec![
                ("seed".into(), "3".into()),
                ("p.x".into(), "a b".into()),
                ("flag".into(), String::new())
            ]
        );
    }

    #[test]
    fn only_plain_relative_paths_inside_the_folder_resolve() {
        let dir = std::env::temp_dir().join(format!("undercroft-paths-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("r.ron"), "()").unwrap();
        std::fs::write(dir.join("sub/p.pat"), "x").unwrap();
        let f = Folder::of_rules(&dir.join("r.ron")).unwrap();
        assert_eq!(f.resolve("r.ron").unwrap(), f.root().join("r.ron"));
        assert!(f.resolve("sub/p.pat").is_ok());
        for bad in [
            "../r.ron",
            "sub/../r.ron",
            "/etc/passwd",
            "./r.ron",
            "sub//p.pat",
            "sub\\p.pat",
            "C:/x",
            "",
            ".hidden",
            "sub/.git/config",
            "a/b/c/d/e/f.txt",
        ] {
            assert!(
                matches!(f.resolve(bad), Err(Refused::Forbidden(_))),
                "{bad} must be refused"
            );
        }
        assert_eq!(f.resolve("sub"), Err(Refused::NotFound));
        assert_eq!(f.resolve("nope.ron"), Err(Refused::NotFound));
        assert_eq!(f.list(), vec!["r.ron".to_string(), "sub/p.pat".to_string()]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
