//! Each variable's value parser: clap runs them at start, so a bad value stops the process with
//! the variable's name and what was expected.

use secrecy::SecretString;
use url::Url;

pub(super) fn parse_project_id(value: &str) -> Result<String, String> {
    let valid = !value.is_empty()
        && value.len() <= 64
        && value
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if valid {
        Ok(value.to_owned())
    } else {
        Err("a Firebase project id is lowercase letters, digits and dashes".into())
    }
}

/// `host:port`, as the Firebase emulator variables are written: no scheme, no path. The auth
/// one also goes into the web app's Content-Security-Policy, so nothing else may ride along.
pub(super) fn parse_host_port(value: &str) -> Result<String, String> {
    let expected = || "expected host:port, such as 127.0.0.1:9099".to_owned();
    let (host, port) = value.rsplit_once(':').ok_or_else(expected)?;
    let host_ok = !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '[' | ']' | ':'));
    if host_ok && port.parse::<u16>().is_ok() {
        Ok(value.to_owned())
    } else {
        Err(expected())
    }
}

pub(super) fn parse_http_url(value: &str) -> Result<Url, String> {
    let url = Url::parse(value).map_err(|e| e.to_string())?;
    match url.scheme() {
        "http" | "https" if url.host().is_some() => Ok(url),
        _ => Err("expected an http(s) URL with a host".into()),
    }
}

pub(super) fn parse_redis_url(value: &str) -> Result<SecretString, String> {
    // The message never repeats the value: it may hold a password.
    let url = Url::parse(value).map_err(|e| format!("not a URL ({e})"))?;
    match url.scheme() {
        "redis" | "rediss" if url.host_str().is_some() => Ok(SecretString::from(value)),
        _ => Err("expected redis://[:password@]host[:port][/db] or rediss://…".into()),
    }
}

pub(super) fn parse_image_store(value: &str) -> Result<Url, String> {
    let url = Url::parse(value).map_err(|e| e.to_string())?;
    match url.scheme() {
        "file" | "gs" | "s3" => Ok(url),
        other => Err(format!(
            "unsupported scheme {other:?}: use file://, gs:// or s3://"
        )),
    }
}
