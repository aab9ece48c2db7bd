//! The native command-line tool: clap reads the arguments ([`args`]), each
//! subcommand writes through a locked stdout and returns its own typed error,
//! the dispatcher turns that into an [`error::CliError`] (the only place that
//! does), and [`run`] turns that into the exit code: 0 on success (and when
//! the reader of our output closed the pipe), 1 when the output cannot be
//! written, 2 on bad input with one `error: …` line on stderr.

mod abtable;
mod arena;
mod args;
mod bench;
mod book;
mod engine_book;
mod error;
mod eval_file;
mod experiment_flags;
mod experiments;
mod glossary;
mod help_template;
mod openings;
mod output_target;
mod parse_errors;
mod policy;
mod position_args;
mod progress;
mod protocol_input;
mod protocol_names;
mod provenance;
mod qtp;
mod qtp_flags;
mod qtp_help;
mod ranges;
mod rate;
mod rate_flags;
mod review;
mod rules;
mod selfplay;
mod serve;
mod solve;
mod solve_accuracy;
mod stdout;
mod tables_arg;
mod train;
mod uci;

use args::{Cli, CliCommand, HELP_TEMPLATE};
use clap::{CommandFactory, FromArgMatches};
use error::CliError;
use std::ffi::OsString;
use std::io::Write;

/// The tool's grammar, with one help layout for every subcommand; a flag
/// given twice takes its last value, as shells' aliases expect.
fn grammar() -> clap::Command {
    Cli::command().mut_subcommands(|sub| {
        negative_numbers_as_values(sub.help_template(HELP_TEMPLATE).args_override_self(true))
    })
}

/// `cmd` and its subcommands with every argument that takes a value reading
/// `-1` as that value (which its range then refuses, as for any bad number),
/// not as an unknown flag `-1`.
fn negative_numbers_as_values(cmd: clap::Command) -> clap::Command {
    cmd.mut_args(|arg| {
        if arg.get_action().takes_values() {
            arg.allow_negative_numbers(true)
        } else {
            arg
        }
    })
    .mut_subcommands(negative_numbers_as_values)
}

/// Runs the CLI with `args` (the program name first, as `std::env::args_os`
/// gives them); returns the exit code.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args = help_flags(qtp::referee_flags(
        args.into_iter().map(Into::into).collect(),
    ));
    let cli = match grammar()
        .try_get_matches_from(args)
        .and_then(|matches| Cli::from_arg_matches(&matches))
    {
        Ok(cli) => cli,
        Err(e) => return parse_errors::report(&e),
    };
    match dispatch(cli.command) {
        Ok(()) => 0,
        Err(e) => e.report(),
    }
}

/// The command line with `--help`/`-h` after `help` left out: `quoridor help
/// --help` is the tool's help, `quoridor help show -h` the help of `show`
/// (clap would read the flag as the name of a command).
fn help_flags(args: Vec<OsString>) -> Vec<OsString> {
    if args.get(1).is_none_or(|a| a != "help") {
        return args;
    }
    args.into_iter()
        .enumerate()
        .filter(|(i, a)| *i < 2 || (a != "--help" && a != "-h"))
        .map(|(_, a)| a)
        .collect()
}

/// Runs the subcommand; the one place where the subcommands' own errors
/// become a [`CliError`].
fn dispatch(command: CliCommand) -> Result<(), CliError> {
    match command {
        CliCommand::Moves(position) => rules::moves(&position)?,
        CliCommand::Perft(args) => rules::perft(&args)?,
        CliCommand::Show(position) => rules::show(&position)?,
        CliCommand::Policy(args) => policy::policy(&args)?,
        CliCommand::Uci(args) => uci::uci(
            &args.input,
            &args.options,
            args.eval_file.evaluator()?,
            args.tables.shelf()?,
        )?,
        CliCommand::Qtp(args) => qtp::qtp(&args, args.eval_file.evaluator()?)?,
        CliCommand::Bench(args) => bench::bench(&args, &args.eval_file.evaluator()?)?,
        CliCommand::Arena(args) => arena::arena(&args, &args.eval_file.evaluator()?)?,
        CliCommand::Book(args) => book::book(&args)?,
        CliCommand::EngineBook(args) => {
            engine_book::engine_book(&args, &eval_file::embedded_evaluator()?)?
        }
        CliCommand::Review(args) => review::review(&args, &eval_file::embedded_evaluator()?)?,
        CliCommand::Selfplay(args) => selfplay::selfplay(&args, &args.eval_file.evaluator()?)?,
        CliCommand::Train(args) => train::train(&args)?,
        CliCommand::Experiments(args) => experiments::experiments(&args)?,
        CliCommand::Abtable(args) => abtable::abtable(&args, &eval_file::embedded_evaluator()?)?,
        CliCommand::Solve(args) => solve::solve_command(&args)?,
        CliCommand::Serve(args) => serve::serve(&args)?,
        CliCommand::Completions { shell } => {
            // clap_complete panics on a failed write, so render first.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut grammar(), "quoridor", &mut script);
            let mut out = std::io::stdout().lock();
            out.write_all(&script)?;
            out.flush()?;
        }
    }
    Ok(())
}
