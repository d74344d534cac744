//! The Python package (`python/`, issue 49), so that `cargo test --release` still runs
//! everything: a virtual environment under the target directory (`target/tmp/python-venv`,
//! made once), the test dependencies installed into it once (pytest, numpy, pyarrow,
//! dask[distributed]), the package installed with `pip install ./python` (maturin builds
//! the extension in `python/target`, its own target directory, incrementally after the
//! first time), then its pytest suite (`python/tests`), which compares the package with the
//! CLI this build made (`UNDERCROFT_BIN`).
//!
//! No `python3` with `venv` and `pip`, or no package index to install the test dependencies
//! from: skipped with a message, or a failure under `CI=true` (`.ci/run` installs Python).
//! `UNDERCROFT_PYTHON` names another interpreter.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The test dependencies, installed once per environment (the marker file keeps the list).
const TEST_DEPS: &[&str] = &["pytest", "numpy", "pyarrow", "dask[distributed]"];

fn skip_or_fail(why: &str) {
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{why} (CI=true: the Python package must be tested; .ci/run installs python3-venv)");
    }
    eprintln!("skipped: the Python package tests did not run: {why}");
}

fn run(cmd: &mut Command, what: &str) -> Output {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    if !out.status.success() {
        panic!(
            "{what} failed ({}):\n{}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    out
}

/// The environment's interpreter, making the environment when needed (None: no Python
/// that can make one).
fn venv(root: &Path) -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("python-venv");
    let py = dir.join("bin/python");
    if py.exists() {
        return Some(py);
    }
    let python = std::env::var("UNDERCROFT_PYTHON").unwrap_or_else(|_| "python3".into());
    let made = Command::new(&python)
        .args(["-m", "venv"])
        .arg(&dir)
        .current_dir(root)
        .output();
    match made {
        Ok(o) if o.status.success() && py.exists() => Some(py),
        Ok(o) => {
            let _ = std::fs::remove_dir_all(&dir);
            skip_or_fail(&format!(
                "`{python} -m venv` failed: {}",
                String::from_utf8_lossy(&o.stderr).trim()
            ));
            None
        }
        Err(e) => {
            skip_or_fail(&format!("no `{python}`: {e}"));
            None
        }
    }
}

#[test]
fn the_python_package_passes_its_tests() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let Some(py) = venv(root) else { return };
    let pip = |args: &[&str]| {
        let mut c = Command::new(&py);
        c.args(["-m", "pip", "--disable-pip-version-check", "install", "-q"])
            .args(args)
            .current_dir(root)
            // the extension's own target directory, whatever the caller's
            .env("CARGO_TARGET_DIR", root.join("python/target"));
        c
    };
    let marker = py.parent().unwrap().join("undercroft-test-deps.txt");
    let deps = TEST_DEPS.join("\n");
    if std::fs::read_to_string(&marker).ok().as_deref() != Some(deps.as_str()) {
        // Without the package index (offline), the environment cannot be made: a skip.
        match pip(TEST_DEPS).output() {
            Ok(o) if o.status.success() => std::fs::write(&marker, &deps).unwrap(),
            Ok(o) => {
                return skip_or_fail(&format!(
                    "pip could not install {}: {}",
                    TEST_DEPS.join(", "),
                    String::from_utf8_lossy(&o.stderr).trim()
                ))
            }
            Err(e) => return skip_or_fail(&format!("no pip: {e}")),
        }
    }
    run(
        &mut pip(&["--force-reinstall", "--no-deps", "./python"]),
        "pip install ./python",
    );
    let out = Command::new(&py)
        .args([
            "-m",
            "pytest",
            "python/tests",
            "-q",
            "-p",
            "no:cacheprovider",
        ])
        .current_dir(root)
        .env("UNDERCROFT_BIN", env!("CARGO_BIN_EXE_undercroft"))
        .output()
        .expect("pytest starts");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "pytest failed:\n{text}");
    // the last line: "N passed in S s"
    eprintln!(
        "python/tests: {}",
        text.trim_end().lines().last().unwrap_or("")
    );
}
