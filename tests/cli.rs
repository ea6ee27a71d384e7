//! The `convert` command as a user runs it: arguments, standard streams, files, exit codes.

use crate::common::{fifo, repo_path, run, tool_names};

fn spec(file: &str) -> String {
    repo_path(&format!("specs/{file}"))
        .to_string_lossy()
        .into_owned()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn standard_input_and_output_file_give_the_same_manifest_as_a_path() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tools.json");
    let from_path = run(&["convert", &spec("petstore-3.0.yaml")], None);
    assert_eq!(
        from_path.status.code(),
        Some(0),
        "{}",
        text(&from_path.stderr)
    );
    let yaml = std::fs::read(spec("petstore-3.0.yaml")).unwrap();
    let from_stdin = run(&["convert", "-", "-o", out.to_str().unwrap()], Some(&yaml));
    assert_eq!(
        from_stdin.status.code(),
        Some(0),
        "{}",
        text(&from_stdin.stderr)
    );
    assert!(from_stdin.stdout.is_empty());
    assert_eq!(std::fs::read(&out).unwrap(), from_path.stdout);
}

#[test]
fn format_is_told_by_content_not_extension_and_a_bom_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let misnamed = dir.path().join("spec.json");
    let mut yaml = b"\xEF\xBB\xBF".to_vec();
    yaml.extend(std::fs::read(spec("petstore-3.0.yaml")).unwrap());
    std::fs::write(&misnamed, yaml).unwrap();
    let output = run(&["convert", misnamed.to_str().unwrap()], None);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(
        output.stdout,
        run(&["convert", &spec("petstore-3.0.yaml")], None).stdout
    );
}

#[test]
fn bad_input_exits_2_with_one_line_naming_the_problem() {
    let cases: [(&[u8], &str); 4] = [
        (b"", "error: -: the file is empty\n"),
        (b"openapi: 3.0.0\ninfo: \xFF\n", "error: -:2:7: the file is not valid UTF-8\n"),
        (b"[1, 2]", "error: -: not an OpenAPI document: the top level is an array, not an object\n"),
        (b"swagger: '1.2'\n", "error: -:1:1: unsupported version: swagger \"1.2\" (supported: Swagger 2.0, OpenAPI 3.0, 3.1 and 3.2) (at /swagger)\n"),
    ];
    for (input, expected) in cases {
        let output = run(&["convert", "-"], Some(input));
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(text(&output.stderr), expected);
        assert!(output.stdout.is_empty());
    }
}

/// A minimal HTTP server for the tests of specs by URL: each request's path gets its
/// response as written (status line, headers and body); an unknown path a 404. Runs until
/// the test process ends; returns its port.
fn http_files(files: Vec<(String, String)>) -> u16 {
    use std::io::{BufRead, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut reader = std::io::BufReader::new(stream);
            let mut request = String::new();
            let _ = reader.read_line(&mut request);
            let path = request.split(' ').nth(1).unwrap_or_default().to_string();
            let mut line = String::new();
            while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
                line.clear();
            }
            let response = files
                .iter()
                .find(|(p, _)| *p == path)
                .map(|(_, r)| r.clone())
                .unwrap_or_else(|| {
                    "HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
                        .into()
                });
            let _ = reader.get_mut().write_all(response.as_bytes());
        }
    });
    port
}

fn ok(body: &str) -> String {
    format!(
        "HTTP/1.1 200 OK\r\ncontent-type: application/yaml\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
}

fn pets_spec(reference: &str) -> String {
    format!(
        "openapi: 3.0.3\ninfo: {{title: Pets, version: '1'}}\nservers: [{{url: 'https://pets.example.com'}}]\npaths:\n  /pets:\n    post:\n      operationId: createPet\n      requestBody:\n        content:\n          application/json:\n            schema: {{$ref: '{reference}'}}\n      responses: {{'201': {{description: created}}}}\n"
    )
}

/// A spec given by URL is downloaded, and the documents its references name relative to it;
/// another host only with --allow-ref-host; a failed download says why, exit 2.
#[test]
fn a_spec_by_url_is_downloaded_with_its_references_and_bounds() {
    let schemas = "Pet:\n  type: object\n  properties:\n    name: {type: string}\n";
    // (Each answer closes its connection, as this server serves one request on each: a
    // client that kept it for the redirect's next request found it closed, at random.)
    let loop_response =
        "HTTP/1.1 302 Found\r\nlocation: /loop\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
            .to_string();
    let big = "HTTP/1.1 200 OK\r\ncontent-length: 2097152\r\nconnection: close\r\n\r\n".to_string();
    // The other-host spec names this server as `localhost`: the port is known once it runs,
    // so that spec is served by a second server.
    let port = http_files(vec![
        (
            "/v1/api.yaml".into(),
            ok(&pets_spec("schemas/pet.yaml#/Pet")),
        ),
        ("/v1/schemas/pet.yaml".into(), ok(schemas)),
        ("/loop".into(), loop_response),
        ("/big.yaml".into(), big),
        (
            "/v1/self.yaml".into(),
            ok(&format!(
                "{}components:\n  schemas:\n    Pet: {{type: object, properties: {{name: {{type: string}}}}}}\n",
                pets_spec("self.yaml#/components/schemas/Pet")
            )),
        ),
    ]);
    let other = http_files(vec![(
        "/other.yaml".into(),
        ok(&pets_spec(&format!(
            "http://localhost:{port}/v1/schemas/pet.yaml#/Pet"
        ))),
    )]);
    let url = format!("http://127.0.0.1:{port}/v1/api.yaml");
    let output = run(&["convert", &url], None);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let manifest: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        manifest["tools"][0]["inputSchema"]["properties"]["name"]["type"], "string",
        "{manifest}"
    );
    // A reference to the root by its own URL is the root, not a second download.
    let own = run(
        &[
            "convert",
            "-v",
            &format!("http://127.0.0.1:{port}/v1/self.yaml"),
        ],
        None,
    );
    assert_eq!(own.status.code(), Some(0), "{}", text(&own.stderr));
    assert!(
        text(&own.stderr).contains("1 tool written from 1 file,"),
        "{}",
        text(&own.stderr)
    );
    // The same through the config file, and for lint and review.
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("openapi2mcp.yaml");
    std::fs::write(&config, format!("spec: {url}\n")).unwrap();
    for command in ["convert", "lint", "review"] {
        let output = run(&[command, "--config", config.to_str().unwrap()], None);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{command}: {}",
            text(&output.stderr)
        );
    }

    let other_url = format!("http://127.0.0.1:{other}/other.yaml");
    let refused = run(&["convert", &other_url], None);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains(&format!(
            "localhost:{port} is another host than the spec's (--allow-ref-host localhost permits it)"
        )),
        "{}",
        text(&refused.stderr)
    );
    let allowed = run(
        &["convert", &other_url, "--allow-ref-host", "localhost"],
        None,
    );
    assert_eq!(allowed.status.code(), Some(0), "{}", text(&allowed.stderr));

    for (path, args, why) in [
        ("/loop", &[][..], "more than 5 redirects"),
        (
            "/big.yaml",
            &["--max-file-size", "1"][..],
            "it is larger than 1 MiB (--max-file-size raises the limit)",
        ),
        (
            "/missing.yaml",
            &[][..],
            "the server answered 404 Not Found",
        ),
    ] {
        let url = format!("http://127.0.0.1:{port}{path}");
        let output = run(&[&["convert", url.as_str()][..], args].concat(), None);
        assert_eq!(output.status.code(), Some(2), "{path}");
        assert_eq!(
            text(&output.stderr),
            format!("error: {url}: cannot download it: {why}\n")
        );
    }
}

/// A download that gets no answer ends at the downloader's timeout.
#[test]
fn a_download_without_an_answer_ends_at_the_timeout() {
    use openapi2mcp_core::load::Fetch;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    // Accepted and kept open, never answered.
    let held = std::thread::spawn(move || listener.accept().map(|(stream, _)| stream));
    let downloader =
        openapi2mcp_serve::fetch::Downloader::new(std::time::Duration::from_millis(300));
    let error = downloader
        .fetch(&format!("http://127.0.0.1:{port}/api.yaml"), 1 << 20)
        .unwrap_err();
    assert_eq!(error, "no answer in time");
    drop(held);
}

#[test]
fn a_failed_run_leaves_an_existing_output_file_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tools.json");
    std::fs::write(&out, "previous contents").unwrap();
    let output = run(
        &[
            "convert",
            &spec("errors/missing-ref.yaml"),
            "-o",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("$ref '#/components/schemas/Owner' does not resolve"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "previous contents");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
}

#[test]
fn output_that_is_not_a_regular_file_is_written_to_never_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let pipe = dir.path().join("pipe");
    fifo(&pipe);
    let reader = {
        let pipe = pipe.clone();
        std::thread::spawn(move || std::fs::read_to_string(pipe).unwrap())
    };
    let output = run(
        &[
            "convert",
            &spec("petstore-3.0.yaml"),
            "-o",
            pipe.to_str().unwrap(),
        ],
        None,
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let written = reader.join().unwrap();
    assert!(written.starts_with("{\n  \"tools\": ["), "{written}");
    assert!(std::fs::metadata(&pipe).unwrap().file_type().is_fifo());
    // /dev/stdout leads to this test's pipe: written to, nothing created in /dev.
    let output = run(
        &["convert", &spec("petstore-3.0.yaml"), "-o", "/dev/stdout"],
        None,
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), written);
}

#[test]
fn output_through_a_symbolic_link_replaces_its_target_and_keeps_the_link() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("real")).unwrap();
    let target = dir.path().join("real/tools.json");
    std::fs::write(&target, "old").unwrap();
    let link = dir.path().join("tools.json");
    std::os::unix::fs::symlink("real/tools.json", &link).unwrap();
    // Converts through `link`, which stays a link.
    let convert_through = |link: &std::path::Path| {
        let output = run(
            &[
                "convert",
                &spec("petstore-3.0.yaml"),
                "-o",
                link.to_str().unwrap(),
            ],
            None,
        );
        assert!(output.status.success(), "{}", text(&output.stderr));
        assert!(std::fs::symlink_metadata(link)
            .unwrap()
            .file_type()
            .is_symlink());
    };
    convert_through(&link);
    assert!(std::fs::read_to_string(&target)
        .unwrap()
        .contains("\"tools\""));
    let beside_target: Vec<_> = std::fs::read_dir(dir.path().join("real"))
        .unwrap()
        .collect();
    assert_eq!(beside_target.len(), 1, "no temporary file is left");
    // A link to a file not there yet makes that file.
    let dangling = dir.path().join("new.json");
    std::os::unix::fs::symlink("real/new.json", &dangling).unwrap();
    convert_through(&dangling);
    assert!(dir.path().join("real/new.json").is_file());
}

#[test]
fn a_write_error_names_the_path_given_not_the_temporary_file() {
    let output = run(
        &[
            "convert",
            &spec("petstore-3.0.yaml"),
            "-o",
            "/no/such/dir/tools.json",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        "error: /no/such/dir/tools.json: cannot write the output: No such file or directory (os error 2)\n"
    );
}

#[test]
fn a_signal_during_a_write_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("large.json");
    std::fs::write(&input, crate::common::synthetic::spec(20_000)).unwrap();
    let out_dir = dir.path().join("out");
    std::fs::create_dir(&out_dir).unwrap();
    let out = out_dir.join("tools.json");
    std::fs::write(&out, "old").unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_openapi2mcp"))
        .args([
            "convert",
            input.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ])
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Wait for the temporary file to appear, then stop the writer.
    let started = std::time::Instant::now();
    while std::fs::read_dir(&out_dir).unwrap().count() < 2 {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "no temporary file appeared"
        );
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    // SAFETY: kill only sends a signal to the child's pid.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(128 + libc::SIGTERM), "{status:?}");
    let left: Vec<_> = std::fs::read_dir(&out_dir).unwrap().collect();
    assert_eq!(left.len(), 1, "only the old file is left");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old");
}

#[test]
fn contradictions_warn_and_strict_fails_without_writing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tools.json");
    let output = run(&["convert", &spec("hints.yaml")], None);
    assert_eq!(output.status.code(), Some(0));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("warning: tool 'search_items' (POST /items): readOnlyHint: true on POST, a method that changes state (set by x-mcp-annotations in the spec)\n"), "{stderr}");
    assert!(stderr.contains("warning: tool 'archive_item' (DELETE /items/{id}): destructiveHint: false on DELETE, a method that removes (set by x-mcp-annotations in the spec)\n"), "{stderr}");

    let strict = run(
        &[
            "convert",
            &spec("hints.yaml"),
            "--strict",
            "-o",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(strict.status.code(), Some(1));
    assert!(text(&strict.stderr).contains("--strict: 2 contradictions"));
    assert!(!out.exists());

    let clean = run(&["convert", &spec("petstore-3.0.yaml"), "--strict"], None);
    assert_eq!(clean.status.code(), Some(0));
}

#[test]
fn a_spec_claiming_a_delete_reads_is_warned_and_not_believed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lies.yaml");
    std::fs::write(
        &path,
        "openapi: 3.1.0\ninfo: {title: lies, version: '1'}\npaths:\n  /items/{id}:\n    \
         parameters: [{name: id, in: path, required: true, schema: {type: string}}]\n    \
         delete:\n      operationId: forgetItem\n      \
         x-mcp-annotations: {readOnlyHint: true, destructiveHint: false}\n      \
         responses: {'204': {description: ok}}\n",
    )
    .unwrap();
    let output = run(
        &["convert", path.to_str().unwrap(), "--hints", "explicit"],
        None,
    );
    assert_eq!(output.status.code(), Some(0));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("warning: tool 'forget_item' (DELETE /items/{id}): readOnlyHint: true on DELETE, a method that changes state (set by x-mcp-annotations in the spec): not written to the manifest\n"), "{stderr}");
    // Once read-only is not believed, the claim of not destructive stands alone and is
    // named as well.
    assert!(stderr.contains("warning: tool 'forget_item' (DELETE /items/{id}): destructiveHint: false on DELETE, a method that removes (set by x-mcp-annotations in the spec)\n"), "{stderr}");
    let manifest: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let annotations = &manifest["tools"][0]["annotations"];
    assert_eq!(annotations["readOnlyHint"], false, "{annotations}");
    // Explicit style writes what the tool is, not the read-only expansion of the claim.
    assert_eq!(annotations["idempotentHint"], false, "{annotations}");

    let strict = run(&["convert", path.to_str().unwrap(), "--strict"], None);
    assert_eq!(strict.status.code(), Some(1));
    assert!(text(&strict.stderr).contains("--strict: 2 contradictions"));

    // --read-only leaves it out and says why: the claim is withheld, not read-only.
    let read_only = run(&["convert", path.to_str().unwrap(), "--read-only"], None);
    assert!(text(&read_only.stderr).contains("--read-only left out 'forget_item' (DELETE /items/{id}): DELETE removes: readOnlyHint: true (x-mcp-annotations in the spec) is not passed on\n"), "{}", text(&read_only.stderr));

    // Review suggests nothing of read-only: the tool is not, as its hints now say.
    let review = run(
        &["review", path.to_str().unwrap(), "--format", "json"],
        None,
    );
    let review: serde_json::Value = serde_json::from_slice(&review.stdout).unwrap();
    let suggestions = review["tools"][0]["suggestions"].as_array().unwrap();
    assert!(
        suggestions.iter().all(|s| s["hint"] != "readOnlyHint"),
        "{review}"
    );

    // A blanket `defaults` entry reviews no tool: its claim is not written either.
    let overrides = dir.path().join("hints.yaml");
    std::fs::write(&overrides, "defaults:\n  readOnlyHint: true\n").unwrap();
    let plain = dir.path().join("plain.yaml");
    std::fs::write(&plain, "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /items:\n    delete:\n      operationId: purgeItems\n      responses: {'204': {description: ok}}\n").unwrap();
    let args = [
        "convert",
        plain.to_str().unwrap(),
        "--overrides",
        overrides.to_str().unwrap(),
    ];
    let output = run(&args, None);
    assert_eq!(output.status.code(), Some(0));
    let manifest: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_ne!(
        manifest["tools"][0]["annotations"]["readOnlyHint"], true,
        "{manifest}"
    );
    let stderr = text(&output.stderr);
    assert!(stderr.contains("purge_items' (DELETE /items): readOnlyHint: true on DELETE, a method that changes state (set by "), "{stderr}");
    assert!(stderr.contains("hints.yaml (defaults)): not written to the manifest (only the tool's own overrides entry with a `reason` decides it)\n"), "{stderr}");

    // Nor is a manifest's: its tools are read as a spec's claims are.
    let tools = dir.path().join("tools.json");
    std::fs::write(&tools, r#"{"tools": [{"name": "purge", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true}, "_meta": {"openapi2mcp/http": {"method": "DELETE", "path": "/items"}}}]}"#).unwrap();
    let output = run(
        &["review", tools.to_str().unwrap(), "--format", "json"],
        None,
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let review: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        review["tools"][0]["hints"]["readOnlyHint"]["value"], false,
        "{review}"
    );
    assert_eq!(
        review["tools"][0]["risks"][0]["hint"], "readOnlyHint",
        "{review}"
    );
    assert!(text(&output.stderr).contains("warning: tool 'purge' (DELETE /items): readOnlyHint: true on DELETE, a method that changes state (set by the manifest's annotations): not passed on\n"), "{}", text(&output.stderr));
    let args = ["review", tools.to_str().unwrap(), "--read-only"];
    let read_only = run(&args, None);
    assert!(text(&read_only.stderr).contains("--read-only left out 'purge' (DELETE /items): DELETE removes: readOnlyHint: true (the manifest's annotations) is not passed on\n"), "{}", text(&read_only.stderr));

    // Lint judges the manifest's tool as passed on: not read-only, so a destructiveHint
    // beside the claim is a contradiction of its own, not a hint moot on a read-only tool.
    std::fs::write(&tools, r#"{"tools": [{"name": "purge", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true, "destructiveHint": false}, "_meta": {"openapi2mcp/http": {"method": "DELETE", "path": "/items"}}}]}"#).unwrap();
    let lint = run(&["lint", tools.to_str().unwrap(), "--format", "json"], None);
    let findings: serde_json::Value = serde_json::from_slice(&lint.stdout).unwrap();
    let codes: Vec<&str> = (findings.as_array().unwrap().iter())
        .map(|f| f["code"].as_str().unwrap())
        .filter(|code| ["OAM003", "OAM006"].contains(code))
        .collect();
    assert_eq!(codes, ["OAM003", "OAM003"], "{findings}");
}

/// A person's decision that a DELETE is read-only (its own overrides entry with a reason)
/// is recorded in the manifest, so that serving, reviewing or linting the manifest reads it
/// as convert did, and a review against it finds nothing loosened.
#[test]
fn a_reviewed_read_only_delete_stands_in_the_manifest() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("api.yaml");
    std::fs::write(&spec, "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /flags:\n    delete:\n      operationId: clearFlag\n      responses: {'204': {description: ok}}\n").unwrap();
    let overrides = dir.path().join("hints.yaml");
    std::fs::write(&overrides, "tools:\n  clearFlag:\n    readOnlyHint: true\n    reason: clears a display flag, which the API recomputes\n").unwrap();
    let tools = dir.path().join("tools.json");
    let (spec, overrides) = (spec.to_str().unwrap(), overrides.to_str().unwrap());
    let convert = [
        "convert",
        spec,
        "--overrides",
        overrides,
        "-o",
        tools.to_str().unwrap(),
    ];
    let output = run(&convert, None);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&tools).unwrap()).unwrap();
    let tool = &manifest["tools"][0];
    assert_eq!(tool["annotations"]["readOnlyHint"], true, "{tool}");
    let reason = "clears a display flag, which the API recomputes";
    assert_eq!(
        tool["_meta"]["openapi2mcp/http"]["readOnlyReviewed"], reason,
        "{tool}"
    );

    let tools = tools.to_str().unwrap();
    let review = run(&["review", tools, "--format", "json"], None);
    assert_eq!(review.status.code(), Some(0), "{}", text(&review.stderr));
    // Said once, since a manifest can be edited: no contradiction, a decision.
    assert_eq!(
        text(&review.stderr),
        format!("warning: tool 'clear_flag' (DELETE /flags): readOnlyHint: true on DELETE, a method that changes state (set by an overrides entry recorded in the manifest: {reason}): passed on as a person's decision\n")
    );
    let review: serde_json::Value = serde_json::from_slice(&review.stdout).unwrap();
    let hints = &review["tools"][0]["hints"];
    assert_eq!(hints["readOnlyHint"]["value"], true, "{review}");

    let args = [
        "review",
        spec,
        "--overrides",
        overrides,
        "--base",
        tools,
        "--fail-on-loosened",
    ];
    let against_manifest = run(&args, None);
    assert_eq!(
        against_manifest.status.code(),
        Some(0),
        "{}",
        text(&against_manifest.stdout)
    );

    let lint = run(&["lint", tools, "--format", "json"], None);
    let findings: serde_json::Value = serde_json::from_slice(&lint.stdout).unwrap();
    let contradiction = (findings.as_array().unwrap().iter())
        .find(|f| f["code"] == "OAM003")
        .unwrap_or_else(|| panic!("{findings}"));
    assert_eq!(contradiction["severity"], "info", "{findings}");
    let message = contradiction["message"].as_str().unwrap();
    assert!(message.contains(reason), "{message}");
}

#[test]
fn options_reach_the_manifest() {
    let output = run(
        &[
            "convert",
            &spec("hints.yaml"),
            "--hints",
            "explicit",
            "--closed-world",
        ],
        None,
    );
    let manifest: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        manifest["tools"][0]["annotations"],
        serde_json::json!({"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false})
    );
    let output = run(
        &["convert", &spec("petstore-3.0.yaml"), "--output-schema"],
        None,
    );
    let manifest: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(manifest["tools"][1].get("outputSchema").is_some());
    let output = run(&["convert", &spec("naming.yaml"), "--name-max", "20"], None);
    let manifest: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(manifest["tools"][3]["name"], "generate_th_aedb7dc6");
}

#[test]
fn out_of_range_name_limit_is_a_usage_error() {
    let output = run(&["convert", &spec("naming.yaml"), "--name-max", "8"], None);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("8 is not in 16..=128"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn allow_ref_outside_admits_a_named_directory() {
    let refused = run(&["convert", &spec("errors/ref-outside.yaml")], None);
    assert_eq!(refused.status.code(), Some(2));
    let allowed = run(
        &[
            "convert",
            &spec("errors/ref-outside.yaml"),
            "--allow-ref-outside",
            &spec(""),
        ],
        None,
    );
    assert_eq!(allowed.status.code(), Some(0), "{}", text(&allowed.stderr));
    let manifest: serde_json::Value = serde_json::from_slice(&allowed.stdout).unwrap();
    assert!(manifest["tools"][0]["inputSchema"]["properties"]
        .get("name")
        .is_some());
}

#[test]
fn keep_going_emits_what_converts_lists_what_does_not_and_exits_1() {
    let output = run(
        &["convert", &spec("errors/url-ref.yaml"), "--keep-going"],
        None,
    );
    assert_eq!(output.status.code(), Some(1));
    let manifest: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let names = tool_names(&manifest);
    assert_eq!(names, ["list_pets"]);
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("skipped: ") && stderr.contains("is a URL"),
        "{stderr}"
    );
    assert!(
        stderr.contains("--keep-going: 1 operation skipped, 1 converted"),
        "{stderr}"
    );
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_loop_is_an_error_not_a_hang() {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(dir.path().join("b.yaml"), dir.path().join("a.yaml")).unwrap();
    std::os::unix::fs::symlink(dir.path().join("a.yaml"), dir.path().join("b.yaml")).unwrap();
    let api = dir.path().join("api.yaml");
    std::fs::write(
        &api,
        "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /x:\n    $ref: a.yaml\n",
    )
    .unwrap();
    let output = run(&["convert", api.to_str().unwrap()], None);
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("$ref 'a.yaml': cannot open") && stderr.contains("(at /paths/~1x/$ref)"),
        "{stderr}"
    );
}

/// Every command that reads tools reads them through one reader: a whole `tools/list`
/// JSON-RPC response is a manifest to `lint`, `review --base`, `serve` and `verify` alike.
#[test]
fn every_command_reads_a_tools_list_response() {
    let serve_spec = spec("serve.yaml");
    let converted = run(&["convert", &serve_spec], None);
    assert_eq!(converted.status.code(), Some(0));
    let manifest: serde_json::Value = serde_json::from_slice(&converted.stdout).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let response = dir.path().join("response.json");
    let wrapped = serde_json::json!({"jsonrpc": "2.0", "id": 1, "result": manifest});
    std::fs::write(&response, wrapped.to_string()).unwrap();
    let response = response.to_str().unwrap();

    let lint = run(&["lint", response, "--format", "json"], None);
    assert!(matches!(lint.status.code(), Some(0 | 1)), "lint reads it");
    let findings: serde_json::Value = serde_json::from_slice(&lint.stdout).expect("lint reads it");
    assert!(findings.as_array().is_some(), "{findings}");

    let review = run(&["review", &serve_spec, "--base", response], None);
    assert_eq!(review.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&review.stdout).contains("0 hint changes"));

    // verify starts serve on the same file, and compares what it lists with the file.
    let binary = env!("CARGO_BIN_EXE_openapi2mcp");
    let base = "http://127.0.0.1:9";
    let verify = run(
        &[
            "verify",
            response,
            "--",
            binary,
            "serve",
            response,
            "--base-url",
            base,
        ],
        None,
    );
    assert_eq!(
        verify.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&verify.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&verify.stdout),
        "the server lists the manifest's 9 tools, with the same hints\n"
    );
}

/// The filters apply to the tools of a manifest as to a spec's (`serve tools.json
/// --read-only` served every tool): one step gives every command its tools. What only
/// converting a spec uses is refused as a flag, and left out with a word from the config.
#[test]
fn filters_apply_to_a_manifest_as_to_a_spec() {
    let serve_spec = spec("serve.yaml");
    let converted = run(&["convert", &serve_spec], None);
    assert_eq!(converted.status.code(), Some(0));
    let dir = tempfile::tempdir().unwrap();
    let manifest = dir.path().join("tools.json");
    std::fs::write(&manifest, &converted.stdout).unwrap();
    let manifest = manifest.to_str().unwrap();
    let names = |args: &[&str]| -> Vec<String> {
        let output = run(
            &[&["review"][..], args, &["--format", "json"]].concat(),
            None,
        );
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        let review: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        review["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect()
    };
    for filter in [
        &["--read-only"][..],
        &["--methods", "POST"],
        &["--include-path", "/items/**"],
        &["--operation", "replace_item"],
    ] {
        assert_eq!(
            names(&[&[manifest][..], filter].concat()),
            names(&[&[serve_spec.as_str()][..], filter].concat()),
            "{filter:?}"
        );
    }
    let read_only = names(&[manifest, "--read-only"]);
    assert!(
        !read_only.is_empty() && read_only.len() < 9,
        "{read_only:?}"
    );
    // serve too: verify, filtered the same way, finds exactly those tools listed.
    let binary = env!("CARGO_BIN_EXE_openapi2mcp");
    let serve = [
        binary,
        "serve",
        manifest,
        "--read-only",
        "--base-url",
        "http://127.0.0.1:9",
    ];
    let verify = run(
        &[&["verify", manifest, "--read-only", "--"][..], &serve].concat(),
        None,
    );
    assert_eq!(verify.status.code(), Some(0), "{}", text(&verify.stdout));
    assert_eq!(
        text(&verify.stdout),
        format!(
            "the server lists the manifest's {} tools, with the same hints\n",
            read_only.len()
        )
    );
    // A client whose profile sets its own name length is named as the flag given.
    for client in ["gemini", "mcp"] {
        let refused = run(&["serve", manifest, "--client", client], None);
        assert_eq!(refused.status.code(), Some(2));
        assert!(
            text(&refused.stderr).contains("--client applies to a spec as it is converted"),
            "{client}: {}",
            text(&refused.stderr)
        );
    }
    let unknown = run(&["review", manifest, "--operation", "replace_items"], None);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        text(&unknown.stderr).contains("did you mean 'replace_item'"),
        "{}",
        text(&unknown.stderr)
    );
    let config = dir.path().join("openapi2mcp.yaml");
    std::fs::write(&config, "client: gemini\n").unwrap();
    let output = run(
        &["review", manifest, "--config", config.to_str().unwrap()],
        None,
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("the config file's client apply to its spec"),
        "{}",
        text(&output.stderr)
    );

    // A manifest edited to call a POST verified read-only is not taken on its word.
    let mut edited: serde_json::Value = serde_json::from_slice(&converted.stdout).unwrap();
    for tool in edited["tools"].as_array_mut().unwrap() {
        if tool["_meta"]["openapi2mcp/http"]["method"] == "POST" {
            tool["annotations"]["readOnlyHint"] = true.into();
            tool["_meta"]["openapi2mcp/http"]["readOnlyVerified"] = true.into();
        }
    }
    let edited_path = dir.path().join("edited.json");
    std::fs::write(&edited_path, edited.to_string()).unwrap();
    let kept = names(&[edited_path.to_str().unwrap(), "--read-only"]);
    assert_eq!(kept, read_only, "an edited POST kept");

    // A tool of another server (no binding) cannot be filtered: that needs its binding.
    let foreign = dir.path().join("foreign.json");
    let tools = serde_json::json!({"tools": [{"name": "delete_everything",
        "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true}}]});
    std::fs::write(&foreign, tools.to_string()).unwrap();
    let filtered = run(&["review", foreign.to_str().unwrap(), "--read-only"], None);
    assert_eq!(filtered.status.code(), Some(2));
    assert!(
        text(&filtered.stderr).contains("has no HTTP binding"),
        "{}",
        text(&filtered.stderr)
    );
}

/// A manifest that gives two tools one name is refused by every command that serves,
/// filters or compares its tools (a call by that name could run either), at the second
/// name, with its line; `lint` reads it to report every such name.
#[test]
fn a_manifest_with_a_repeated_name_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let converted = run(&["convert", &spec("petstore-3.0.yaml")], None);
    let mut manifest: serde_json::Value = serde_json::from_slice(&converted.stdout).unwrap();
    let tools = manifest["tools"].as_array_mut().unwrap();
    let mut twin = tools[0].clone();
    twin["annotations"] = serde_json::json!({"readOnlyHint": false});
    tools.push(twin);
    let twice = tools.len() - 1;
    let name = tools[0]["name"].as_str().unwrap().to_string();
    let path = dir.path().join("twice.json");
    std::fs::write(&path, serde_json::to_string_pretty(&manifest).unwrap()).unwrap();
    let path = path.to_str().unwrap();
    for args in [
        vec!["serve", path, "--base-url", "http://127.0.0.1:9"],
        vec!["review", path],
    ] {
        let output = run(&args, Some(b""));
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!(
                "tool name '{name}' is also the name of the tool at /tools/0"
            )) && stderr.contains(&format!("(at /tools/{twice}/name)"))
                && stderr.contains("twice.json:"),
            "{args:?}: {stderr}"
        );
    }
    let linted = run(&["lint", path], None);
    assert!(
        text(&linted.stdout).contains("OAM009"),
        "{}",
        text(&linted.stdout)
    );
}

/// No command writes its output over a file it read the spec from, by any name: `convert
/// api.yaml -o api.yaml` replaced the spec with its tools.
#[test]
fn output_never_replaces_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let api = dir.path().join("api.yaml");
    let original = std::fs::read_to_string(spec("petstore-3.0.yaml")).unwrap();
    std::fs::write(&api, &original).unwrap();
    let link = dir.path().join("link.yaml");
    std::os::unix::fs::symlink(&api, &link).unwrap();
    let (api, link) = (api.to_str().unwrap(), link.to_str().unwrap());
    for args in [
        vec!["convert", api, "-o", api],
        vec!["convert", api, "-o", link],
        vec!["lint", api, "--write-baseline", api],
        vec!["lint", api, "-o", link],
        vec!["review", api, "-o", api],
    ] {
        let output = run(&args, None);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            text(&output.stderr).contains("this command reads the spec from this file"),
            "{args:?}: {}",
            text(&output.stderr)
        );
        assert_eq!(std::fs::read_to_string(api).unwrap(), original, "{args:?}");
    }
    // Nor over a file the spec's `$ref`s reach, read only as it converts.
    let split = tempfile::tempdir().unwrap();
    let common = split.path().join("common.yaml");
    let shared = std::fs::read_to_string(spec("multi-file/common.yaml")).unwrap();
    std::fs::write(&common, &shared).unwrap();
    let root = split.path().join("api.yaml");
    let root_text = std::fs::read_to_string(spec("multi-file/api.yaml")).unwrap();
    std::fs::write(&root, root_text).unwrap();
    for sub in ["paths", "schemas"] {
        let from = repo_path(&format!("specs/multi-file/{sub}"));
        std::fs::create_dir(split.path().join(sub)).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let to = split.path().join(sub).join(entry.file_name());
            std::fs::copy(entry.path(), to).unwrap();
        }
    }
    let (root, common) = (root.to_str().unwrap(), common.to_str().unwrap());
    for args in [
        vec!["convert", root, "-o", common],
        vec!["review", root, "-o", common],
    ] {
        let output = run(&args, None);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&output.stderr)
        );
        assert_eq!(std::fs::read_to_string(common).unwrap(), shared, "{args:?}");
    }
    // The overrides file to update is read first: a spec is no overrides file.
    let output = run(&["review", api, "--write-overrides", api], None);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(api).unwrap(), original);
}

/// Nor over another file it reads, named by what it holds: the overrides (a person's
/// decisions), the config file, `--base`'s version, `--baseline`'s findings.
#[test]
fn output_never_replaces_the_overrides_config_base_or_baseline() {
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let api = spec("petstore-3.0.yaml");
    let overrides = file(
        "overrides.yaml",
        "tools:\n  deletePet:\n    destructiveHint: true\n",
    );
    let config = file("openapi2mcp.yaml", "hints: explicit\n");
    let base = file("base.json", &text(&run(&["convert", &api], None).stdout));
    let baseline = file("baseline.json", "");
    let written = run(&["lint", &api, "--write-baseline", &baseline], None);
    assert_eq!(written.status.code(), Some(0), "{}", text(&written.stderr));
    let originals: Vec<String> = [&overrides, &config, &base, &baseline]
        .map(|path| std::fs::read_to_string(path).unwrap())
        .into();
    for (args, what) in [
        (
            vec!["convert", &api, "--overrides", &overrides, "-o", &overrides],
            "the overrides",
        ),
        (
            vec!["lint", &api, "--overrides", &overrides, "-o", &overrides],
            "the overrides",
        ),
        (
            vec!["convert", &api, "--config", &config, "-o", &config],
            "the config",
        ),
        (
            vec!["review", &api, "--base", &base, "-o", &base],
            "the base",
        ),
        (
            vec!["lint", &api, "--baseline", &baseline, "-o", &baseline],
            "the baseline",
        ),
    ] {
        let output = run(&args, None);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        let said = format!("this command reads {what} from this file: write to another one");
        assert!(stderr.contains(&said), "{args:?}: {stderr}");
    }
    for (path, original) in [&overrides, &config, &base, &baseline]
        .iter()
        .zip(&originals)
    {
        assert_eq!(&std::fs::read_to_string(path).unwrap(), original, "{path}");
    }
    // Nor over the overrides --write-overrides updates, which it reads first.
    let both = run(
        &[
            "review",
            &api,
            "--write-overrides",
            &overrides,
            "-o",
            &overrides,
        ],
        None,
    );
    assert_eq!(both.status.code(), Some(2), "{}", text(&both.stderr));
    assert!(text(&both.stderr).contains("this command reads the overrides from this file"));
    // Nor one name for both, before either file exists.
    let fresh = dir.path().join("fresh.yaml");
    let fresh = fresh.to_str().unwrap();
    let both = run(
        &["review", &api, "--write-overrides", fresh, "-o", fresh],
        None,
    );
    assert_eq!(both.status.code(), Some(2), "{}", text(&both.stderr));
    // Nor the file standard input was redirected from.
    let redirected = std::process::Command::new(env!("CARGO_BIN_EXE_openapi2mcp"))
        .args(["convert", "-", "-o", &overrides])
        .stdin(std::fs::File::open(&overrides).unwrap())
        .output()
        .unwrap();
    assert_eq!(redirected.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&overrides).unwrap(), originals[0]);
    // The overrides that review --write-overrides updates are the ones it reads.
    let updated = run(
        &[
            "review",
            &api,
            "--overrides",
            &overrides,
            "--write-overrides",
            &overrides,
        ],
        None,
    );
    assert_eq!(updated.status.code(), Some(0), "{}", text(&updated.stderr));
}

/// `-o` respects the file it would replace: one its owner made read-only is refused and
/// left as it was; one with hard links keeps them (its content changes in place).
#[test]
fn output_keeps_a_read_only_mark_and_hard_links() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = tempfile::tempdir().unwrap();
    let petstore = spec("petstore-3.0.yaml");
    let locked = dir.path().join("locked.json");
    std::fs::write(&locked, "old").unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o444)).unwrap();
    let output = run(
        &["convert", &petstore, "-o", locked.to_str().unwrap()],
        None,
    );
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("read-only"),
        "{}",
        text(&output.stderr)
    );
    assert_eq!(std::fs::read_to_string(&locked).unwrap(), "old");

    let tools = dir.path().join("tools.json");
    let other = dir.path().join("other-name.json");
    std::fs::write(&tools, "old").unwrap();
    std::fs::hard_link(&tools, &other).unwrap();
    let output = run(&["convert", &petstore, "-o", tools.to_str().unwrap()], None);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(std::fs::metadata(&tools).unwrap().nlink(), 2);
    assert_eq!(
        std::fs::read(&tools).unwrap(),
        std::fs::read(&other).unwrap()
    );
    assert!(std::fs::read_to_string(&other)
        .unwrap()
        .starts_with("{\n  \"tools\""));
    assert!(
        std::fs::read_dir(dir.path()).unwrap().count() == 3,
        "no temporary file left"
    );
}

/// With standard output closed (`convert spec >&-`), what would go there is lost: the
/// command fails, exit 2, rather than exit 0 with nothing written.
#[test]
fn a_closed_standard_output_is_an_error() {
    use std::os::unix::process::CommandExt;
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_openapi2mcp"));
    command.args(["convert", &spec("petstore-3.0.yaml")]);
    // SAFETY: close(2) is async-signal-safe, as pre_exec requires.
    unsafe {
        command.pre_exec(|| {
            libc::close(libc::STDOUT_FILENO);
            Ok(())
        });
    }
    let output = command
        .stderr(std::process::Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("standard output: it is closed"));
}

/// Timeouts and retry counts out of range are usage errors (exit 2), never a panic or a
/// count that wraps.
#[test]
fn timeouts_and_retries_out_of_range_are_refused() {
    let serve_spec = spec("serve.yaml");
    let cases: [(&[&str], &str); 5] = [
        (
            &["serve", &serve_spec, "--timeout", "1e20"],
            "'1e20' is not a number of seconds above 0 and at most 86400",
        ),
        (
            &["serve", &serve_spec, "--timeout", "0"],
            "'0' is not a number of seconds",
        ),
        (
            &["serve", &serve_spec, "--retries", "4294967295"],
            "4294967295 is not in 0..=10",
        ),
        (
            &["verify", &serve_spec, "--timeout", "NaN", "--", "true"],
            "'NaN' is not a number of seconds",
        ),
        (
            &[
                "lint",
                "--url",
                "http://127.0.0.1:9/mcp",
                "--timeout",
                "inf",
            ],
            "'inf' is not a number of seconds",
        ),
    ];
    for (args, message) in cases {
        let output = run(args, None);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            text(&output.stderr).contains(message),
            "{args:?}: {}",
            text(&output.stderr)
        );
    }
}

/// Cargo.toml's `license` names MIT and Apache-2.0 (the search's word model, derived from
/// an Apache-2.0 model, is under Apache-2.0 only): both texts ship with the source.
#[test]
fn the_licenses_cargo_toml_names_are_in_the_repository() {
    let manifest = std::fs::read_to_string(crate::common::repo_path("Cargo.toml")).unwrap();
    assert!(manifest.contains("license = \"(MIT OR Apache-2.0) AND Apache-2.0\""));
    let mit = std::fs::read_to_string(crate::common::repo_path("LICENSE-MIT")).unwrap();
    assert!(mit.starts_with("MIT License\n\nCopyright (c) 2026 The openapi2mcp authors\n"));
    assert!(mit.contains("Permission is hereby granted, free of charge"));
    let apache = std::fs::read_to_string(crate::common::repo_path("LICENSE-APACHE")).unwrap();
    assert!(apache.contains("Apache License") && apache.contains("Version 2.0, January 2004"));
    assert!(apache.trim_end().ends_with("END OF TERMS AND CONDITIONS"));
}

/// The changelog's newest entry is the version Cargo.toml says.
#[test]
fn the_changelog_starts_at_the_current_version() {
    let changelog = std::fs::read_to_string(crate::common::repo_path("CHANGELOG.md")).unwrap();
    let newest = changelog
        .lines()
        .find(|line| line.starts_with("## "))
        .expect("a version heading");
    assert!(
        newest.starts_with(&format!("## {} ", env!("CARGO_PKG_VERSION"))),
        "{newest}"
    );
}

/// The README's install section names the Rust that Cargo.toml's `rust-version` claims
/// (which `.ci/run` builds with).
#[test]
fn the_readme_names_the_oldest_rust_that_builds() {
    let readme = std::fs::read_to_string(crate::common::repo_path("README.md")).unwrap();
    let needed = format!("Rust {} or newer", env!("CARGO_PKG_RUST_VERSION"));
    assert!(
        readme.contains(&needed),
        "the README does not say: {needed}"
    );
}

/// The pre-commit hooks and the GitHub Action run what they say: each hook's entry, and
/// each step of the action but its install, with their inputs filled in, pass on a fresh
/// manifest and fail on a stale one.
#[test]
fn the_pre_commit_hooks_and_the_action_run_their_commands() {
    let binary = std::path::Path::new(env!("CARGO_BIN_EXE_openapi2mcp"));
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        crate::common::repo_path("specs/petstore-3.0.yaml"),
        dir.path().join("api.yaml"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("openapi2mcp.yaml"),
        "spec: api.yaml\noutput: tools.json\n",
    )
    .unwrap();
    let shell = |script: &str| {
        std::process::Command::new("bash")
            .args(["-c", script])
            .current_dir(dir.path())
            .env("PATH", &path)
            .output()
            .unwrap()
    };
    assert_eq!(shell("openapi2mcp convert -q").status.code(), Some(0));

    let hooks: serde_json::Value = yaml_serde::from_str(
        &std::fs::read_to_string(crate::common::repo_path(".pre-commit-hooks.yaml")).unwrap(),
    )
    .unwrap();
    let entry = |id: &str| {
        hooks
            .as_array()
            .unwrap()
            .iter()
            .find(|h| h["id"] == id)
            .unwrap()["entry"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(shell(&entry("openapi2mcp-check")).status.code(), Some(0));
    assert_eq!(shell(&entry("openapi2mcp-lint")).status.code(), Some(0));

    let action: serde_json::Value = yaml_serde::from_str(
        &std::fs::read_to_string(crate::common::repo_path("action.yml")).unwrap(),
    )
    .unwrap();
    // Each step that runs openapi2mcp, its environment filled from the inputs as GitHub would.
    let steps: Vec<&serde_json::Value> = action["runs"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|step| {
            step["run"]
                .as_str()
                .is_some_and(|run| run.starts_with("openapi2mcp "))
        })
        .collect();
    assert_eq!(steps.len(), 2);
    let step_with = |n: usize, fail_on: &str, baseline: &str| {
        let inputs = [
            // Read from openapi2mcp.yaml.
            ("spec", ""),
            ("manifest", "tools.json"),
            ("sarif", "lint.sarif"),
            ("fail-on", fail_on),
            ("baseline", baseline),
        ];
        let mut command = std::process::Command::new("bash");
        command
            .args(["-c", steps[n]["run"].as_str().unwrap()])
            .current_dir(dir.path())
            .env("PATH", &path);
        for (variable, value) in steps[n]["env"].as_object().unwrap() {
            let mut value = value.as_str().unwrap().to_string();
            for (input, given) in inputs {
                value = value.replace(&format!("${{{{ inputs.{input} }}}}"), given);
            }
            command.env(variable, value);
        }
        command.output().unwrap().status.code()
    };
    let step = |n: usize, fail_on: &str| step_with(n, fail_on, "");
    assert_eq!(
        step(0, ""),
        Some(0),
        "lint, failing on the config file's level"
    );
    let sarif: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("lint.sarif")).unwrap()).unwrap();
    assert_eq!(sarif["version"], "2.1.0");
    assert_eq!(step(0, "info"), Some(1), "petstore has infos");
    let baseline = shell("openapi2mcp lint api.yaml --write-baseline accepted.json");
    assert_eq!(baseline.status.code(), Some(0));
    assert_eq!(
        step_with(0, "info", "accepted.json"),
        Some(0),
        "the baseline accepts them"
    );
    assert_eq!(step(1, ""), Some(0), "the manifest is current");
    assert_eq!(
        steps[1]["if"], "${{ !cancelled() && inputs.manifest != '' }}",
        "the check runs after a failed lint too"
    );

    // A stale manifest fails the check, as a hook and as a step.
    std::fs::write(dir.path().join("tools.json"), "{\"tools\": []}\n").unwrap();
    assert_eq!(shell(&entry("openapi2mcp-check")).status.code(), Some(1));
    assert_eq!(step(1, ""), Some(1));
}

/// The tool's own `error:` is red where clap's is (a terminal, or CLICOLOR_FORCE), and
/// plain elsewhere.
#[test]
fn errors_are_coloured_as_clap_colours_its_own() {
    let run_with = |force: bool| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_openapi2mcp"));
        command
            .args(["convert", "/no/such/spec.yaml"])
            .env_remove("NO_COLOR");
        if force {
            command.env("CLICOLOR_FORCE", "1");
        }
        String::from_utf8(command.output().unwrap().stderr).unwrap()
    };
    assert!(
        run_with(false).starts_with("error: /no/such/spec.yaml"),
        "{}",
        run_with(false)
    );
    let forced = run_with(true);
    assert!(
        forced.starts_with("\x1b[1m\x1b[31merror:\x1b[0m /no/such/spec.yaml"),
        "{forced:?}"
    );
}

/// `--help` groups the shared options under headings after the command's own, with the
/// global -q and -v among the command's, and ends with examples.
#[test]
fn help_groups_options_and_shows_examples() {
    let help = crate::common::run(&["convert", "-h"], None);
    let help = String::from_utf8(help.stdout).unwrap();
    let at = |text: &str| {
        help.find(text)
            .unwrap_or_else(|| panic!("no {text:?} in {help}"))
    };
    assert!(at("--check") < at("-q, --quiet") && at("-v, --verbose") < at("Writing the tools:"));
    assert!(at("Writing the tools:") < at("Reading the spec:"));
    assert!(at("Choosing operations:") < at("--include-tag") && at("The client:") < at("--client"));
    assert!(
        help.contains("Examples:\n  openapi2mcp convert api.yaml -o tools.json"),
        "{help}"
    );
    for command in [
        "convert",
        "review",
        "lint",
        "verify",
        "serve",
        "client-config",
        "rules",
        "completions",
    ] {
        let help = crate::common::run(&[command, "--help"], None);
        let help = String::from_utf8(help.stdout).unwrap();
        assert!(
            help.contains(&format!("Examples:\n  openapi2mcp {command}")),
            "{command}: {help}"
        );
    }
}

/// `client-config` names the program as the user installed it: through a link on PATH (a
/// package manager's, which an upgrade keeps) rather than the file it resolves to.
#[test]
fn client_config_names_the_program_by_its_link_on_path() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("openapi2mcp");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_openapi2mcp"), &link).unwrap();
    let spec = repo_path("specs/petstore-3.0.yaml");
    let output = std::process::Command::new(&link)
        .args([
            "client-config",
            "--client",
            "cursor",
            spec.to_str().unwrap(),
        ])
        .env("PATH", dir.path())
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let entry: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let command = entry["mcpServers"]["petstore-3-0"]["command"].clone();
    assert_eq!(command, link.to_str().unwrap(), "{entry}");
    // The name, from the file: one every client takes; Claude Code refuses any other.
    let output = run(
        &[
            "client-config",
            "--client",
            "claude-code",
            spec.to_str().unwrap(),
            "--name",
            "my api",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not 'my api': give one with --name"));
}

/// A path holding `${` would be replaced by a variable's value in Claude Code, Cursor and
/// VS Code: refused for them, written for Claude Desktop, which replaces nothing.
#[test]
fn client_config_refuses_a_path_a_client_would_read_as_a_variable() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("${work}");
    std::fs::create_dir(&folder).unwrap();
    let spec = folder.join("api.yaml");
    std::fs::copy(repo_path("specs/petstore-3.0.yaml"), &spec).unwrap();
    for client in ["claude-code", "cursor", "vscode"] {
        let output = run(
            &["client-config", "--client", client, spec.to_str().unwrap()],
            None,
        );
        assert_eq!(output.status.code(), Some(2), "{client}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("holds '${', which")
                && stderr.contains("replaces with a variable's value"),
            "{stderr}"
        );
        assert!(output.stdout.is_empty());
    }
    let output = run(
        &[
            "client-config",
            "--client",
            "claude-desktop",
            spec.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(0));
}

/// An overrides entry that names no tool is told the closest name, operationId or
/// `METHOD /path`, whichever way it was written.
#[test]
fn a_stale_overrides_entry_is_told_the_closest_method_and_path() {
    let dir = tempfile::tempdir().unwrap();
    let overrides = dir.path().join("hints.yaml");
    let spec = repo_path("specs/petstore-3.0.yaml");
    let cases = [
        (
            "tools:\n  GET /pet:\n    openWorldHint: false\n",
            "'GET /pet' names no tool (did you mean 'GET /pets'?)",
        ),
        // Two entries for one tool: only one can decide.
        (
            "tools:\n  listPets: {openWorldHint: false}\n  GET /pets: {openWorldHint: true}\n",
            "hints.yaml:3:3: overrides: 'listPets' and 'GET /pets' name the same tool: keep one",
        ),
    ];
    for (text, expected) in cases {
        std::fs::write(&overrides, text).unwrap();
        let output = run(
            &[
                "convert",
                spec.to_str().unwrap(),
                "--overrides",
                overrides.to_str().unwrap(),
            ],
            None,
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(expected), "{stderr}");
    }
}

#[test]
fn convert_says_what_it_wrote_and_when_the_list_is_too_big_for_clients() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tools.json");
    let out = out.to_str().unwrap();
    let small = run(&["convert", &spec("petstore-3.0.yaml"), "-o", out], None);
    assert_eq!(text(&small.stderr), format!("wrote 4 tools to {out}\n"));
    let quiet = run(
        &["convert", &spec("petstore-3.0.yaml"), "-o", out, "-q"],
        None,
    );
    assert_eq!(text(&quiet.stderr), "");

    let big = dir.path().join("big.json");
    std::fs::write(&big, crate::common::synthetic::spec(800)).unwrap();
    let big = big.to_str().unwrap();
    let stderr = text(&run(&["convert", big, "-o", out], None).stderr);
    assert!(
        stderr.starts_with("warning: 800 tools: more than Cursor (80), the OpenAI API (128) and VS Code (128) take, and past 100,000 tokens of a model's context (lint's --token-budget); serve a part (--include-tag, --include-path, serve --toolset), make them smaller (--compact) or serve the API with `serve --dynamic`\n"),
        "{stderr}"
    );
    let cursor = run(
        &[
            "convert",
            big,
            "--client",
            "cursor",
            "--server-name",
            "s",
            "--compact",
        ],
        None,
    );
    let stderr = text(&cursor.stderr);
    assert!(
        stderr.contains("warning: 800 tools: more than Cursor (80) takes, and past 100,000 tokens")
            && !stderr.contains("(--compact)"),
        "{stderr}"
    );
    let part = run(&["convert", big, "--include-tag", "group1"], None);
    assert_eq!(text(&part.stderr), "", "16 tools are no warning");
}

#[test]
fn serve_ends_quietly_on_empty_input_and_says_once_that_no_credential_is_sent() {
    let plain = run(&["serve", &spec("petstore-3.0.yaml")], None);
    assert_eq!(plain.status.code(), Some(0), "input ended: nothing failed");
    assert_eq!(
        text(&plain.stderr),
        "note: the tools send no credentials, as the spec declares no security scheme; if the API needs a key, serve the spec with --assume-auth bearer (or basic, header:NAME, query:NAME, cookie:NAME) and set OPENAPI2MCP_AUTH_DEFAULT\n\
         openapi2mcp serve: standard input ended before a client connected\n"
    );
    let assumed = run(
        &[
            "serve",
            &spec("petstore-3.0.yaml"),
            "--assume-auth",
            "bearer",
        ],
        None,
    );
    assert!(
        !text(&assumed.stderr).contains("no credentials"),
        "{}",
        text(&assumed.stderr)
    );
    let secured = run(&["serve", &spec("serve.yaml")], None);
    assert!(!text(&secured.stderr).contains("no credentials"));
}

#[test]
fn serve_on_a_terminal_says_what_it_serves_and_how_a_client_connects() {
    // `script` (util-linux) gives the command a terminal for its standard streams.
    let Ok(script) = which_script() else {
        crate::common::skipped("script", "serve on a terminal is not tried");
        return;
    };
    let command = format!(
        "{} serve {} < /dev/tty",
        env!("CARGO_BIN_EXE_openapi2mcp"),
        spec("petstore-3.0.yaml")
    );
    let output = std::process::Command::new(script)
        .args(["-qec", &command, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("script runs");
    let shown = text(&output.stdout);
    assert!(
        shown.contains("openapi2mcp serve: serving 4 tools over stdio to the MCP client that starts this command; `openapi2mcp client-config --client claude-desktop|claude-code|cursor|vscode"),
        "{shown}"
    );
    let piped = run(&["serve", &spec("petstore-3.0.yaml")], None);
    assert!(
        !text(&piped.stderr).contains("serving"),
        "only on a terminal"
    );
}

fn which_script() -> Result<std::path::PathBuf, ()> {
    ["/usr/bin/script", "/bin/script"]
        .into_iter()
        .map(std::path::PathBuf::from)
        .find(|path| path.exists())
        .ok_or(())
}

#[test]
fn every_client_client_config_takes_is_a_profile_convert_and_lint_take() {
    for client in ["claude-desktop", "claude-code", "cursor", "vscode"] {
        for command in ["convert", "lint"] {
            let output = run(
                &[
                    command,
                    &spec("petstore-3.0.yaml"),
                    "--client",
                    client,
                    "--server-name",
                    "pets",
                ],
                None,
            );
            assert_eq!(
                output.status.code(),
                Some(0),
                "{command} --client {client}: {}",
                text(&output.stderr)
            );
        }
    }
}

/// The README's Quickstart runs as written, from a directory holding the repository's
/// `specs`, with `openapi2mcp` on PATH: every `openapi2mcp` line exits 0; with
/// `$OPENAPI2MCP_TS_SERVERS`, the mock starts and the Inspector's call returns the mock's
/// pets (`npx -y PACKAGE@VERSION` run from where `npm install` put that version).
#[test]
fn the_quickstart_runs_as_written() {
    let readme = std::fs::read_to_string(repo_path("README.md")).unwrap();
    let quickstart = readme
        .split("## Quickstart\n")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("a Quickstart section");
    let lines: Vec<String> = quickstart
        .split("```sh\n")
        .skip(1)
        .flat_map(|block| block.split("\n```").next().unwrap().split('\n'))
        .map(|line| line.split(" #").next().unwrap().trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n")
        .replace("\\\n", "")
        .lines()
        .map(String::from)
        .collect();
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(repo_path("specs"), dir.path().join("specs")).unwrap();
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_openapi2mcp"), bin.join("openapi2mcp")).unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let shell = |line: &str| {
        let mut command = std::process::Command::new("bash");
        command
            .args(["-c", line])
            .current_dir(dir.path())
            .env("PATH", &path);
        command
    };
    let (own, npx): (Vec<&String>, Vec<&String>) = lines
        .iter()
        .partition(|line| line.starts_with("openapi2mcp "));
    assert!(own.len() >= 4 && npx.len() == 2, "{lines:?}");
    for line in own {
        let output = shell(line).output().unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{line}: {}",
            text(&output.stderr)
        );
    }
    let Ok(ts) = std::env::var("OPENAPI2MCP_TS_SERVERS") else {
        crate::common::skipped(
            "OPENAPI2MCP_TS_SERVERS",
            "the Quickstart's tool call is not made",
        );
        return;
    };
    let package: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{ts}/package.json")).unwrap())
            .unwrap();
    // The Node.js the README asks for is what the Inspector declares it needs.
    let inspector: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(format!(
            "{ts}/node_modules/@modelcontextprotocol/inspector/package.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let node = inspector["engines"]["node"].as_str().unwrap();
    let node = node.trim_start_matches(">=").trim_end_matches(".0");
    assert!(
        quickstart.contains(&format!("Node.js {node} or newer")),
        "the Inspector needs Node.js {node}"
    );
    let local = |line: &str| {
        let mut line = line.to_string();
        for (name, bin) in [
            ("@stoplight/prism-cli", "prism"),
            ("@modelcontextprotocol/inspector", "mcp-inspector"),
        ] {
            let version = package["dependencies"][name].as_str().unwrap();
            line = line.replace(
                &format!("npx -y {name}@{version} "),
                &format!("{ts}/node_modules/.bin/{bin} "),
            );
        }
        assert!(
            !line.contains("npx"),
            "a package the tests do not pin: {line}"
        );
        line
    };
    let mut mock = shell(&format!("exec {}", local(npx[0])))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    crate::common::wait_for_port(4010);
    let call = shell(&local(npx[1])).output().unwrap();
    let _ = mock.kill();
    let _ = mock.wait();
    let result: serde_json::Value = serde_json::from_slice(&call.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", text(&call.stdout), text(&call.stderr)));
    assert_eq!(result["isError"], false, "{result}");
    assert!(
        result["content"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("[{\"id\""),
        "{result}"
    );
}

/// `client-config --launcher uvx|npx` has the client start the published package at this
/// version, the launcher by its absolute path where PATH has it.
#[test]
fn client_config_starts_the_published_package_through_a_launcher() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("npx"), "#!/bin/sh\n").unwrap();
    let spec = repo_path("specs/petstore-3.0.yaml");
    let version = env!("CARGO_PKG_VERSION");
    // The Python package uvx is sent to is the one pyproject.toml builds.
    let pyproject = std::fs::read_to_string(repo_path("pyproject.toml")).unwrap();
    assert!(
        pyproject.contains("\nname = \"openapi2mcp-cli\"\n"),
        "{pyproject}"
    );
    for (launcher, command, before) in [
        (
            "uvx",
            "uvx".to_string(),
            vec![
                "--from".to_string(),
                format!("openapi2mcp-cli=={version}"),
                "openapi2mcp".to_string(),
            ],
        ),
        (
            "npx",
            dir.path().join("npx").display().to_string(),
            vec!["-y".to_string(), format!("openapi2mcp@{version}")],
        ),
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_openapi2mcp"))
            .args([
                "client-config",
                "--client",
                "claude-desktop",
                "--launcher",
                launcher,
            ])
            .arg(&spec)
            .env("PATH", dir.path())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        let entry: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let server = &entry["mcpServers"]["petstore-3-0"];
        assert_eq!(server["command"], command.as_str(), "{entry}");
        let args: Vec<&str> = server["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        let mut expected: Vec<&str> = before.iter().map(String::as_str).collect();
        expected.extend([
            "serve",
            spec.to_str().unwrap(),
            "--server-name",
            "petstore-3-0",
        ]);
        assert_eq!(args, expected);
    }
}

/// The action's install: the release archive of its own version for the runner, taken only
/// when its SHA-256 matches; else a build from the action's source. Run with `curl` and
/// `cargo` stand-ins that serve a local "release" and record a build.
#[test]
fn the_action_installs_the_released_binary_it_can_check() {
    let action: serde_json::Value =
        yaml_serde::from_str(&std::fs::read_to_string(repo_path("action.yml")).unwrap()).unwrap();
    let step = |name: &str| {
        action["runs"]["steps"]
            .as_array()
            .unwrap()
            .iter()
            .find(|step| step["name"] == name)
            .unwrap()["run"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let dir = tempfile::tempdir().unwrap();
    let shims = dir.path().join("shims");
    // As taiki-e/upload-rust-binary-action uploads them: the binary at the archive's root,
    // and ARCHIVE.sha256 listing the sums of the assets.
    let release = dir.path().join("release");
    std::fs::create_dir_all(&shims).unwrap();
    std::fs::create_dir_all(&release).unwrap();
    std::fs::copy(
        env!("CARGO_BIN_EXE_openapi2mcp"),
        release.join("openapi2mcp"),
    )
    .unwrap();
    let archive = "openapi2mcp-x86_64-unknown-linux-musl";
    let tar = std::process::Command::new("tar")
        .args(["-czf", &format!("{archive}.tar.gz"), "openapi2mcp"])
        .current_dir(&release)
        .status()
        .unwrap();
    assert!(tar.success());
    let sum = std::process::Command::new("sha256sum")
        .arg(format!("{archive}.tar.gz"))
        .current_dir(&release)
        .output()
        .unwrap();
    std::fs::write(release.join(format!("{archive}.sha256")), &sum.stdout).unwrap();
    // curl -fsSL --retry 3 -o FILE URL: the file of the URL's last segment from the release.
    let shim = |name: &str, body: String| {
        use std::os::unix::fs::PermissionsExt;
        let path = shims.join(name);
        std::fs::write(&path, body).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    };
    shim(
        "curl",
        format!(
            "#!/bin/sh\necho \"$6\" >> {log}\ncp \"{release}/$(basename \"$6\")\" \"$5\"\n",
            log = dir.path().join("urls").display(),
            release = release.display()
        ),
    );
    shim(
        "cargo",
        format!(
            "#!/bin/sh\necho \"$@\" > {}\nexit 1\n",
            dir.path().join("built").display()
        ),
    );
    let output = dir.path().join("output");
    let run_step = |name: &str, env: &[(&str, &str)]| {
        // As GitHub runs a `shell: bash` step: a failure anywhere in a pipe fails it.
        let mut command = std::process::Command::new("bash");
        command
            .args([
                "--noprofile",
                "--norc",
                "-eo",
                "pipefail",
                "-c",
                &step(name),
            ])
            .env("PATH", format!("{}:/usr/bin:/bin", shims.display()))
            .env("HOME", dir.path())
            .env("GITHUB_ACTION_PATH", repo_path(""))
            .env("GITHUB_OUTPUT", &output)
            .env("RUNNER_OS", "Linux")
            .env("RUNNER_ARCH", "X64")
            .envs(env.iter().copied());
        command.output().unwrap()
    };
    assert!(run_step("Find openapi2mcp's version", &[]).status.success());
    let outputs = std::fs::read_to_string(&output).unwrap();
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        outputs.starts_with(&format!(
            "version={version}\nkey=openapi2mcp-Linux-X64-{version}-"
        )),
        "{outputs}"
    );

    let install = [("VERSION", version), ("REPOSITORY", "owner/openapi2mcp")];
    let installed = run_step("Install openapi2mcp", &install);
    assert!(installed.status.success(), "{}", text(&installed.stderr));
    let urls = std::fs::read_to_string(dir.path().join("urls")).unwrap();
    let url =
        format!("https://github.com/owner/openapi2mcp/releases/download/v{version}/{archive}");
    assert_eq!(urls, format!("{url}.tar.gz\n{url}.sha256\n"));
    let binary = dir.path().join(".openapi2mcp/bin/openapi2mcp");
    let ran = std::process::Command::new(&binary)
        .arg("--version")
        .output()
        .unwrap();
    assert_eq!(text(&ran.stdout), format!("openapi2mcp {version}\n"));
    assert!(!dir.path().join("built").exists(), "nothing was built");

    // An archive whose checksum does not match is not installed: the source is built.
    std::fs::remove_file(&binary).unwrap();
    let wrong =
        String::from_utf8(sum.stdout)
            .unwrap()
            .replacen(|c: char| c.is_ascii_hexdigit(), "g", 1);
    std::fs::write(release.join(format!("{archive}.sha256")), wrong).unwrap();
    let refused = run_step("Install openapi2mcp", &install);
    assert!(!refused.status.success(), "the stand-in cargo fails");
    assert!(!binary.exists());
    let built = std::fs::read_to_string(dir.path().join("built")).unwrap();
    assert!(built.starts_with("install --locked --path "), "{built}");
}

/// client-config says where its text goes, and where credentials go only when the tools
/// use some.
#[test]
fn client_config_speaks_of_credentials_only_when_the_tools_use_them() {
    let none = run(
        &[
            "client-config",
            "--client",
            "claude-desktop",
            &spec("petstore-3.0.yaml"),
        ],
        None,
    );
    assert_eq!(
        text(&none.stderr),
        "client-config: add this to claude_desktop_config.json (Settings > Developer > Edit Config)\n"
    );
    let some = run(
        &[
            "client-config",
            "--client",
            "claude-desktop",
            &spec("serve.yaml"),
        ],
        None,
    );
    assert!(
        text(&some.stderr).ends_with("(Settings > Developer > Edit Config); put each credential in place of <secret> (one left as it is, or empty, counts as unset)\n"),
        "{}",
        text(&some.stderr)
    );
}

/// An overrides entry that ignores no lint rule is refused by every command that reads the
/// file, at its line, with the closest rule's name (convert reads the file; lint, above it,
/// knows the rules).
#[test]
fn an_overrides_entry_ignoring_no_rule_is_refused_at_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let overrides = dir.path().join("overrides.yaml");
    std::fs::write(
        &overrides,
        "tools:\n  list_pets:\n    ignore: [missing-titel]\n",
    )
    .unwrap();
    let overrides = overrides.to_str().unwrap();
    for command in ["convert", "review", "lint"] {
        let output = run(
            &[
                command,
                &spec("petstore-3.0.yaml"),
                "--overrides",
                overrides,
            ],
            None,
        );
        assert_eq!(output.status.code(), Some(2), "{command}");
        assert_eq!(
            text(&output.stderr),
            format!("error: {overrides}:3:14: overrides: 'list_pets' ignores 'missing-titel', which is not a lint rule (did you mean 'missing-title'?) (`openapi2mcp rules` lists them) (at /tools/list_pets/ignore/0)\n"),
            "{command}"
        );
    }
}

#[test]
fn dash_as_the_output_file_names_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let spec = spec("petstore-3.0.yaml");
    for (command, expected) in [
        ("convert", "\"inputSchema\""),
        ("review", "\"readOnlyHint\""),
        ("lint", "\"OAM011\""),
    ] {
        let mut args = vec![command, spec.as_str(), "-o", "-"];
        if command != "convert" {
            args.extend(["--format", "json"]);
        }
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_openapi2mcp"))
            .args(&args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(
            text(&output.stdout).contains(expected),
            "{command} -o - writes to standard output: {}",
            text(&output.stderr)
        );
        assert!(
            !dir.path().join("-").exists(),
            "{command} -o - writes no file named -"
        );
    }
    // The config file's `output: -` too, wherever the file is.
    let project = dir.path().join("project");
    std::fs::create_dir(&project).unwrap();
    std::fs::write(
        project.join("openapi2mcp.yaml"),
        format!("spec: {spec}\noutput: \"-\"\n"),
    )
    .unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_openapi2mcp"))
        .arg("convert")
        .current_dir(&project)
        .output()
        .unwrap();
    assert!(
        text(&output.stdout).contains("\"inputSchema\""),
        "{}",
        text(&output.stderr)
    );
    assert!(
        !project.join("-").exists(),
        "the config's output: - writes no file"
    );
    // A file written to be read back is refused as -, not written under that name.
    for args in [
        ["lint", "--write-baseline"],
        ["review", "--write-overrides"],
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_openapi2mcp"))
            .args([args[0], spec.as_str(), args[1], "-"])
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            text(&output.stderr).contains("'-' is standard output"),
            "{args:?}"
        );
        assert!(!dir.path().join("-").exists(), "{args:?}");
    }
}
