//! `--format tmx|tmj|ldtk`: writing dungeons for the Tiled and LDtk editors (the exporters
//! are `undercroft::export`), with the tileset picture and tileset file beside the map.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use undercroft::export::tileset::Tileset;
use undercroft::export::{ldtk, tiled, Provenance, Scale};
use undercroft::Dungeon;

/// An editor's file format.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Editor {
    /// Tiled XML map (`.tmx`, tileset `.tsx`).
    Tmx,
    /// Tiled JSON map (`.tmj`, tileset `.tsj`).
    Tmj,
    /// LDtk project (`.ldtk`).
    Ldtk,
}

fn put(path: &Path, bytes: &[u8]) -> Result<(), ExitCode> {
    undercroft::output::write(path, bytes).map_err(|e| {
        eprintln!("error: cannot write {}: {e}", path.display());
        ExitCode::FAILURE
    })
}

/// The file names `out` implies: (tileset file, tileset picture), beside `out`.
pub fn beside(out: &Path, editor: Editor) -> (PathBuf, PathBuf) {
    let stem = out
        .file_stem()
        .map_or("dungeon".into(), |s| s.to_string_lossy().into_owned());
    let ext = match editor {
        Editor::Tmx => "tsx",
        Editor::Tmj => "tsj",
        Editor::Ldtk => "ldtk",
    };
    (
        out.with_file_name(format!("{stem}.{ext}")),
        out.with_file_name(format!("{stem}-tiles.png")),
    )
}

/// Where the map of seed `seed` goes: `out`, or `out`'s name with `-SEED` when there are
/// `many` maps.
fn map_path(out: &Path, seed: u64, many: bool) -> PathBuf {
    if !many {
        return out.to_path_buf();
    }
    let stem = out
        .file_stem()
        .map_or("dungeon".into(), |x| x.to_string_lossy());
    let ext = out.extension().map_or("".into(), |x| x.to_string_lossy());
    out.with_file_name(format!("{stem}-{seed}.{ext}"))
}

fn name(p: &Path) -> String {
    p.file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned())
}

/// Write `ds` to `out` (needed: these formats are several files) as `editor`: one LDtk
/// project with a level per dungeon, or a Tiled map per dungeon (`out`, or `out` with
/// `-SEED` for several) sharing one tileset file. `scale`: tiles per cell (default: each
/// dungeon's natural scale).
pub fn write(
    ds: &[Dungeon],
    editor: Editor,
    out: Option<&Path>,
    scale: Option<Scale>,
    p: &Provenance,
) -> ExitCode {
    let Some(out) = out else {
        eprintln!(
            "error: --format {} writes several files and needs -o FILE.{}",
            format!("{editor:?}").to_lowercase(),
            format!("{editor:?}").to_lowercase()
        );
        return ExitCode::from(2);
    };
    let scales: Vec<Scale> = ds
        .iter()
        .map(|d| scale.unwrap_or_else(|| Scale::natural(d)))
        .collect();
    if let Some(e) = ds.iter().zip(&scales).find_map(|(d, s)| s.check(d).err()) {
        eprintln!("error: {e}");
        return ExitCode::FAILURE;
    }
    let ts = Tileset::of(ds);
    let (tileset, picture) = beside(out, editor);
    if let Err(code) = put(&picture, &ts.png()) {
        return code;
    }
    let stem = tileset
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let result = match editor {
        Editor::Ldtk => put(
            out,
            ldtk::project(ds, &scales, &ts, p, &name(&picture)).as_bytes(),
        ),
        Editor::Tmx | Editor::Tmj => {
            let text = if editor == Editor::Tmx {
                tiled::tsx(&ts, &stem, &name(&picture))
            } else {
                tiled::tsj(&ts, &stem, &name(&picture))
            };
            put(&tileset, text.as_bytes()).and_then(|()| {
                ds.iter().zip(&scales).try_for_each(|(d, s)| {
                    let map = tiled::Map::new(d, &ts, *s, p);
                    let text = if editor == Editor::Tmx {
                        map.tmx(&name(&tileset))
                    } else {
                        map.tmj(&name(&tileset))
                    };
                    put(&map_path(out, d.seed, ds.len() > 1), text.as_bytes())
                })
            })
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
