//! The search's ranking by meaning: a static word model, `data/search-words.bin`, made by
//! `scripts/search-model/build.py` (from sentence-transformers' all-MiniLM-L6-v2, Apache-2.0,
//! as its teacher, on the operations of public API specs). A text's vector is the sum of
//! its words' vectors (each weighted by the training), and the tools rank by the cosine of
//! theirs with the query's: "stop paying for this server" finds a droplet's deletion with
//! no word in common. Inference is a lookup and a sum, in a few microseconds a text.

use std::sync::LazyLock;

/// The model, as the build script writes it: a JSON header line, the words (sorted, one a
/// line), a little-endian `f32` scale for each word, then each word's vector as `i8`s.
static MODEL_FILE: &[u8] = include_bytes!("../../data/search-words.bin");

/// The model read once, when the first index is made. The file ships with the crate and a
/// test reads it, so a malformed one never reaches a user.
static MODEL: LazyLock<Model> =
    LazyLock::new(|| Model::read(MODEL_FILE).expect("data/search-words.bin is well formed"));

/// What the build script says of the model it wrote.
#[derive(Debug, serde::Deserialize)]
struct Header {
    format: String,
    dims: usize,
    words: usize,
    vocab_bytes: usize,
}

/// The format this reader reads.
const FORMAT: &str = "openapi2mcp search words 1";

/// A static word model.
pub(super) struct Model {
    dims: usize,
    /// The words, sorted (a word's place is its row).
    words: Vec<&'static str>,
    scales: Vec<f32>,
    /// The rows, `dims` quantized components each.
    rows: &'static [u8],
}

impl Model {
    /// The shipped model.
    pub(super) fn shipped() -> &'static Model {
        &MODEL
    }

    fn read(file: &'static [u8]) -> Result<Model, String> {
        let end = file
            .iter()
            .position(|&b| b == b'\n')
            .ok_or("no header line")?;
        let header: Header =
            serde_json::from_slice(&file[..end]).map_err(|e| format!("header: {e}"))?;
        if header.format != FORMAT {
            return Err(format!("format '{}', not '{FORMAT}'", header.format));
        }
        let rest = &file[end + 1..];
        let scales_at = header.vocab_bytes;
        let rows_at = scales_at + 4 * header.words;
        if rest.len() != rows_at + header.dims * header.words {
            return Err(format!("{} bytes after the header", rest.len()));
        }
        let listed = std::str::from_utf8(&rest[..scales_at]).map_err(|e| e.to_string())?;
        let words: Vec<&'static str> = listed.split('\n').collect();
        if words.len() != header.words || !words.windows(2).all(|pair| pair[0] < pair[1]) {
            return Err("the words are not the header's count, sorted and unique".into());
        }
        let scales = rest[scales_at..rows_at]
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        Ok(Model {
            dims: header.dims,
            words,
            scales,
            rows: &rest[rows_at..],
        })
    }

    /// The unit vector of `text`'s meaning; `None` when the model knows none of its words.
    pub(super) fn embed(&self, text: &str) -> Option<Vec<f32>> {
        let mut sum = vec![0f32; self.dims];
        for word in words(text) {
            let Ok(row) = self.words.binary_search(&word.as_str()) else {
                continue;
            };
            let scale = self.scales[row];
            let components = &self.rows[row * self.dims..(row + 1) * self.dims];
            for (total, &component) in sum.iter_mut().zip(components) {
                *total += scale * f32::from(component as i8);
            }
        }
        let norm = sum.iter().map(|x| x * x).sum::<f32>().sqrt();
        (norm > 0.0).then(|| sum.into_iter().map(|x| x / norm).collect())
    }
}

/// A text's words as the model was trained on them: ASCII letters and digits, a new word
/// where an upper-case letter follows a lower-case one or a digit (`getBoards` -> get
/// boards), lower-cased.
fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut previous = ' ';
    for c in text.chars() {
        let camel =
            c.is_ascii_uppercase() && (previous.is_ascii_lowercase() || previous.is_ascii_digit());
        if (!c.is_ascii_alphanumeric() || camel) && !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
        if c.is_ascii_alphanumeric() {
            current.push(c.to_ascii_lowercase());
        }
        previous = c;
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

/// The cosine of two unit vectors.
pub(super) fn cosine(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_cut_as_the_model_was_trained() {
        assert_eq!(
            words("getBoardsByIdBoard /v2/droplets/{droplet_id} IPAddress a1B café"),
            [
                "get",
                "boards",
                "by",
                "id",
                "board",
                "v2",
                "droplets",
                "droplet",
                "id",
                "ipaddress",
                "a1",
                "b",
                "caf"
            ]
        );
        assert!(words(" --- ").is_empty());
    }

    /// What CI checks of what ships: the model reads, its words are sorted and unique, each
    /// scale is a positive number, and a text of known words has a unit vector.
    #[test]
    fn the_shipped_model_is_well_formed() {
        let model = Model::shipped();
        assert_eq!(model.dims, 256);
        assert!(model.words.len() > 20_000, "{}", model.words.len());
        assert!(model.scales.iter().all(|s| s.is_finite() && *s > 0.0));
        let vector = model.embed("list the open issues").unwrap();
        let norm: f32 = vector.iter().map(|x| x * x).sum();
        assert!((norm - 1.0).abs() < 1e-4);
        assert!(model.embed("zzzzqx").is_none());
        assert!(Model::read(b"{\"format\": \"other\"}\n").is_err());
    }

    /// Texts that mean the same are nearer than texts that do not, with no word in common.
    #[test]
    fn meaning_is_near_without_shared_words() {
        let model = Model::shipped();
        let query = model.embed("stop paying for this server").unwrap();
        let delete = model.embed("Destroy a droplet").unwrap();
        let list = model.embed("List all SSH keys").unwrap();
        assert!(cosine(&query, &delete) > cosine(&query, &list));
        let query = model.embed("open a new issue").unwrap();
        let create = model.embed("issues create\nCreate an issue").unwrap();
        let pulls = model.embed("pulls list\nList pull requests").unwrap();
        assert!(cosine(&query, &create) > 0.3 && cosine(&query, &pulls) < 0.1);
    }
}
