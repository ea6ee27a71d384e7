//! The stdio transport's guard: what the SDK would drop without a word gets the JSON-RPC
//! error the specification asks for, and the rest passes through.

/// The longest line taken over stdio, its newline included (the SDK's own limit).
const MAX_MESSAGE_BYTES: usize = 16 * 1024 * 1024;

/// A stdio transport that answers what the SDK would drop without a word, as JSON-RPC
/// says: a line that is not JSON gets -32700 (parse error), one longer than
/// [`MAX_MESSAGE_BYTES`] -32600 (invalid request), and a `tools/call` whose `arguments`
/// is not an object -32602 (invalid params). Everything else passes through.
/// Returns the SDK's transport and the task that writes to `output`, which ends after the
/// SDK's last message and every reply of the guard's own.
pub(super) fn guarded<R, W>(
    input: R,
    output: W,
) -> (
    (tokio::io::DuplexStream, tokio::io::DuplexStream),
    tokio::task::JoinHandle<()>,
)
where
    R: tokio::io::AsyncRead + Unpin + Send + 'static,
    W: tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
    let (mut to_sdk, sdk_input) = tokio::io::duplex(64 * 1024);
    let (sdk_output, from_sdk) = tokio::io::duplex(64 * 1024);
    let (replies, mut pending) = tokio::sync::mpsc::unbounded_channel::<String>();
    tokio::spawn(async move {
        let mut input = BufReader::new(input);
        loop {
            let mut line = Vec::new();
            // A whole line, or one byte past the limit (the SDK counts the newline too).
            let limit = (MAX_MESSAGE_BYTES + 1) as u64;
            match (&mut input).take(limit).read_until(b'\n', &mut line).await {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let ended = line.last() == Some(&b'\n');
            if line.len() > MAX_MESSAGE_BYTES {
                // Skip the rest of the line, a buffer at a time.
                if !ended {
                    while let Ok(buffer) = input.fill_buf().await {
                        if buffer.is_empty() {
                            break;
                        }
                        if let Some(end) = buffer.iter().position(|&b| b == b'\n') {
                            input.consume(end + 1);
                            break;
                        }
                        let all = buffer.len();
                        input.consume(all);
                    }
                }
                let _ = replies.send(error_reply(
                    &serde_json::Value::Null,
                    -32600,
                    "the message is longer than 16 MiB",
                ));
                continue;
            }
            match refusal(&line) {
                Some(reply) => {
                    let _ = replies.send(reply);
                }
                None => {
                    if to_sdk.write_all(&line).await.is_err() {
                        break;
                    }
                }
            }
        }
        let _ = to_sdk.shutdown().await;
    });
    let writer = tokio::spawn(async move {
        let mut output = output;
        let mut from_sdk = BufReader::new(from_sdk).lines();
        loop {
            let line = tokio::select! {
                line = from_sdk.next_line() => match line {
                    Ok(Some(line)) => line,
                    _ => break,
                },
                Some(reply) = pending.recv() => reply,
            };
            if output
                .write_all(format!("{line}\n").as_bytes())
                .await
                .is_err()
            {
                break;
            }
            let _ = output.flush().await;
        }
        // Replies the guard queued before the SDK's stream ended.
        while let Ok(reply) = pending.try_recv() {
            let _ = output.write_all(format!("{reply}\n").as_bytes()).await;
        }
        let _ = output.flush().await;
    });
    ((sdk_input, sdk_output), writer)
}

/// The error reply a line gets instead of going to the SDK, if it is one the SDK drops.
fn refusal(line: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(line).ok();
    let message: serde_json::Value = match text.map(str::trim) {
        Some("") => return None,
        Some(text) => match serde_json::from_str(text) {
            Ok(message) => message,
            Err(error) => {
                // JSON the reader stops in: said so, not called "not JSON".
                let why = match error.to_string().starts_with("recursion limit exceeded") {
                    true => "parse error: nested deeper than 128 levels",
                    false => "parse error: not JSON",
                };
                return Some(error_reply(&serde_json::Value::Null, -32700, why));
            }
        },
        None => {
            return Some(error_reply(
                &serde_json::Value::Null,
                -32700,
                "parse error: not UTF-8",
            ))
        }
    };
    let arguments = message.pointer("/params/arguments");
    let is_call = message.get("method").and_then(serde_json::Value::as_str) == Some("tools/call");
    match (message.get("id"), arguments) {
        (Some(id), Some(arguments))
            if is_call && !arguments.is_object() && !arguments.is_null() =>
        {
            Some(error_reply(
                id,
                -32602,
                "tools/call arguments must be an object",
            ))
        }
        _ => None,
    }
}

fn error_reply(id: &serde_json::Value, code: i64, message: &str) -> String {
    serde_json::json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
        .to_string()
}
