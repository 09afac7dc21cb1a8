//! The `/ws?clientId=…` websocket: ComfyUI sends a prompt's execution events only to the socket
//! of the `client_id` it was submitted with, and buffers nothing, so the socket is opened
//! before the prompt is sent.

use std::time::Duration;

use futures_util::StreamExt;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::header::AUTHORIZATION;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async_with_config};

use super::super::endpoint::Endpoint;
use super::wire::Message;

const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// Events are a few hundred bytes and previews small JPEGs; a larger message breaks the socket
/// (the history is polled instead) rather than the worker's memory.
const MAX_MESSAGE_BYTES: usize = 4 * 1024 * 1024;

pub struct Socket(WebSocketStream<MaybeTlsStream<TcpStream>>);

impl Socket {
    /// The socket for `client_id`, or none (logged): the history is polled instead.
    pub async fn connect(endpoint: &Endpoint, client_id: &str) -> Option<Self> {
        let mut url = endpoint.url(&format!("ws?clientId={client_id}")).ok()?;
        let scheme = if url.scheme() == "https" { "wss" } else { "ws" };
        url.set_scheme(scheme).ok()?;
        let mut request = url.as_str().into_client_request().ok()?;
        if let Some(authorization) = endpoint.authorization() {
            request.headers_mut().insert(AUTHORIZATION, authorization);
        }
        let limits = WebSocketConfig::default()
            .max_message_size(Some(MAX_MESSAGE_BYTES))
            .max_frame_size(Some(MAX_MESSAGE_BYTES));
        let connect = connect_async_with_config(request, Some(limits), false);
        match tokio::time::timeout(CONNECT_TIMEOUT, connect).await {
            Ok(Ok((stream, _))) => Some(Self(stream)),
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "no ComfyUI websocket; polling the history instead");
                None
            }
            Err(_) => {
                tracing::warn!(
                    "the ComfyUI websocket did not open in time; polling the history instead"
                );
                None
            }
        }
    }

    /// The next JSON message; none once the socket is closed or broken. Binary frames
    /// (previews) and anything unparsable are skipped.
    pub async fn next(&mut self) -> Option<Message> {
        use tokio_tungstenite::tungstenite::Message as Frame;
        loop {
            match self.0.next().await? {
                Ok(Frame::Text(text)) => {
                    if let Ok(message) = serde_json::from_str(text.as_str()) {
                        return Some(message);
                    }
                }
                Ok(Frame::Close(_)) | Err(_) => return None,
                Ok(_) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message as Frame;

    use super::*;

    /// A websocket server on loopback that sends `frames` to its first client, then waits.
    async fn server_sending(frames: Vec<Frame>) -> Endpoint {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}/", listener.local_addr().unwrap());
        tokio::spawn(async move {
            let (tcp, _) = listener.accept().await.unwrap();
            let mut socket = tokio_tungstenite::accept_async(tcp).await.unwrap();
            for frame in frames {
                if socket.send(frame).await.is_err() {
                    return;
                }
            }
            std::future::pending::<()>().await;
        });
        Endpoint::new(reqwest::Client::new(), url::Url::parse(&base).unwrap())
    }

    const STATUS: &str = r#"{"type": "status", "data": {"status": {}}}"#;

    #[tokio::test]
    async fn a_preview_is_skipped_and_the_next_event_read() {
        let endpoint = server_sending(vec![
            Frame::Binary(vec![0, 0, 0, 1, 0xff, 0xd8].into()),
            Frame::Text(STATUS.into()),
        ])
        .await;
        let mut socket = Socket::connect(&endpoint, "c1").await.unwrap();

        assert!(socket.next().await.is_some());
    }

    #[tokio::test]
    async fn a_message_over_the_cap_ends_the_socket() {
        let endpoint = server_sending(vec![
            Frame::Binary(vec![0; MAX_MESSAGE_BYTES + 1].into()),
            Frame::Text(STATUS.into()),
        ])
        .await;
        let mut socket = Socket::connect(&endpoint, "c1").await.unwrap();

        assert!(
            socket.next().await.is_none(),
            "the history is polled instead"
        );
    }
}
