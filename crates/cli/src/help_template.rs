//! The layout of every help page: clap's default, with the usage heading
//! spelled `USAGE:` like the rest of the tool's messages. Its own module, so
//! that a subcommand with subcommands of its own (`solve`) can use it
//! without importing the grammar that names it.

/// clap's default layout, with the usage heading spelled `USAGE:`.
pub const HELP_TEMPLATE: &str =
    "{before-help}{about-with-newline}\nUSAGE: {usage}\n\n{all-args}{after-help}";
