//! How the command line's parse errors reach the user: `--help` and
//! `--version` on stdout with exit 0; everything else as one `error: …` line on
//! stderr with exit 2, in the tool's own words for the common cases (unknown
//! option with a suggestion, unknown command, a flag without its value).

use clap::error::{ContextKind, ContextValue, ErrorKind};
use quoridor_text::closest;
use std::io::{self, Write};

/// Prints `e` where it belongs; returns the exit code.
pub fn report(e: &clap::Error) -> i32 {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => match e.print() {
            Ok(()) => 0,
            Err(write) => super::error::CliError::from(write).report(),
        },
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            2
        }
        _ => {
            let _ = writeln!(io::stderr().lock(), "error: {}", message(e));
            2
        }
    }
}

/// A context value of `e` as text.
fn context(e: &clap::Error, kind: ContextKind) -> Option<String> {
    match e.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(list) => list.first().cloned(),
        _ => None,
    }
}

/// The flag of an `--walls <W>` style argument description.
fn flag(described: &str) -> &str {
    described.split_whitespace().next().unwrap_or(described)
}

/// ` (did you mean "x"?)` when clap found a close spelling.
fn suggestion(e: &clap::Error, kind: ContextKind) -> String {
    context(e, kind).map_or_else(String::new, |s| format!(" (did you mean {s:?}?)"))
}

/// The message after `error: `, one line.
fn message(e: &clap::Error) -> String {
    match e.kind() {
        ErrorKind::InvalidSubcommand => {
            let name = context(e, ContextKind::InvalidSubcommand).unwrap_or_default();
            let grammar = super::grammar();
            let commands = grammar.get_subcommands().map(clap::Command::get_name);
            // clap suggests for `quoridor shwo` but not for `quoridor help shwo`.
            match context(e, ContextKind::SuggestedSubcommand)
                .or_else(|| closest(&name, commands).map(str::to_string))
            {
                Some(near) => format!("unknown command {name:?} (did you mean {near:?}?)"),
                None => format!("unknown command {name:?} (quoridor --help lists the commands)"),
            }
        }
        ErrorKind::UnknownArgument => {
            let arg = context(e, ContextKind::InvalidArg).unwrap_or_default();
            let what = if arg.starts_with('-') {
                "option"
            } else {
                "argument"
            };
            let command = e
                .get(ContextKind::Usage)
                .map(ToString::to_string)
                .and_then(|usage| subcommand_of(&usage));
            let owner = command.map_or_else(String::new, |c| format!("{c} "));
            format!(
                "unknown {owner}{what} {arg:?}{}",
                suggestion(e, ContextKind::SuggestedArg)
            )
        }
        ErrorKind::InvalidValue
            if context(e, ContextKind::InvalidValue).is_some_and(|v| v.is_empty()) =>
        {
            let arg = context(e, ContextKind::InvalidArg).unwrap_or_default();
            let choices = match e.get(ContextKind::ValidValue) {
                Some(ContextValue::Strings(values)) if !values.is_empty() => {
                    format!(" (one of {})", values.join(", "))
                }
                _ => String::new(),
            };
            format!("{} needs a value{choices}", flag(&arg))
        }
        ErrorKind::MissingRequiredArgument => missing_arguments(e),
        // A value parser's own error, after the flag unless it names one
        // itself (clap would wrap it in more words).
        ErrorKind::ValueValidation => match std::error::Error::source(e) {
            Some(source) => {
                let said = source.to_string();
                let arg = context(e, ContextKind::InvalidArg).unwrap_or_default();
                let named = said.contains("--") || said.contains("option");
                if named || !flag(&arg).starts_with("--") {
                    said
                } else {
                    format!("{}: {said}", flag(&arg))
                }
            }
            None => first_paragraph(&e.render().to_string()),
        },
        _ => first_paragraph(&e.render().to_string()),
    }
}

/// `perft needs DEPTH: moves to look ahead (0–8); usage: quoridor perft …`:
/// what is missing, what it is (its help line) and the usage line.
fn missing_arguments(e: &clap::Error) -> String {
    let usage = e.get(ContextKind::Usage).map(ToString::to_string);
    let usage = usage.as_deref().map(str::trim).unwrap_or_default();
    let usage = usage
        .split_once(": ")
        .map_or(usage, |(_, line)| line)
        .to_string();
    let path = command_path(&usage);
    let mut names = Vec::new();
    if let Some(ContextValue::Strings(args)) = e.get(ContextKind::InvalidArg) {
        for described in args {
            let (shown, value_name) = argument_names(described);
            names.push(match help_of(&path, value_name) {
                Some(help) => format!("{shown}: {help}"),
                None => shown.to_string(),
            });
        }
    }
    let owner = if path.is_empty() {
        "quoridor".to_string()
    } else {
        path.join(" ")
    };
    format!("{owner} needs {}; usage: {usage}", names.join(", "))
}

/// How a missing argument is shown and its value name: `<DEPTH>` → `DEPTH`
/// twice, `<FILES>...` → `FILES` twice, `--out <DIR>` → `--out <DIR>` and
/// `DIR`.
fn argument_names(described: &str) -> (&str, &str) {
    let described = described.trim().trim_end_matches('.');
    let value = described
        .rsplit(' ')
        .next()
        .unwrap_or(described)
        .trim_matches(|c| matches!(c, '<' | '>' | '[' | ']'));
    if described.starts_with('-') {
        (described, value)
    } else {
        (value, value)
    }
}

/// The subcommands named in a usage line (`quoridor arena merge …` →
/// `["arena", "merge"]`).
fn command_path(usage: &str) -> Vec<String> {
    usage
        .split_whitespace()
        .skip_while(|w| *w != "quoridor")
        .skip(1)
        .take_while(|w| w.chars().all(|c| c.is_ascii_lowercase()))
        .map(str::to_string)
        .collect()
}

/// The help line of the argument shown as `value_name` in the command at
/// `path`, lower-cased at its start and without a final full stop.
fn help_of(path: &[String], value_name: &str) -> Option<String> {
    let mut cmd = super::grammar();
    for name in path {
        cmd = cmd.find_subcommand(name)?.clone();
    }
    let arg = cmd.get_arguments().find(|a| {
        a.get_value_names()
            .is_some_and(|names| names.iter().any(|n| n == value_name))
    })?;
    let help = arg.get_help()?.to_string();
    let help = help.trim_end_matches('.');
    let mut chars = help.chars();
    let first = chars.next()?;
    // "JSON summaries" keeps its acronym; "Moves to look ahead" does not.
    if chars.clone().next().is_some_and(char::is_uppercase) {
        return Some(help.to_string());
    }
    Some(first.to_lowercase().chain(chars).collect())
}

/// The subcommand named in a usage line (`Usage: quoridor arena [OPTIONS]`).
fn subcommand_of(usage: &str) -> Option<String> {
    let mut words = usage.split_whitespace().skip_while(|w| *w != "quoridor");
    words.next()?;
    words
        .next()
        .filter(|w| w.chars().all(|c| c.is_ascii_lowercase()))
        .map(str::to_string)
}

/// clap's rendered error without its `error: ` prefix, usage and hints: the
/// first paragraph on one line, with any `tip:` after it.
fn first_paragraph(rendered: &str) -> String {
    let mut paragraphs = rendered.split("\n\n");
    let first = paragraphs
        .next()
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ");
    let first = first.strip_prefix("error: ").unwrap_or(&first).to_string();
    let tips: Vec<&str> = paragraphs
        .filter_map(|p| p.trim().strip_prefix("tip: "))
        .collect();
    if tips.is_empty() {
        first
    } else {
        format!("{first} ({})", tips.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_paragraph_joins_lines_and_keeps_tips() {
        let rendered = "error: the following required arguments were not provided:\n  <SHELL>\n\n  tip: try this\n\nUsage: quoridor completions <SHELL>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            first_paragraph(rendered),
            "the following required arguments were not provided: <SHELL> (try this)"
        );
    }

    #[test]
    fn missing_arguments_keep_their_flag_and_brackets() {
        assert_eq!(argument_names("<DEPTH>"), ("DEPTH", "DEPTH"));
        assert_eq!(argument_names("<FILES>..."), ("FILES", "FILES"));
        assert_eq!(argument_names("--out <DIR>"), ("--out <DIR>", "DIR"));
    }

    #[test]
    fn help_lines_are_lower_cased_but_acronyms_kept() {
        let path = ["arena".to_string(), "rate".to_string()];
        let files = help_of(&path, "FILES").expect("arena rate has FILES");
        assert!(files.starts_with("JSON summaries"), "{files}");
        let depth = help_of(&["perft".to_string()], "DEPTH").expect("perft has DEPTH");
        assert!(depth.starts_with("moves to look ahead"), "{depth}");
    }

    #[test]
    fn the_subcommand_is_read_from_the_usage_line() {
        assert_eq!(
            subcommand_of("Usage: quoridor arena [OPTIONS]").as_deref(),
            Some("arena")
        );
        assert_eq!(subcommand_of("Usage: quoridor <COMMAND>"), None);
    }
}
