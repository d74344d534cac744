//! `undercroft stats RULES --metrics pcg`: the PCG benchmark's room-map measures
//! (`undercroft::metrics::pcg`) over many seeds, each floor converted by the converter of the
//! rule set in `pcg.maps` beside the rule file (`undercroft::metrics::pcg_map`).

use std::path::PathBuf;
use std::process::ExitCode;

use rayon::prelude::*;

use undercroft::metrics::pcg::{self, Info};
use undercroft::metrics::pcg_map::{PcgMap, PcgMaps};

/// Run the measures; prints a report on standard output.
pub fn run(rules: &PathBuf, (count, seed): (u64, u64), raw: &[String]) -> ExitCode {
    let Some(rs) = super::common::load(rules) else {
        return ExitCode::FAILURE;
    };
    let params = match super::common::parse_params(raw)
        .and_then(|p| rs.resolve(&p).map_err(|e| e.to_string()))
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let maps = match PcgMaps::beside(rules) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let seeds: Vec<u64> = super::common::seeds(seed, count).collect();
    let floors: Vec<Result<undercroft::Dungeon, String>> = seeds
        .par_iter()
        .map(|&s| {
            rs.generate_resolved(s, &params)
                .map_err(|e| format!("seed {s}: {e}"))
        })
        .collect();
    let Some(name) = floors.iter().flatten().map(|d| d.ruleset.clone()).next() else {
        eprintln!("error: no seed generated a dungeon");
        return ExitCode::FAILURE;
    };
    let map = match maps.get(&name, &PcgMaps::path_beside(rules)) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (infos, errors) = convert(&floors, map);
    if infos.is_empty() {
        eprintln!("error: no floor could be converted");
        return ExitCode::FAILURE;
    }
    println!(
        "pcg_benchmark room map: {} ({name}), {} seeds from {seed}; map {}x{}, target {}, control {}",
        rules.display(),
        seeds.len(),
        map.w(),
        map.h(),
        map.target,
        map.control
    );
    println!("  converted         {} ({errors} not)", infos.len());
    report(map, &infos);
    if errors > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The benchmark's information of each floor `map` converts to a valid map; how many it
/// did not (the first conversion error said).
fn convert(floors: &[Result<undercroft::Dungeon, String>], map: &PcgMap) -> (Vec<Info>, usize) {
    let mut infos: Vec<Info> = Vec::new();
    let mut errors = 0;
    for f in floors {
        match f
            .as_ref()
            .map_err(|e| e.clone())
            .and_then(|d| map.convert(d))
        {
            Ok(c) if c.valid() => infos.push(c.info()),
            Ok(_) => errors += 1,
            Err(e) => {
                if errors == 0 {
                    eprintln!("error: {e}");
                }
                errors += 1;
            }
        }
    }
    (infos, errors)
}

/// The measures over `infos` (at least one): quality, diversity and controllability as the
/// benchmark implements them and corrected (the share that passes, and the mean score), and
/// the means and shares of the information they read.
fn report(map: &PcgMap, infos: &[Info]) {
    let (w, h) = (map.w(), map.h());
    let n = infos.len() as f64;
    let share =
        |f: &dyn Fn(&Info) -> bool| 100.0 * infos.iter().filter(|i| f(i)).count() as f64 / n;
    let mean = |f: &dyn Fn(&Info) -> f64| infos.iter().map(f).sum::<f64>() / n;
    let scores = |f: &dyn Fn(&Info) -> f64| {
        let v: Vec<f64> = infos.iter().map(f).collect();
        let pass = 100.0 * v.iter().filter(|&&s| s >= 1.0).count() as f64 / n;
        (pass, v.iter().sum::<f64>() / n)
    };
    let (t, c) = (map.target, map.control);
    let q_old = scores(&|i| pcg::quality(i, w, h, t, false));
    let q_new = scores(&|i| pcg::quality(i, w, h, t, true));
    let c_old = scores(&|i| pcg::control_as_implemented(i, w, h, c));
    let c_new = scores(&|i| pcg::control_corrected(i, w, h, c));
    let diversity = 100.0 * pcg::set_diversity(infos, w, h);
    println!(
        "  quality           as implemented: pass {:.1} % (mean {:.3});  corrected: pass {:.1} % (mean {:.3})",
        q_old.0, q_old.1, q_new.0, q_new.1
    );
    println!("  diversity         pass {diversity:.1} %");
    println!(
        "  controllability   as implemented: pass {:.1} % (mean {:.3});  corrected: pass {:.1} % (mean {:.3})",
        c_old.0, c_old.1, c_new.0, c_new.1
    );
    let far = (w + h) as i64;
    println!(
        "  info              rooms {:.2}, regions {:.2}, connected regions {:.2}, loose doors {:.2}, locations {:.2}, dead ends {:.2}",
        mean(&|i| i.map_size as f64),
        mean(&|i| i.num_regions as f64),
        mean(&|i| i.connect_regions as f64),
        mean(&|i| i.loose as f64),
        mean(&|i| i.locations as f64),
        mean(&|i| i.dead_end as f64),
    );
    println!(
        "  start-boss steps  as implemented: -1 in {:.1} %, >= {far} in {:.1} %;  corrected: mean {:.2}, >= {far} in {:.1} %",
        share(&|i| i.distance_as_implemented < 0),
        share(&|i| i.distance_as_implemented >= far),
        mean(&|i| i.distance_corrected as f64),
        share(&|i| i.distance_corrected >= far),
    );
}
