//! The rate limits as route layers, keyed on the client's address as the trusted proxies saw
//! it.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, Request, State};
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::http::{ApiError, AppState};
use crate::limits::Class;

/// The client's address: the peer, or with `LUCENT_PROXY_HOPS` = n, the n-th entry of
/// `X-Forwarded-For` counted from the right, which the outermost trusted proxy appended.
/// Entries are counted as written, so a client cannot shift the index with entries that are
/// not addresses; when that entry is not an address, the peer is used. Entries a client wrote
/// itself sit further left and are never used.
pub fn client_ip(headers: &HeaderMap, peer: IpAddr, hops: u32) -> IpAddr {
    if hops == 0 {
        return peer;
    }
    let entries: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    entries
        .len()
        .checked_sub(hops as usize)
        .and_then(|i| entries[i].parse().ok())
        .unwrap_or(peer)
}

/// Route middleware: the per-address limit of `class`, before any other work.
pub async fn per_address(
    State((state, class)): State<(AppState, Class)>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    req: Request,
    next: Next,
) -> Response {
    let ip = client_ip(req.headers(), peer.ip(), state.settings.proxy_hops);
    if let Err(e) = state.limits.address(class, ip).await {
        return ApiError::from(e).into_response();
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forwarded(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", value.parse().unwrap());
        headers
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn only_the_trusted_hops_of_x_forwarded_for_are_believed() {
        let headers = forwarded("6.6.6.6, 203.0.113.7, 10.0.0.2");
        let peer = ip("10.0.0.1");
        assert_eq!(client_ip(&headers, peer, 0), peer);
        assert_eq!(client_ip(&headers, peer, 1), ip("10.0.0.2"));
        assert_eq!(client_ip(&headers, peer, 2), ip("203.0.113.7"));
        assert_eq!(client_ip(&headers, peer, 9), peer);
    }

    #[test]
    fn entries_that_are_not_addresses_still_count_as_hops() {
        // The client wrote "garbage, 6.6.6.6"; the one trusted proxy appended the real address.
        let headers = forwarded("garbage, 6.6.6.6, 203.0.113.7");
        let peer = ip("10.0.0.1");
        assert_eq!(client_ip(&headers, peer, 1), ip("203.0.113.7"));
        assert_eq!(client_ip(&headers, peer, 2), ip("6.6.6.6"));
        // The entry the hops point at is not an address: the peer, never a neighbour.
        assert_eq!(client_ip(&headers, peer, 3), peer);
        let headers = forwarded("203.0.113.7, unknown");
        assert_eq!(client_ip(&headers, peer, 1), peer);
    }
}
