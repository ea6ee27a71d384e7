//! The crypto behind every HTTPS connection (`serve` calling an API, `verify --url`):
//! rustls with ring, which builds with a C compiler alone (aws-lc also wants cmake).

/// Makes ring the process's TLS provider; a second call changes nothing.
pub fn install_provider() {
    // Fails only when a provider is already installed, which is as good.
    let _ = rustls::crypto::ring::default_provider().install_default();
}
