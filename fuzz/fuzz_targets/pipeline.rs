//! Fuzzes the whole path: load, resolve, convert, lint, review. No input may panic, and
//! every tool converted must have the properties the tests check.
#![no_main]

#[path = "../../tests/common/pipeline_check.rs"]
mod pipeline_check;
#[path = "../../tests/common/properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    pipeline_check::check_pipeline(data);
});
