//! `--format` and the options beside it, shared by `generate` and `render`: one output-format
//! type for the pictures, the Dungeon JSON and the level-editor exports, and the one place
//! that writes a run of dungeons in it.

use super::common::one_line;
use super::output::{ascii, png_path, png_zoom, sink, use_colour, write_png, When};
use clap::ValueEnum;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use undercroft::export::{Provenance, Scale};
use undercroft::Dungeon;

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

    /// Write `dungeons` (per seed, its dungeon or the error it gave) as asked, after
    /// [`OutputArgs::check`]; `many`: more than one seed is asked for (a file per seed
    /// gets `-SEED`). A seed's error is said on one line and the others are still written,
    /// but the editor formats (all seeds in one set of files) stop at the first. `p`: the
    /// rule files the dungeons came from, for the editor files.
    ///
    /// # Errors
    /// The exit status when a file or standard output could not be written, or (editor
    /// formats) a seed failed; else `Ok` with the number of seeds that failed.
    pub fn write(
        &self,
        dungeons: impl Iterator<Item = Result<Dungeon, String>>,
        many: bool,
        p: &Provenance,
    ) -> Result<u64, ExitCode> {
        match (self.format, self.output.as_deref()) {
            (f, Some(out)) if f.is_editor() => match dungeons.collect::<Result<Vec<_>, _>>() {
                Ok(ds) => super::editors::write(&ds, f, out, self.scale, p).map(|()| 0),
                Err(e) => {
                    eprintln!("error: {e}");
                    Err(ExitCode::FAILURE)
                }
            },
            (Format::Png, Some(out)) => self.pngs(dungeons, out, many),
            _ => self.text(dungeons),
        }
    }

    /// A PNG file per dungeon; the number of seeds that failed.
    fn pngs(
        &self,
        dungeons: impl Iterator<Item = Result<Dungeon, String>>,
        out: &Path,
        many: bool,
    ) -> Result<u64, ExitCode> {
        let zoom = png_zoom(self.scale)?;
        let mut failed = 0;
        for d in dungeons {
            match d {
                Ok(d) => write_png(&d, &png_path(out, d.seed, many), zoom)?,
                Err(e) => {
                    eprintln!("error: {}", one_line(&e));
                    failed += 1;
                }
            }
        }
        Ok(failed)
    }

    /// ASCII pictures or JSON lines to standard output or `-o FILE`, each dungeon as it
    /// comes; the number of seeds that failed.
    fn text(
        &self,
        dungeons: impl Iterator<Item = Result<Dungeon, String>>,
    ) -> Result<u64, ExitCode> {
        let output = self.output.as_deref();
        let colour = use_colour(self.color, output, self.format == Format::Ascii);
        let mut out = sink(output)?;
        let mut failed = 0;
        for d in dungeons {
            let text = match d {
                Ok(d) if self.format == Format::Json => d.to_json() + "\n",
                Ok(d) => ascii(&d, self.interiors, colour),
                Err(e) => {
                    // one line per failing seed, after what came before it; the other
                    // seeds are still written
                    if let Err(e) = out.flush() {
                        return Err(out.failed(e));
                    }
                    eprintln!("error: {}", one_line(&e));
                    failed += 1;
                    continue;
                }
            };
            if let Err(e) = out.write_all(text.as_bytes()) {
                return Err(out.failed(e));
            }
        }
        out.finish()?;
        Ok(failed)
    }
}
