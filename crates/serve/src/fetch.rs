//! Specs by URL: a document downloaded over HTTP(S) with a timeout, a size limit and at most
//! [`MAX_REDIRECTS`] redirects. [`openapi2mcp_core::load`] reads documents through its
//! [`openapi2mcp_core::load::Fetch`] trait and holds no HTTP stack itself; this is the one
//! the command line gives it.

use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use openapi2mcp_core::load::{Fetch, Fetched};

/// The most redirects one download follows.
pub const MAX_REDIRECTS: usize = 5;

/// How long one download may take, answered or not.
pub const TIMEOUT: Duration = Duration::from_secs(30);

/// Downloads documents, one at a time, each within a timeout. Its messages say why a
/// download failed, for the caller to say which.
#[derive(Debug)]
pub struct Downloader {
    timeout: Duration,
    /// Made on the first download: a spec read from a file never starts it.
    started: OnceLock<Result<Started, String>>,
}

#[derive(Debug)]
struct Started {
    client: reqwest::Client,
    /// Downloads run here, one at a time, from whichever thread resolves a reference.
    runtime: Mutex<tokio::runtime::Runtime>,
}

impl Downloader {
    /// A downloader whose every download ends within `timeout`, answered or not.
    pub fn new(timeout: Duration) -> Downloader {
        Downloader {
            timeout,
            started: OnceLock::new(),
        }
    }

    fn started(&self) -> Result<&Started, String> {
        self.started
            .get_or_init(|| {
                crate::tls::install_provider();
                let client = reqwest::Client::builder()
                    .timeout(self.timeout)
                    .user_agent(concat!("openapi2mcp/", env!("CARGO_PKG_VERSION")))
                    .redirect(reqwest::redirect::Policy::limited(MAX_REDIRECTS))
                    .build()
                    .map_err(|e| format!("cannot start the HTTP client: {e}"))?;
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .map_err(|e| format!("cannot start the async runtime: {e}"))?;
                Ok(Started {
                    client,
                    runtime: Mutex::new(runtime),
                })
            })
            .as_ref()
            .map_err(Clone::clone)
    }
}

impl Fetch for Downloader {
    fn fetch(&self, url: &str, max_bytes: u64) -> Result<Fetched, String> {
        let started = self.started()?;
        let parsed = reqwest::Url::parse(url).map_err(|e| format!("'{url}' is not a URL: {e}"))?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err(format!("'{url}' is not an http or https URL"));
        }
        let runtime = started.runtime.lock().unwrap_or_else(|e| e.into_inner());
        runtime.block_on(download(&started.client, parsed, max_bytes))
    }
}

async fn download(
    client: &reqwest::Client,
    url: reqwest::Url,
    max: u64,
) -> Result<Fetched, String> {
    let cannot = |e: reqwest::Error| {
        if e.is_timeout() {
            "no answer in time".to_string()
        } else if e.is_redirect() {
            format!("more than {MAX_REDIRECTS} redirects")
        } else {
            e.without_url().to_string()
        }
    };
    let mut response = client.get(url).send().await.map_err(cannot)?;
    let status = response.status();
    if !status.is_success() {
        return Err(format!("the server answered {status}"));
    }
    let too_large = || {
        format!(
            "it is larger than {} MiB (--max-file-size raises the limit)",
            max.div_ceil(1 << 20)
        )
    };
    if response.content_length().is_some_and(|length| length > max) {
        return Err(too_large());
    }
    let final_url = response.url().to_string();
    let mut bytes = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(cannot)? {
        if (bytes.len() + chunk.len()) as u64 > max {
            return Err(too_large());
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(Fetched {
        bytes,
        url: final_url,
    })
}
