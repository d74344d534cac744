//! `--format` and the options beside it, shared by `generate` and `render`: one output-format
//! type for the pictures, the Dungeon JSON and the level-editor exports (written by
//! [`super::writer`]).

use super::output::{png_zoom, When};
use clap::ValueEnum;
use std::path::PathBuf;
use std::process::ExitCode;
use undercroft::export::Scale;

/// An output format of `generate` and `render` (the values of `--format`).
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum Format {
    Ascii,
    Json,
    Png,
    Tmx,
    Tmj,
    Ldtk,
}

impl Format {
    /// The format's name as `--format` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Ascii => "ascii",
            Format::Json => "json",
            Format::Png => "png",
            Format::Tmx => "tmx",
            Format::Tmj => "tmj",
            Format::Ldtk => "ldtk",
        }
    }

    /// Whether it is a level editor's format (several files, [`super::editors`]).
    pub fn is_editor(self) -> bool {
        matches!(self, Format::Tmx | Format::Tmj | Format::Ldtk)
    }
}

/// How `generate` and `render` write dungeons.
#[derive(clap::Args)]
pub struct OutputArgs {
    /// Output format: ascii (a picture with a legend), json (one Dungeon object a line),
    /// png (a picture; needs -o FILE, and with several dungeons — generate --count K, or a
    /// saved file of several — each seed gets FILE-SEED.png), or for level editors (need -o
    /// FILE; a tileset picture FILE-tiles.png goes beside): tmx / tmj (Tiled XML / JSON
    /// maps, one per seed, FILE-SEED.tmx with several dungeons, sharing the tileset
    /// FILE.tsx / FILE.tsj) or ldtk (one LDtk project, a level per seed). docs/authoring.md
    /// describes the layers.
    #[arg(long, value_enum, default_value_t = Format::Ascii)]
    pub format: Format,
    /// png: zoom, N pixels per pixel of the default picture (1..=16; default 1: 8 px a
    /// tile). tmx, tmj, ldtk: tiles per dungeon cell, N or WxH (default: the style's own,
    /// e.g. its room pools' tiles per cell; one tile per cell for tile styles).
    #[arg(long, value_name = "N|WxH", value_parser = Scale::parse)]
    pub scale: Option<Scale>,
    /// Write to FILE instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Colour: auto (on a terminal), always, never.
    #[arg(long, value_enum, default_value_t = When::Auto)]
    pub color: When,
    /// ASCII: draw the whole floor with every room's interior from its layout.
    #[arg(long)]
    pub interiors: bool,
}

impl OutputArgs {
    /// The options that cannot work, said before any dungeon is made: png and the editor
    /// formats need `-o FILE`; png's `--scale` is one zoom factor.
    pub fn check(&self) -> Result<(), ExitCode> {
        let f = self.format.name();
        if self.output.is_none() && self.format == Format::Png {
            eprintln!("error: --format png needs -o FILE.png");
            return Err(ExitCode::from(2));
        }
        if self.output.is_none() && self.format.is_editor() {
            eprintln!("error: --format {f} writes several files and needs -o FILE.{f}");
            return Err(ExitCode::from(2));
        }
        if self.format == Format::Png {
            png_zoom(self.scale)?;
        }
        Ok(())
    }

    /// Refuse `-o FILE` when FILE is one of `inputs` (what the run reads: the rule set's
    /// files, or the dungeons `render` redraws): writing it would replace what the run was
    /// made from. Paths are compared as the files they name (through links and `..`); an
    /// output that does not exist yet is none of them.
    pub fn refuse_inputs(&self, inputs: &[PathBuf], what: &str) -> Result<(), ExitCode> {
        let Some(out) = self.output.as_deref() else {
            return Ok(());
        };
        let Ok(target) = out.canonicalize() else {
            return Ok(());
        };
        match inputs
            .iter()
            .find(|i| i.canonicalize().is_ok_and(|i| i == target))
        {
            Some(i) => {
                eprintln!(
                    "error: -o {} is {what} this run reads ({}); writing it would replace it: \
                     choose another output file",
                    out.display(),
                    i.display()
                );
                Err(ExitCode::from(2))
            }
            None => Ok(()),
        }
    }
}
