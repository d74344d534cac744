//! `undercroft render`: saved dungeons (Dungeon JSON lines) drawn or exported without their
//! rule files, by the same writers as `generate` ([`super::format`]).

use super::format::OutputArgs;
use super::output::read_dungeons;
use std::path::PathBuf;
use std::process::ExitCode;
use undercroft::export::Provenance;

/// `render`'s arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The JSON file; `-` reads standard input.
    pub input: PathBuf,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Read the dungeons of `input` (each checked against the contract) and write them; `json`
/// writes them again as `generate` does. Exit status 2 for bad output options, failure when
/// the input cannot be read or holds no dungeon, or an output cannot be written.
pub fn run(args: Args) -> ExitCode {
    if let Err(code) = args.output.check() {
        return code;
    }
    if let Err(code) = (args.output).refuse_inputs(std::slice::from_ref(&args.input), "the file") {
        return code;
    }
    let dungeons = match read_dungeons(&args.input) {
        Ok(d) => d,
        Err(code) => return code,
    };
    let many = dungeons.len() > 1;
    // Saved JSON does not say which rule files it came from: no rules hash.
    let written = args
        .output
        .write(dungeons.into_iter().map(Ok), many, &Provenance::default());
    match written {
        Ok(_) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
