//! Hostile and broken input: every case must end with exit code 0 or 2 under 1 GiB, with
//! one line naming the problem on exit 2; never a panic (101), a hang, or a partial output
//! file. Inputs are generated here. The deadline only catches hangs: a wall-clock budget
//! fails on a busy machine, so the real one (5 s, and 1 s for the nesting and chain cases,
//! in release mode) is held by `cargo bench --bench convert -- --budget`, which CI runs.

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{fifo, repo_path};

const DEADLINE: Duration = Duration::from_secs(60);
const MEMORY_KB: i64 = 1024 * 1024;

struct Outcome {
    code: Option<i32>,
    stderr: String,
    output_exists: bool,
}

/// Converts `input` to a fresh output file, within the deadline and the memory bound.
fn convert(input: &Path) -> Outcome {
    convert_with(input, &[])
}

/// [`convert`] with more arguments.
#[expect(
    clippy::zombie_processes,
    reason = "the child is reaped by wait4, which also reports its peak memory"
)]
fn convert_with(input: &Path, extra: &[&str]) -> Outcome {
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("tools.json");
    let stderr_path = dir.path().join("stderr");
    let mut child = Command::new(env!("CARGO_BIN_EXE_openapi2mcp"))
        .args([
            "convert",
            input.to_str().unwrap(),
            "-o",
            output.to_str().unwrap(),
        ])
        .args(extra)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&stderr_path).unwrap())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let started = Instant::now();
    let (status, usage) = loop {
        let mut status = 0;
        // SAFETY: an all-zero rusage is valid, and wait4 writes only to these two locals.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let done = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if done == pid {
            break (std::process::ExitStatus::from_raw(status), usage);
        }
        if started.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{}: still running after {DEADLINE:?}", input.display());
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    assert!(
        usage.ru_maxrss < MEMORY_KB,
        "{}: peak {} KB",
        input.display(),
        usage.ru_maxrss
    );
    let stderr = std::fs::read_to_string(&stderr_path).unwrap();
    let code = status.code();
    assert!(
        matches!(code, Some(0 | 2)),
        "{}: exit {status:?}, stderr {stderr}",
        input.display()
    );
    if code == Some(2) {
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
        assert!(stderr.starts_with("error: "), "{stderr}");
    }
    Outcome {
        code,
        stderr,
        output_exists: output.exists(),
    }
}

fn refused(input: &Path, message: &str) {
    refused_with(input, &[], message);
}

fn refused_with(input: &Path, extra: &[&str], message: &str) {
    let outcome = convert_with(input, extra);
    assert_eq!(
        outcome.code,
        Some(2),
        "{}: {}",
        input.display(),
        outcome.stderr
    );
    assert!(!outcome.output_exists, "no output file on failure");
    assert!(
        outcome.stderr.contains(message),
        "{}: {}",
        input.display(),
        outcome.stderr
    );
}

fn accepted(input: &Path) -> serde_json::Value {
    accepted_with(input, &[])
}

fn accepted_with(input: &Path, extra: &[&str]) -> serde_json::Value {
    let outcome = convert_with(input, extra);
    assert_eq!(
        outcome.code,
        Some(0),
        "{}: {}",
        input.display(),
        outcome.stderr
    );
    let manifest = input.with_extension("manifest.json");
    // Convert again to standard output to read the manifest.
    let output = Command::new(env!("CARGO_BIN_EXE_openapi2mcp"))
        .args(["convert", input.to_str().unwrap()])
        .args(extra)
        .output()
        .unwrap();
    std::fs::write(&manifest, &output.stdout).unwrap();
    serde_json::from_slice(&output.stdout).unwrap()
}

fn write(dir: &Path, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path
}

const HEAD: &str = "openapi: 3.0.3\ninfo: {title: t, version: '1'}\n";

/// A YAML alias bomb: ten levels of ten references each, a billion leaves.
fn alias_bomb(indent: &str) -> String {
    let mut out = format!("{indent}a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 1..10 {
        let refs = vec![format!("*a{}", i - 1); 10].join(", ");
        out.push_str(&format!("{indent}a{i}: &a{i} [{refs}]\n"));
    }
    out
}

#[test]
fn alias_bombs_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let in_extension = format!("{HEAD}paths: {{}}\nx-bomb:\n{}", alias_bomb("  "));
    refused(
        &write(dir.path(), "bomb-extension.yaml", in_extension),
        "repetition limit exceeded",
    );
    let in_schema = format!(
        "{HEAD}paths: {{}}\ncomponents:\n  schemas:\n    Bomb:\n      enum:\n{}",
        alias_bomb("        - ")
    );
    refused(
        &write(dir.path(), "bomb-schema.yaml", in_schema),
        "invalid YAML",
    );
}

#[test]
fn deep_nesting_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    refused(
        &write(dir.path(), "deep.json", "[".repeat(100_000)),
        "recursion limit exceeded",
    );
    let mut schema = String::from(r#"{"type":"string"}"#);
    for _ in 0..500 {
        schema = format!(r#"{{"type":"object","properties":{{"a":{schema}}}}}"#);
    }
    let spec = format!(
        r#"{{"openapi":"3.1.0","info":{{"title":"t","version":"1"}},"paths":{{"/a":{{"post":{{"requestBody":{{"content":{{"application/json":{{"schema":{schema}}}}}}},"responses":{{}}}}}}}}}}"#
    );
    refused(
        &write(dir.path(), "deep-schema.json", spec),
        "recursion limit exceeded",
    );
}

#[test]
fn deep_yaml_flow_nesting_is_refused_as_the_parser_meets_it() {
    use crate::common::synthetic::hostile::nested_flow;
    let dir = tempfile::tempdir().unwrap();
    for (name, mapping) in [("seq.yaml", false), ("map.yaml", true)] {
        refused(
            &write(dir.path(), name, nested_flow(100_000, mapping)),
            "nested deeper than 128 levels",
        );
    }
    // Up to the limit is fine.
    let spec = format!(
        "{HEAD}paths: {{}}\nx-deep: {}{}\n",
        "[".repeat(120),
        "]".repeat(120)
    );
    accepted(&write(dir.path(), "ok.yaml", spec));
}

#[test]
fn long_reference_chains_convert_in_linear_time() {
    use crate::common::synthetic::hostile;
    let dir = tempfile::tempdir().unwrap();
    let manifest = accepted(&write(
        dir.path(),
        "parameters.json",
        hostile::parameter_chain(100_000),
    ));
    assert_eq!(
        manifest["tools"][0]["inputSchema"]["properties"]["q"]["type"],
        "string"
    );
    let manifest = accepted(&write(
        dir.path(),
        "path-items.json",
        hostile::path_item_chain(100_000),
    ));
    assert_eq!(manifest["tools"].as_array().unwrap().len(), 1);
    let manifest = accepted(&write(
        dir.path(),
        "schemas.json",
        hostile::schema_chain(100_000),
    ));
    // Inlined as deep as the bound allows, the rest in `$defs`, each link once.
    let schema = &manifest["tools"][0]["inputSchema"];
    let defs = schema["$defs"].as_object().unwrap();
    assert!(defs.len() > 1_000 && defs.len() < 10_000, "{}", defs.len());
}

/// A schema that names the one below it nine times, level after level, is written once
/// per level (shared in the tool's `$defs`), not nine to the power of the levels: convert,
/// lint, review and the output schema stay linear. Gemini takes no `$ref`: its inlined
/// copy is refused at the budget, located at the schema that grew.
#[test]
fn a_schema_fan_out_stays_linear() {
    use crate::common::synthetic::hostile;
    let dir = tempfile::tempdir().unwrap();
    let spec = hostile::schema_fan_out(30, 9);
    let input = write(dir.path(), "fan.json", &spec);
    let manifest = accepted_with(&input, &["--output-schema"]);
    let size = serde_json::to_string(&manifest).unwrap().len();
    assert!(size < 4 * spec.len(), "{size} bytes from {}", spec.len());
    // S1 to S30: S0 is the body (and the response) itself.
    let tool = &manifest["tools"][0];
    assert_eq!(tool["inputSchema"]["$defs"].as_object().unwrap().len(), 30);
    assert_eq!(tool["outputSchema"]["$defs"].as_object().unwrap().len(), 30);
    for command in ["lint", "review"] {
        let output = crate::common::run(&[command, input.to_str().unwrap()], None);
        assert!(
            matches!(output.status.code(), Some(0 | 1)),
            "{command}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let outcome = convert_with(&input, &["--client", "gemini"]);
    assert_eq!(outcome.code, Some(2), "{}", outcome.stderr);
    assert!(
        outcome.stderr.contains("fan.json:1:")
            && outcome.stderr.contains("--client gemini takes no $ref")
            && outcome.stderr.contains("(inlining 'S"),
        "{}",
        outcome.stderr
    );
}

#[test]
fn only_regular_files_are_read() {
    let dir = tempfile::tempdir().unwrap();
    refused(
        &fifo(&dir.path().join("spec.yaml")),
        "a FIFO, not a regular file",
    );
    refused(dir.path(), "a directory, not a regular file");
    fifo(&dir.path().join("pipe.yaml"));
    let used = write(
        dir.path(),
        "used.yaml",
        format!("{HEAD}paths:\n  /a:\n    $ref: pipe.yaml\n"),
    );
    refused(&used, "pipe.yaml: this is a FIFO, not a regular file");
    let zero = write(
        dir.path(),
        "zero.yaml",
        format!("{HEAD}paths:\n  /a:\n    $ref: /dev/zero#/X\n"),
    );
    refused_with(
        &zero,
        &["--allow-ref-outside", "/dev"],
        "a device, not a regular file",
    );
    let large = write(
        dir.path(),
        "large.json",
        crate::common::synthetic::spec(2_000),
    );
    assert!(std::fs::metadata(&large).unwrap().len() > 1 << 20);
    refused_with(&large, &["--max-file-size", "1"], "larger than 1 MiB");
}

/// The files of our own a command reads (overrides, config, baseline, the manifest
/// `--check` compares with) are read as a spec is: a device or a FIFO is refused at once,
/// never read without end or waited on.
#[test]
fn our_own_files_are_read_as_specs_are() {
    let dir = tempfile::tempdir().unwrap();
    let spec = crate::common::repo_path("specs/petstore-3.0.yaml");
    let spec = spec.to_str().unwrap();
    let pipe = fifo(&dir.path().join("openapi2mcp.yaml"));
    let pipe = pipe.to_str().unwrap();
    let cases: [(&[&str], &str); 5] = [
        (
            &["convert", spec, "--overrides", "/dev/zero"],
            "a device, not a regular file",
        ),
        (
            &["lint", spec, "--baseline", "/dev/zero"],
            "a device, not a regular file",
        ),
        (
            &["convert", spec, "--config", pipe],
            "a FIFO, not a regular file",
        ),
        (
            &["convert", spec, "--overrides", pipe],
            "a FIFO, not a regular file",
        ),
        (
            &["convert", spec, "--check", "-o", "/dev/zero"],
            "a device, not a regular file",
        ),
    ];
    for (args, message) in cases {
        let output = crate::common::run(args, None);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    // Where a config file is looked for, a FIFO of its name is an error, never waited on
    // and never passed over for a file further up.
    let found = std::process::Command::new(env!("CARGO_BIN_EXE_openapi2mcp"))
        .args(["convert", spec])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(found.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&found.stderr).contains("a FIFO, not a regular file"));
}

#[test]
fn files_are_read_when_a_used_reference_reaches_them() {
    let dir = tempfile::tempdir().unwrap();
    fifo(&dir.path().join("pipe.yaml"));
    write(dir.path(), "broken.yaml", "a: [\n");
    std::fs::create_dir(dir.path().join("folder")).unwrap();
    let spec = format!(
        "{HEAD}paths:\n  /a:\n    post:\n      requestBody:\n        content:\n          application/json:\n            schema: {{type: object}}\n            example: {{$ref: pipe.yaml}}\n      responses: {{}}\ncomponents:\n  schemas:\n    Broken: {{$ref: broken.yaml}}\n    Folder: {{$ref: folder}}\n    Pipe: {{$ref: 'pipe.yaml#/x'}}\n"
    );
    let manifest = accepted(&write(dir.path(), "api.yaml", spec));
    assert_eq!(manifest["tools"].as_array().unwrap().len(), 1);
    // Used, the broken file is an error naming the file and its line.
    let used = format!("{HEAD}paths:\n  /a:\n    $ref: broken.yaml\n");
    refused(
        &write(dir.path(), "uses-broken.yaml", used),
        "broken.yaml:2:1: invalid YAML",
    );
}

/// 2,000 files whose schemas form 1,000 two-file cycles: a tool's `$defs` holds its own
/// cycle, never the other files' schemas (a ring through every file is the one shape in
/// which each tool does reach them all).
#[test]
fn many_cyclic_files_give_each_tool_only_what_it_reaches() {
    let dir = tempfile::tempdir().unwrap();
    let files = 2_000;
    let mut paths = String::new();
    for i in 0..files {
        let partner = i ^ 1;
        write(
            dir.path(),
            &format!("s{i}.yaml"),
            format!("Node{i}:\n  type: object\n  properties:\n    next: {{$ref: 's{partner}.yaml#/Node{partner}'}}\n"),
        );
        paths.push_str(&format!("  /n{i}:\n    post:\n      requestBody:\n        content:\n          application/json:\n            schema: {{$ref: 's{i}.yaml#/Node{i}'}}\n      responses: {{}}\n"));
    }
    let manifest = accepted(&write(
        dir.path(),
        "api.yaml",
        format!("{HEAD}paths:\n{paths}"),
    ));
    let tools = manifest["tools"].as_array().unwrap();
    assert_eq!(tools.len(), files);
    for (i, tool) in tools.iter().enumerate() {
        let defs = tool["inputSchema"]["$defs"].as_object().unwrap();
        let mut names: Vec<&String> = defs.keys().collect();
        names.sort();
        let mut expected = [format!("Node{i}"), format!("Node{}", i ^ 1)];
        expected.sort();
        assert_eq!(
            names,
            expected.iter().collect::<Vec<_>>(),
            "{}",
            tool["name"]
        );
    }
}

#[test]
fn the_root_named_by_its_own_file_name_is_read_once() {
    let dir = tempfile::tempdir().unwrap();
    let spec = format!(
        "{HEAD}paths:\n  /a:\n    post:\n      requestBody:\n        content:\n          application/json:\n            schema: {{$ref: '#/components/schemas/Node'}}\n      responses: {{}}\ncomponents:\n  schemas:\n    Node:\n      type: object\n      properties:\n        child: {{$ref: 'api.yaml#/components/schemas/Node'}}\n"
    );
    let manifest = accepted(&write(dir.path(), "api.yaml", spec));
    let defs = manifest["tools"][0]["inputSchema"]["$defs"]
        .as_object()
        .unwrap();
    assert_eq!(defs.keys().collect::<Vec<_>>(), ["Node"]);
}

#[test]
fn yaml_merge_keys_are_applied() {
    let dir = tempfile::tempdir().unwrap();
    let spec = format!(
        "{HEAD}x-base: &base {{type: string, maxLength: 5, description: base}}\npaths:\n  /a:\n    get:\n      parameters:\n        - name: q\n          in: query\n          schema: {{<<: *base, description: own}}\n      responses: {{}}\n"
    );
    let manifest = accepted(&write(dir.path(), "merge.yaml", spec));
    assert_eq!(
        manifest["tools"][0]["inputSchema"]["properties"]["q"],
        serde_json::json!({"type": "string", "maxLength": 5, "description": "own"})
    );
}

#[test]
fn broken_bytes() {
    let dir = tempfile::tempdir().unwrap();
    refused(
        &write(dir.path(), "utf8.yaml", b"openapi: 3.0.3\ninfo: \xC3\x28\n"),
        "not valid UTF-8",
    );
    refused(
        &write(
            dir.path(),
            "truncated.json",
            r#"{"openapi": "3.0.3", "paths": {"/a": {"get": "#,
        ),
        "EOF while parsing",
    );
    refused(&write(dir.path(), "empty.yaml", ""), "the file is empty");
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend(format!("{HEAD}paths: {{}}\n").as_bytes());
    assert_eq!(
        accepted(&write(dir.path(), "bom.yaml", bom))["tools"],
        serde_json::json!([])
    );
}

#[test]
fn duplicate_keys_are_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    refused(
        &write(
            dir.path(),
            "dup.yaml",
            format!("{HEAD}paths: {{}}\npaths: {{}}\n"),
        ),
        "duplicate key 'paths'",
    );
    refused(
        &write(
            dir.path(),
            "dup.json",
            r#"{"openapi": "3.0.3", "info": {}, "paths": {"/a": {}, "/a": {}}}"#,
        ),
        "duplicate key '/a'",
    );
}

#[test]
fn documents_that_are_not_openapi() {
    let dir = tempfile::tempdir().unwrap();
    refused(
        &write(dir.path(), "other.json", r#"{"name": "a package.json"}"#),
        "not an OpenAPI document",
    );
    refused(
        &write(dir.path(), "v4.yaml", "openapi: 4.0.0\n"),
        "unsupported version: openapi 4.0.0",
    );
}

#[test]
fn integers_beyond_64_bits_are_kept_exactly() {
    let dir = tempfile::tempdir().unwrap();
    // YAML: up to 128 bits (beyond, yaml_serde reads a float); JSON: any size.
    let yaml = format!(
        "{HEAD}paths:\n  /a:\n    get:\n      parameters:\n        - {{name: n, in: query, schema: {{type: integer, maximum: 1267650600228229401496703205376}}}}\n      responses: {{}}\n"
    );
    let text = accepted(&write(dir.path(), "big.yaml", yaml)).to_string();
    assert!(
        text.contains(r#""maximum":1267650600228229401496703205376"#),
        "{text}"
    );
    let huge = "9".repeat(60);
    let json = format!(
        r#"{{"openapi":"3.0.3","info":{{"title":"t","version":"1"}},"paths":{{"/a":{{"get":{{"parameters":[{{"name":"n","in":"query","schema":{{"type":"integer","minimum":-{huge}}}}}],"responses":{{}}}}}}}}}}"#
    );
    let text = accepted(&write(dir.path(), "big.json", json)).to_string();
    assert!(text.contains(&format!(r#""minimum":-{huge}"#)), "{text}");
}

/// Numbers beyond a double: kept exactly where they constrain something (`1e400`, a
/// fraction of 28 digits in JSON); a `multipleOf` a double holds as 0 goes, in YAML and in
/// JSON alike (a client reading doubles would call the schema invalid); a tiny one stays.
#[test]
fn numbers_beyond_a_double() {
    let dir = tempfile::tempdir().unwrap();
    let yaml = format!(
        "{HEAD}paths:\n  /a:\n    get:\n      parameters:\n        - {{name: n, in: query, schema: {{type: number, maximum: 1e400, multipleOf: 1e-400}}}}\n        - {{name: m, in: query, schema: {{type: number, multipleOf: 1e-300}}}}\n      responses: {{}}\n"
    );
    let text = accepted(&write(dir.path(), "n.yaml", yaml)).to_string();
    assert!(
        text.contains(r#""n":{"type":"number","maximum":1e+400}"#),
        "{text}"
    );
    assert!(
        text.contains(r#""m":{"type":"number","multipleOf":1e-300}"#),
        "{text}"
    );
    let json = r#"{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"/a":{"get":{"parameters":[{"name":"n","in":"query","schema":{"type":"number","maximum":1e400,"multipleOf":1e-400,"minimum":0.1000000000000000000000000001}}],"responses":{}}}}}"#;
    let text = accepted(&write(dir.path(), "n.json", json)).to_string();
    assert!(
        text.contains(
            r#""n":{"type":"number","maximum":1e+400,"minimum":0.1000000000000000000000000001}"#
        ),
        "{text}"
    );
}

#[test]
fn bad_references() {
    let errors = repo_path("specs/errors");
    refused(
        &errors.join("ref-cycle.yaml"),
        "reference cycle with no schema in between",
    );
    refused(&errors.join("missing-ref.yaml"), "does not resolve");
    refused(
        &errors.join("ref-outside.yaml"),
        "outside the spec's directory",
    );
    refused(&errors.join("url-ref.yaml"), "is a URL");
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(dir.path().join("b.yaml"), dir.path().join("a.yaml")).unwrap();
    std::os::unix::fs::symlink(dir.path().join("a.yaml"), dir.path().join("b.yaml")).unwrap();
    let looped = write(
        dir.path(),
        "api.yaml",
        format!("{HEAD}paths:\n  /x:\n    $ref: a.yaml\n"),
    );
    refused(&looped, "cannot open");
}

#[test]
fn a_large_spec_of_many_small_operations() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "large.json",
        crate::common::synthetic::spec(8_000),
    );
    assert!(std::fs::metadata(&path).unwrap().len() > 6_000_000);
    let outcome = convert(&path);
    assert_eq!(outcome.code, Some(0), "{}", outcome.stderr);
}

#[test]
fn ten_thousand_parameters_properties_and_colliding_names() {
    let dir = tempfile::tempdir().unwrap();
    let parameters: Vec<String> = (0..10_000)
        .map(|i| format!(r#"{{"name":"p{i}","in":"query","schema":{{"type":"string"}}}}"#))
        .collect();
    let spec = format!(
        r#"{{"openapi":"3.0.3","info":{{"title":"t","version":"1"}},"paths":{{"/a":{{"get":{{"parameters":[{}],"responses":{{}}}}}}}}}}"#,
        parameters.join(",")
    );
    let manifest = accepted(&write(dir.path(), "parameters.json", spec));
    assert_eq!(
        manifest["tools"][0]["inputSchema"]["properties"]
            .as_object()
            .unwrap()
            .len(),
        10_000
    );

    let properties: Vec<String> = (0..10_000)
        .map(|i| format!(r#""f{i}":{{"type":"integer"}}"#))
        .collect();
    let spec = format!(
        r#"{{"openapi":"3.0.3","info":{{"title":"t","version":"1"}},"paths":{{"/a":{{"post":{{"requestBody":{{"content":{{"application/json":{{"schema":{{"type":"object","properties":{{{}}}}}}}}}}},"responses":{{}}}}}}}}}}"#,
        properties.join(",")
    );
    let manifest = accepted(&write(dir.path(), "properties.json", spec));
    assert_eq!(
        manifest["tools"][0]["inputSchema"]["properties"]
            .as_object()
            .unwrap()
            .len(),
        10_000
    );

    // Every operationId sanitizes to the same name: get-items, get_items, getItems...
    let spellings = [
        "get-items",
        "get_items",
        "getItems",
        "GetItems",
        "get.items",
    ];
    let paths: Vec<String> = (0..10_000)
        .map(|i| {
            format!(
                r#""/r{i}":{{"get":{{"operationId":"{}","responses":{{}}}}}}"#,
                spellings[i % 5]
            )
        })
        .collect();
    let spec = format!(
        r#"{{"openapi":"3.0.3","info":{{"title":"t","version":"1"}},"paths":{{{}}}}}"#,
        paths.join(",")
    );
    let manifest = accepted(&write(dir.path(), "names.json", spec));
    let names: std::collections::HashSet<&str> = manifest["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 10_000);
    assert!(names.contains("get_items") && names.contains("get_items_10000"));
}

#[test]
fn seeds_and_their_mutations_never_break_the_pipeline() {
    // The stable-Rust counterpart of the fuzz target: every spec in specs/ and every saved
    // regression, cut short, with bytes flipped, and with lines dropped.
    let mut inputs = Vec::new();
    for root in ["specs", "fuzz/regressions"] {
        let mut stack = vec![repo_path(root)];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    inputs.push(std::fs::read(&path).unwrap());
                }
            }
        }
    }
    assert!(inputs.len() > 20);
    for input in &inputs {
        crate::common::pipeline_check::check_pipeline(input);
        for cut in [1, 2, 3, 5, 8].map(|d| input.len() * d / 9) {
            crate::common::pipeline_check::check_pipeline(&input[..cut]);
        }
        for at in (0..input.len()).step_by(input.len() / 7 + 1) {
            let mut flipped = input.clone();
            flipped[at] ^= 0x20;
            crate::common::pipeline_check::check_pipeline(&flipped);
        }
        let lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
        for skip in (0..lines.len()).step_by(lines.len() / 5 + 1) {
            let dropped: Vec<u8> = lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != skip)
                .flat_map(|(_, l)| l.iter().copied().chain([b'\n']))
                .collect();
            crate::common::pipeline_check::check_pipeline(&dropped);
        }
    }
}
