//! The HTTP server under `serve --http`, as it runs deployed: every accepted connection
//! has `TCP_NODELAY` (a response's head and body in two writes would otherwise wait for the
//! client's delayed acknowledgment, about 40 ms a request), a client must send a request's
//! head within [`HEADER_TIMEOUT`] and may hold at most [`MAX_CONNECTIONS`] connections
//! with all others, and SIGTERM (what Docker, Kubernetes and systemd send) drains as SIGINT
//! does: no new connection is accepted, the requests under way are answered (for at most
//! [`DRAIN_DEADLINE`]), then the server stops.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

/// How long a client has to send a request's head before its connection is closed.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// The most connections open at once; one past it is closed at once.
pub const MAX_CONNECTIONS: usize = 512;
/// How long a stopping server waits for the requests under way.
pub const DRAIN_DEADLINE: Duration = Duration::from_secs(25);

/// Resolves on SIGINT or SIGTERM.
async fn stop_signal() {
    use tokio::signal::unix::{signal, SignalKind};
    match signal(SignalKind::terminate()) {
        Ok(mut terminate) => {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = terminate.recv() => {}
            }
        }
        Err(_) => {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// An accepted connection, set to send each write at once.
fn with_nodelay((stream, _): (TcpStream, SocketAddr)) -> std::io::Result<TcpStream> {
    stream.set_nodelay(true)?;
    Ok(stream)
}

/// Serves `router` on `listener` until SIGINT or SIGTERM, then drains (see the module's
/// documentation).
pub async fn serve(listener: TcpListener, router: axum::Router, log: fn(&str)) {
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT);
    let stop = stop_signal();
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let stream = match accepted.and_then(with_nodelay) {
            Ok(stream) => stream,
            // Out of descriptors, or a connection reset before it was accepted: the
            // listener itself is fine.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        let Ok(slot) = Arc::clone(&slots).try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let service = TowerToHyperService::new(router.clone());
        let builder = builder.clone();
        let watcher = graceful.watcher();
        tokio::spawn(async move {
            // hyper times a request's head from its first byte: a connection that sends
            // nothing at all is closed here, or idle ones would hold every slot.
            let mut first = [0u8; 1];
            if let Ok(Ok(1..)) = tokio::time::timeout(HEADER_TIMEOUT, stream.peek(&mut first)).await
            {
                let connection = builder.serve_connection(TokioIo::new(stream), service);
                let _ = watcher.watch(connection).await;
            }
            drop(slot);
        });
    }
    drop(listener);
    log("openapi2mcp serve: stopping: no new connections; waiting for the calls under way");
    // Each connection closes once its request under way is answered; an idle one at once.
    if tokio::time::timeout(DRAIN_DEADLINE, graceful.shutdown())
        .await
        .is_err()
    {
        log(&format!(
            "openapi2mcp serve: calls still under way after {} s: stopping anyway",
            DRAIN_DEADLINE.as_secs()
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn an_accepted_connection_sends_each_write_at_once() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let _client = TcpStream::connect(address).await.unwrap();
        let accepted = listener.accept().await.and_then(with_nodelay).unwrap();
        assert!(accepted.nodelay().unwrap());
    }
}
