//! `--format tmx|tmj|ldtk`: writing dungeons for the Tiled and LDtk editors (the exporters
//! are `undercroft::export`), with the tileset picture and tileset file beside the map.

use super::format::Format;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use undercroft::export::tileset::Tileset;
use undercroft::export::{ldtk, tiled, Provenance, Scale};
use undercroft::Dungeon;

fn put(path: &Path, bytes: &[u8]) -> Result<(), ExitCode> {
    undercroft::output::write(path, bytes).map_err(|e| {
        eprintln!("error: cannot write {}: {e}", path.display());
        ExitCode::FAILURE
    })
}

/// The file names `out` implies for editor format `editor`: (tileset file, tileset
/// picture), beside `out`. Tiled's maps (`.tmx`, `.tmj`) share a tileset `.tsx` / `.tsj`;
/// an LDtk project (`.ldtk`) holds its own.
pub fn beside(out: &Path, editor: Format) -> (PathBuf, PathBuf) {
    let stem = out
        .file_stem()
        .map_or("dungeon".into(), |s| s.to_string_lossy().into_owned());
    let ext = match editor {
        Format::Tmx => "tsx",
        Format::Tmj => "tsj",
        _ => "ldtk",
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

/// Write `ds` to `out` as editor format `editor` (`ldtk`, `tmx` or `tmj`): one LDtk project
/// with a level per dungeon, or a Tiled map per dungeon (`out`, or `out` with `-SEED` for
/// several) sharing one tileset file. `scale`: tiles per cell (default: each dungeon's
/// natural scale).
///
/// # Errors
/// The exit status after saying why: a scale that does not fit a dungeon, a file that
/// could not be written.
pub fn write(
    ds: &[Dungeon],
    editor: Format,
    out: &Path,
    scale: Option<Scale>,
    p: &Provenance,
) -> Result<(), ExitCode> {
    let scales: Vec<Scale> = ds
        .iter()
        .map(|d| scale.unwrap_or_else(|| Scale::natural(d)))
        .collect();
    if let Some(e) = ds.iter().zip(&scales).find_map(|(d, s)| s.check(d).err()) {
        eprintln!("error: {e}");
        return Err(ExitCode::FAILURE);
    }
    let ts = Tileset::of(ds);
    let (tileset, picture) = beside(out, editor);
    put(&picture, &ts.png())?;
    let stem = tileset
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    match editor {
        Format::Ldtk => put(
            out,
            ldtk::project(ds, &scales, &ts, p, &name(&picture)).as_bytes(),
        ),
        _ => {
            let text = if editor == Format::Tmx {
                tiled::tsx(&ts, &stem, &name(&picture))
            } else {
                tiled::tsj(&ts, &stem, &name(&picture))
            };
            put(&tileset, text.as_bytes()).and_then(|()| {
                ds.iter().zip(&scales).try_for_each(|(d, s)| {
                    let map = tiled::Map::new(d, &ts, *s, p);
                    let text = if editor == Format::Tmx {
                        map.tmx(&name(&tileset))
                    } else {
                        map.tmj(&name(&tileset))
                    };
                    put(&map_path(out, d.seed, ds.len() > 1), text.as_bytes())
                })
            })
        }
    }
}
