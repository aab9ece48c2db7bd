//! The path the server answers under (`--base-path /quoridor/`): the page
//! built for a sub-path (`trunk build --public-url /quoridor/`) served
//! behind a reverse proxy that passes the path on unchanged. Everything
//! the server answers (the page, `api/…`, `ws/…`) is under it.

use std::fmt;
use std::str::FromStr;

/// A path the server answers under: `/`, or `/a/b/` (segments of letters,
/// digits, `-`, `_`, `.` and `~`, none of them `.` or `..`).
///
/// ```
/// use quoridor_server::BasePath;
/// let base: BasePath = "/games/quoridor".parse().unwrap();
/// assert_eq!(base.as_str(), "/games/quoridor/");
/// assert_eq!(base.prefix(), Some("/games/quoridor"));
/// assert_eq!("/".parse::<BasePath>().unwrap().prefix(), None);
/// assert!("games".parse::<BasePath>().is_err());
/// assert!("/a/../b".parse::<BasePath>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BasePath(String);

impl BasePath {
    /// The root, `/`.
    pub fn root() -> BasePath {
        BasePath("/".to_string())
    }

    /// The path with its slashes: `/` or `/a/b/`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The path without its last slash (`/a/b`), `None` for the root.
    pub fn prefix(&self) -> Option<&str> {
        (self.0 != "/").then(|| self.0.trim_end_matches('/'))
    }
}

impl Default for BasePath {
    fn default() -> BasePath {
        BasePath::root()
    }
}

impl fmt::Display for BasePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a base path was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BasePathError(String);

impl fmt::Display for BasePathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BasePathError {}

impl FromStr for BasePath {
    type Err = BasePathError;

    fn from_str(text: &str) -> Result<BasePath, BasePathError> {
        let Some(rest) = text.strip_prefix('/') else {
            return Err(BasePathError(format!(
                "{text:?} does not start with /, as /quoridor/ does"
            )));
        };
        let segments: Vec<&str> = rest.split('/').filter(|s| !s.is_empty()).collect();
        if text.contains("//") {
            return Err(BasePathError(format!("{text:?} has an empty segment (//)")));
        }
        for segment in &segments {
            let allowed = segment
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.~".contains(&b));
            if !allowed || *segment == "." || *segment == ".." {
                return Err(BasePathError(format!(
                    "{text:?}: the segment {segment:?} may hold only letters, digits, - _ . ~ (and is not . or ..)"
                )));
            }
        }
        if segments.is_empty() {
            return Ok(BasePath::root());
        }
        Ok(BasePath(format!("/{}/", segments.join("/"))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_kept_with_a_slash_at_each_end() {
        for (text, kept) in [
            ("/", "/"),
            ("/sub/path/", "/sub/path/"),
            ("/sub/path", "/sub/path/"),
            ("/q", "/q/"),
            ("/a-b_c.d~e/", "/a-b_c.d~e/"),
        ] {
            assert_eq!(text.parse::<BasePath>().map(|b| b.0), Ok(kept.to_string()));
        }
    }

    #[test]
    fn malformed_paths_are_refused_with_the_reason() {
        for (text, why) in [
            ("", "does not start with /"),
            ("sub/path", "does not start with /"),
            ("//", "empty segment"),
            ("/a//b/", "empty segment"),
            ("/a/../b", "\"..\""),
            ("/./", "\".\""),
            ("/a b/", "\"a b\""),
            ("/a?b/", "\"a?b\""),
            ("/a#b/", "\"a#b\""),
            ("/é/", "\"é\""),
            ("/{id}/", "\"{id}\""),
        ] {
            let error = text.parse::<BasePath>().expect_err(text);
            assert!(error.to_string().contains(why), "{text}: {error}");
        }
    }
}
