//! Whole-command benchmarks against the floor: `cargo bench --bench convert`.
//! `cargo bench --bench convert -- --budget` instead holds hostile inputs and a 100 MB spec
//! to the reliability budget (exits 1 past it); CI runs it.
//!
//! For each input, the release binary converts it (and, for GitHub's spec, lints and
//! reviews it) in a child process; the floor is this program again, in `--floor` mode,
//! reading the same files and parsing them into `serde_json::Value`s and nothing more.
//! Times are medians of several runs, memory the peak resident set (from `wait4`), so the
//! ratios hold on a noisy machine. This process stays small (it generates the synthetic
//! specs in a child) because a child's peak memory includes its parent's at the spawn. The inputs from the shared corpus are read from
//! `$OPENAPI2MCP_CORPUS` (default `../shared/specs`); missing ones are skipped.

#[path = "../tests/common/synthetic.rs"]
mod synthetic;

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// What one child process cost.
#[derive(Clone, Copy)]
struct Cost {
    seconds: f64,
    peak_kb: i64,
}

/// Runs `program args...` `runs` times; the median time and the largest peak memory.
fn measure(program: &Path, args: &[&str], runs: usize) -> Cost {
    measure_exiting(program, args, runs, &[0, 1])
}

/// [`measure`], for a program expected to exit with one of `codes`.
fn measure_exiting(program: &Path, args: &[&str], runs: usize, codes: &[i32]) -> Cost {
    let mut times = Vec::new();
    let mut peak_kb = 0;
    for _ in 0..runs {
        let started = Instant::now();
        let child = Command::new(program)
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the program starts");
        let mut status = 0;
        // SAFETY: an all-zero rusage is valid; wait4 writes only to these two locals.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let pid = child.id() as libc::pid_t;
        let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        assert_eq!(waited, pid, "wait4 reaps the child");
        let status = std::process::ExitStatus::from_raw(status);
        assert!(
            status.code().is_some_and(|code| codes.contains(&code)),
            "{program:?} {args:?}: {status:?}"
        );
        times.push(started.elapsed());
        peak_kb = peak_kb.max(usage.ru_maxrss);
        std::mem::forget(child);
    }
    times.sort();
    Cost {
        seconds: times[times.len() / 2].as_secs_f64(),
        peak_kb,
    }
}

/// The floor: read every file and parse it into a `serde_json::Value`, nothing more.
fn floor(files: &[String]) {
    for file in files {
        let text = std::fs::read_to_string(file).expect("readable");
        let value: serde_json::Value = if text.trim_start().starts_with(['{', '[']) {
            serde_json::from_str(&text).expect("JSON")
        } else {
            yaml_serde::from_str(&text).expect("YAML")
        };
        std::hint::black_box(value);
    }
}

/// Every YAML and JSON file under `dir`: what a spec split over files reads.
fn files_under(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).expect("a directory") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("yml" | "yaml" | "json")
            ) {
                out.push(path.to_string_lossy().into_owned());
            }
        }
    }
    out.sort();
    out
}

struct Input {
    label: String,
    spec: PathBuf,
    /// The files the floor reads.
    files: Vec<String>,
    runs: usize,
    /// One of the synthetic specs whose sizes step by ten, to show how time grows.
    growth_step: bool,
}

/// The synthetic specs' operation counts that step by ten.
const GROWTH_STEPS: [usize; 4] = [100, 1_000, 10_000, 100_000];
/// About 100 MB of synthetic spec: the size the reliability issue bounds at 1 GiB.
const HUNDRED_MB: usize = 126_000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("--floor") => return floor(&args[1..]),
        Some("--generate") => {
            let operations: usize = args[1].parse().expect("a number of operations");
            std::fs::write(&args[2], synthetic::spec(operations)).expect("writable");
            return;
        }
        Some("--generate-hostile") => return generate_hostile(&args[1], &args[2]),
        Some("--budget") => return budget(),
        _ => {}
    }
    // `cargo bench` passes `--bench`; any other argument filters inputs by label.
    let filter: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let work = tempfile::tempdir().expect("a temporary directory");
    let mut inputs = inputs(work.path());
    inputs.retain(|i| filter.is_empty() || filter.iter().any(|f| i.label.contains(f.as_str())));
    print_table(&inputs, work.path());
}

/// Writes one of the hostile inputs the reliability budget runs on.
fn generate_hostile(kind: &str, path: &str) {
    let text = match kind {
        "nested-sequences" => synthetic::hostile::nested_flow(100_000, false),
        "nested-mappings" => synthetic::hostile::nested_flow(100_000, true),
        "parameter-chain" => synthetic::hostile::parameter_chain(100_000),
        "path-item-chain" => synthetic::hostile::path_item_chain(100_000),
        "schema-chain" => synthetic::hostile::schema_chain(100_000),
        // 9^30 copies if inlined: each level once, shared in `$defs`.
        "schema-fan-out" => synthetic::hostile::schema_fan_out(30, 9),
        other => panic!("no hostile input {other}"),
    };
    std::fs::write(path, text).expect("writable");
}

/// The corpus's large specs that are present, and the synthetic ones, written in `work`.
fn inputs(work: &Path) -> Vec<Input> {
    let me = std::env::current_exe().expect("the bench's own path");
    let corpus = PathBuf::from(
        std::env::var("OPENAPI2MCP_CORPUS").unwrap_or_else(|_| "../shared/specs".into()),
    );
    let mut inputs = Vec::new();
    let single = |label: &str, path: PathBuf, runs| {
        let files = vec![path.to_string_lossy().into_owned()];
        Input {
            label: label.into(),
            spec: path,
            files,
            runs,
            growth_step: false,
        }
    };
    let github = corpus.join(GITHUB);
    let kubernetes = corpus.join("kubernetes/kubernetes/swagger.json");
    let digitalocean = corpus.join("digitalocean/specification/DigitalOcean-public.v2.yaml");
    if github.exists() {
        inputs.push(single("GitHub REST (3.0, JSON)", github, 7));
    }
    if kubernetes.exists() {
        inputs.push(single("Kubernetes (Swagger 2.0)", kubernetes, 5));
    }
    if digitalocean.exists() {
        let files = files_under(digitalocean.parent().expect("a directory"));
        inputs.push(Input {
            label: "DigitalOcean (YAML, multi-file)".into(),
            spec: digitalocean,
            files,
            runs: 5,
            growth_step: false,
        });
    }
    for operations in GROWTH_STEPS.into_iter().chain([HUNDRED_MB]) {
        let path = work.join(format!("synthetic-{operations}.json"));
        // Generated by a child: a child's peak memory counts its parent's high-water mark
        // (the two share memory until exec), so this process must stay small.
        let path_text = path.to_string_lossy().into_owned();
        measure(&me, &["--generate", &operations.to_string(), &path_text], 1);
        let runs = if operations >= 100_000 { 3 } else { 7 };
        inputs.push(Input {
            growth_step: GROWTH_STEPS.contains(&operations),
            ..single(&format!("synthetic, {operations} operations"), path, runs)
        });
    }
    inputs
}

/// GitHub's spec under the corpus: lint and review are timed on it too.
const GITHUB: &str = "github/generated/api.github.com.json";

/// Each input's floor and convert, as a markdown table, then how time grows.
fn print_table(inputs: &[Input], work: &Path) {
    let binary = Path::new(env!("CARGO_BIN_EXE_openapi2mcp"));
    let me = std::env::current_exe().expect("the bench's own path");
    println!("| input | input size | floor: time, memory | convert: time, memory | ratio to floor | output |");
    println!("|---|---|---|---|---|---|");
    let mut synthetic_times = Vec::new();
    for input in inputs {
        let input_bytes: u64 = input
            .files
            .iter()
            .map(|f| std::fs::metadata(f).map_or(0, |m| m.len()))
            .sum();
        let mut floor_args = vec!["--floor"];
        floor_args.extend(input.files.iter().map(String::as_str));
        let floor = measure(&me, &floor_args, input.runs);
        let output = work.join("tools.json");
        let spec = input.spec.to_string_lossy();
        let convert = measure(
            binary,
            &["convert", &spec, "-o", &output.to_string_lossy()],
            input.runs,
        );
        let output_bytes = std::fs::metadata(&output).map_or(0, |m| m.len());
        println!(
            "| {} | {} | {:.3} s, {} | {:.3} s, {} | {:.2}x time, {:.2}x memory | {} |",
            input.label,
            size(input_bytes),
            floor.seconds,
            size(floor.peak_kb as u64 * 1024),
            convert.seconds,
            size(convert.peak_kb as u64 * 1024),
            convert.seconds / floor.seconds,
            convert.peak_kb as f64 / floor.peak_kb as f64,
            size(output_bytes),
        );
        // The growth steps are the powers of ten.
        if input.growth_step {
            synthetic_times.push((input.label.clone(), convert.seconds));
        }
        if input.spec.ends_with(GITHUB) {
            for command in ["lint", "review"] {
                let cost = measure(binary, &[command, &spec, "--format", "json"], input.runs);
                println!(
                    "| GitHub REST: `{command}` | | | {:.3} s, {} | {:.2}x convert's time | |",
                    cost.seconds,
                    size(cost.peak_kb as u64 * 1024),
                    cost.seconds / convert.seconds
                );
            }
        }
    }
    for pair in synthetic_times.windows(2) {
        println!(
            "\n{} -> {}: {:.1}x the time for 10x the operations",
            pair[0].0,
            pair[1].0,
            pair[1].1 / pair[0].1
        );
    }
}

/// The floor's time on the 100 MB synthetic spec (reading and parsing it, nothing more) on
/// the machine that set the budgets below, 2026-11-30.
const REFERENCE_FLOOR_SECONDS: f64 = 1.596;

/// The reliability budget: every hostile input within its time and 1 GiB, in release mode.
/// Prints a table; exits 1 if any input is over. The times are the reference machine's: on
/// a slower one (its floor slower than [`REFERENCE_FLOOR_SECONDS`]) each is scaled by as
/// much, so the budget judges the code, not the machine it runs on. The floor is measured
/// beside each run ([`measure_beside_floor`]): a shared machine's speed drifts over the
/// minutes of a CI run (one floor taken first was 1.680 s; the convert it scaled, 11.3 s,
/// took 9.5 s a minute later, the floor then 1.796 s).
fn budget() {
    let binary = Path::new(env!("CARGO_BIN_EXE_openapi2mcp"));
    let me = std::env::current_exe().expect("the bench's own path");
    let work = tempfile::tempdir().expect("a temporary directory");
    let hundred_mb = work.path().join(format!("synthetic-{HUNDRED_MB}.input"));
    let hundred_mb_text = hundred_mb.to_string_lossy().into_owned();
    measure(
        &me,
        &["--generate", &HUNDRED_MB.to_string(), &hundred_mb_text],
        1,
    );
    println!(
        "Each time against the floor on the 100 MB spec measured beside it; the reference machine's floor: {REFERENCE_FLOOR_SECONDS} s.\n"
    );
    const GIB_KB: i64 = 1 << 20;
    // (input, command, exit code, seconds allowed)
    let cases: [(&str, &str, i32, f64); 11] = [
        ("nested-sequences", "convert", 2, 1.0),
        ("nested-mappings", "convert", 2, 1.0),
        ("parameter-chain", "convert", 0, 1.0),
        ("path-item-chain", "convert", 0, 1.0),
        ("path-item-chain", "lint", 0, 1.0),
        // 100k links inline into 42 MB of output, 4.5 times the input: the budget is the
        // general one, not the 1 s of the chains above.
        ("schema-chain", "convert", 0, 5.0),
        ("schema-fan-out", "convert", 0, 1.0),
        ("schema-fan-out", "lint", 0, 1.0),
        ("schema-fan-out", "review", 0, 1.0),
        // The large spec of `tests/hostile.rs`, and 100 MB, whose time grows with its size
        // (see the growth table): its budget is the memory.
        ("synthetic-8000", "convert", 0, 5.0),
        ("synthetic-126000", "convert", 0, 10.0),
    ];
    println!("| hostile input (100k deep or long) | command | time | memory | floor beside it | budget |");
    println!("|---|---|---|---|---|---|");
    let mut over = false;
    for (name, command, code, seconds) in cases {
        let path = work.path().join(format!("{name}.input"));
        let path_text = path.to_string_lossy().into_owned();
        if !path.exists() {
            let generate = if let Some(operations) = name.strip_prefix("synthetic-") {
                vec!["--generate".to_string(), operations.to_string()]
            } else {
                vec!["--generate-hostile".to_string(), name.to_string()]
            };
            let mut args: Vec<&str> = generate.iter().map(String::as_str).collect();
            args.push(&path_text);
            measure(&me, &args, 1);
        }
        let output = work.path().join("tools.json");
        let output = output.to_string_lossy();
        let mut args = vec![command, path_text.as_str()];
        if command == "convert" {
            args.extend(["-o", &output]);
        }
        // Lint exits 1 when it finds something; either way it must finish.
        let codes: &[i32] = if command == "lint" { &[0, 1] } else { &[code] };
        let (cost, floor) = measure_beside_floor(&me, &hundred_mb_text, binary, &args, codes);
        let slower = (floor / REFERENCE_FLOOR_SECONDS).max(1.0);
        let allowed = seconds * slower;
        let fits = cost.seconds <= allowed && cost.peak_kb <= GIB_KB;
        over |= !fits;
        let scaled = if slower > 1.0 {
            format!(" (here {allowed:.1} s)")
        } else {
            String::new()
        };
        println!(
            "| {name} | `{command}` | {:.3} s | {} | {floor:.3} s | {seconds} s{scaled}, 1 GiB{} |",
            cost.seconds,
            size(cost.peak_kb as u64 * 1024),
            if fits { "" } else { ": **over**" }
        );
    }
    if over {
        std::process::exit(1);
    }
}

/// Three rounds of the floor on `floor_input` and then `program args...`: the program's
/// median time and peak memory, and the floor's median time, taken the same minutes.
fn measure_beside_floor(
    me: &Path,
    floor_input: &str,
    program: &Path,
    args: &[&str],
    codes: &[i32],
) -> (Cost, f64) {
    let (mut floors, mut times, mut peak_kb) = (Vec::new(), Vec::new(), 0);
    for _ in 0..3 {
        floors.push(measure(me, &["--floor", floor_input], 1).seconds);
        let cost = measure_exiting(program, args, 1, codes);
        times.push(cost.seconds);
        peak_kb = peak_kb.max(cost.peak_kb);
    }
    let median = |values: &mut Vec<f64>| {
        values.sort_by(f64::total_cmp);
        values[values.len() / 2]
    };
    let cost = Cost {
        seconds: median(&mut times),
        peak_kb,
    };
    (cost, median(&mut floors))
}

fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 => format!("{:.2} GB", b as f64 / (1u64 << 30) as f64),
        b if b >= 1 << 20 => format!("{:.1} MB", b as f64 / (1u64 << 20) as f64),
        b => format!("{:.0} KB", b as f64 / 1024.0),
    }
}
