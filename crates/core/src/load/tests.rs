use super::parse::yaml_error;
use super::strict::StrictYamlValue;
use super::*;

/// A repeated key is placed at its second occurrence, not at its mapping's start.
#[test]
fn a_repeated_yaml_key_is_placed_where_it_repeats() {
    let at = |text: &str| {
        let error = yaml_serde::from_str::<StrictYamlValue>(text).unwrap_err();
        yaml_error(&error, text, "invalid YAML").line_col
    };
    assert_eq!(
        at("openapi: 3.1.0\npaths: {}\n# note\npaths: {}\n"),
        Some((4, 1))
    );
    assert_eq!(
        at("a: 1\nlint:\n  fail-on: error\n  x:\n    y: 1\n  fail-on: never\n"),
        Some((6, 3))
    );
    assert_eq!(at("list:\n  - x: 1\n    y: 2\n    x: 3\n"), Some((4, 5)));
    assert_eq!(at("tools:\n  \"a\": {}\n  'a': {}\n"), Some((3, 3)));
    // Characters before the mark, and lines YAML breaks where `str::lines` does not:
    // the place the parser gave, never a panic.
    let flow = "components:\n  schemas:\n    U:\n      properties:\n        名前: {type: string, type: integer}\n";
    assert_eq!(at(flow).map(|(line, _)| line), Some(5));
    let separators = "a: \"x\u{2028}\u{2028}y\"\nb:\n  名: 1\n  名: 2\n";
    assert!(at(separators).is_some());
}

#[test]
fn a_file_that_cannot_be_read_is_an_io_error_carrying_its_cause() {
    let error = load(
        &Input::Path("no/such/spec.yaml".into()),
        &FileAccess::default(),
    )
    .unwrap_err();
    assert_eq!(error.kind, crate::error::ErrorKind::Io);
    let cause = std::error::Error::source(&error).expect("the io::Error");
    let io = cause
        .downcast_ref::<std::io::Error>()
        .expect("an io::Error");
    assert_eq!(io.kind(), std::io::ErrorKind::NotFound);
    assert_eq!(error.file.as_deref(), Some("no/such/spec.yaml"));
}

#[test]
fn json_and_yaml_are_told_apart_by_content() {
    let json = parse_document(b"  {\"openapi\": \"3.1.0\"}".to_vec())
        .unwrap()
        .0;
    let yaml = parse_document(b"openapi: 3.1.0\n".to_vec()).unwrap().0;
    assert_eq!(json["openapi"], "3.1.0");
    assert_eq!(yaml["openapi"], "3.1.0");
}

#[test]
fn byte_order_mark_is_skipped() {
    let value = parse_document(b"\xEF\xBB\xBF{\"a\": 1}".to_vec())
        .unwrap()
        .0;
    assert_eq!(value["a"], 1);
}

#[test]
fn errors_carry_line_and_column() {
    let error = parse_document(b"{\n  \"a\": [1,\n".to_vec()).unwrap_err();
    assert_eq!(error.line_col, Some((3, 0)));
    assert!(error.message.starts_with("invalid JSON: EOF"), "{error}");
    let error = parse_document(b"a: [1,\n".to_vec()).unwrap_err();
    assert_eq!(error.line_col, Some((2, 1)));
    assert!(error.message.starts_with("invalid YAML"), "{error}");
}

#[test]
fn invalid_utf8_and_empty_input_are_refused() {
    let error = parse_document(b"a: 1\nb: \xFF\n".to_vec()).unwrap_err();
    assert_eq!(error.message, "the file is not valid UTF-8");
    assert_eq!(error.line_col, Some((2, 4)));
    assert_eq!(
        parse_document(b" \n".to_vec()).unwrap_err().message,
        "the file is empty"
    );
}

#[test]
fn references_are_percent_decoded_json_pointers() {
    let spec = load_bytes("t", br#"{"paths": {"/a{b}": {"x": 1}}}"#.to_vec()).unwrap();
    let (location, value) = spec.resolve(0, "#/paths/~1a%7Bb%7D/x").unwrap();
    assert_eq!(value, 1);
    assert_eq!(location.pointer, "/paths/~1a{b}/x");
    assert!(spec
        .resolve(0, "#/nope")
        .unwrap_err()
        .contains("does not resolve"));
    assert!(spec
        .resolve(0, "other.yaml#/x")
        .unwrap_err()
        .contains("not loaded"));
    assert!(spec
        .resolve(0, "https://example.com/x.yaml")
        .unwrap_err()
        .contains("URL"));
}

#[test]
fn each_file_is_parsed_once_however_it_is_spelled() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    std::fs::write(dir.path().join("a.yaml"), "A: {type: string}\n").unwrap();
    let root = dir.path().join("api.yaml");
    std::fs::write(
        &root,
        "x: {$ref: 'a.yaml#/A'}\ny: {$ref: './a.yaml#/A'}\nz: {$ref: 'sub/../a.yaml'}\n",
    )
    .unwrap();
    let spec = load(&Input::Path(root), &FileAccess::default()).unwrap();
    assert_eq!(
        spec.file_count(),
        1,
        "nothing is read before it is resolved"
    );
    let ids: Vec<FileId> = ["a.yaml#/A", "./a.yaml#/A", "sub/../a.yaml", "api.yaml#/x"]
        .iter()
        .map(|r| spec.resolve(0, r).unwrap().0.file)
        .collect();
    assert_eq!(ids, [1, 1, 1, 0], "the root by its own name is the root");
    assert_eq!(spec.file_count(), 2);
}

/// A library user who gives no downloader gets a URL refused, saying what is missing.
#[test]
fn a_url_without_a_downloader_is_refused_saying_so() {
    let input = Input::Url("https://example.test/openapi.json".into());
    let error = load(&input, &FileAccess::default()).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Io);
    assert_eq!(
        error.file.as_deref(),
        Some("https://example.test/openapi.json")
    );
    assert!(
        error.message.contains("needs a downloader"),
        "{}",
        error.message
    );
}

/// What YAML holds and JSON has no value for is named at its line and JSON pointer: a
/// second document, aliases repeated past the limit (at the one that repeats the most), a
/// local tag on a value (a global one, or one on a key, reads).
#[test]
fn yaml_without_a_json_value_is_placed() {
    let error = |text: &str| {
        let error = parse_document(text.as_bytes().to_vec()).unwrap_err();
        (error.message, error.pointer, error.line_col)
    };
    assert_eq!(
        error("openapi: 3.0.3\npaths: {}\n---\nopenapi: 3.0.3\n"),
        (
            "invalid YAML: a second document starts here: the file is read as one YAML document"
                .into(),
            None,
            Some((3, 1))
        )
    );
    assert_eq!(
        error("paths:\n  /a:\n    get:\n      summary: !custom x\n"),
        (
            "invalid YAML: the tag !custom has no JSON value: only JSON values are read".into(),
            Some("/paths/~1a/get/summary".into()),
            Some((4, 7))
        )
    );
    // The alias that repeats the most is named, not a harmless one before it.
    let tagged = "%TAG !e! tag:example.com,2000:\n---\ninfo:\n  title: !e!foo t\n  !k summary: x\n  description: !custom y\n";
    let (message, pointer, line_col) = error(tagged);
    assert!(message.contains("the tag !custom"), "{message}");
    assert_eq!(
        (pointer, line_col),
        (Some("/info/description".into()), Some((6, 3)))
    );
    let mut laughs = String::from("a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\nx: *a\n");
    for (previous, next) in ('a'..='k').zip('b'..='l') {
        let aliases = vec![format!("*{previous}"); 9].join(", ");
        laughs.push_str(&format!("{next}: &{next} [{aliases}]\n"));
    }
    let (message, pointer, line_col) = error(&laughs);
    assert!(
        message.ends_with("(repetition limit exceeded)"),
        "{message}"
    );
    assert_eq!((pointer, line_col), (Some("/l/0".into()), Some((13, 8))));
}
