//! Writing a run of dungeons as [`OutputArgs`] ask, for `generate` and `render`: text
//! (ASCII pictures, JSON lines) as each dungeon comes, a PNG file per dungeon, or the files
//! of a level editor ([`super::editors`]).

use super::common::one_line;
use super::format::{Format, OutputArgs};
use super::output::{ascii, png_path, png_zoom, sink, use_colour, write_png};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use undercroft::export::Provenance;
use undercroft::Dungeon;

impl OutputArgs {
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
