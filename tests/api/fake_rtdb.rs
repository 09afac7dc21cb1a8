//! A local server speaking the Realtime Database REST wire format, for the contract suite:
//! `{path}.json`, `ns=`, bearer auth, `X-Firebase-ETag` / `if-match` with 412 and the current
//! value, `print=silent` (204), `{".sv": {"increment": n}}`, `orderBy`/`equalTo` that must be
//! JSON-quoted, `shallow`, push ids, and `{"error": "…"}` bodies. Like the real database, it
//! stores no nulls and no empty objects. A test may make writes under a path hang or fail with
//! 503, as an overloaded database does, to try a caller's recovery.

use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};
use std::collections::HashMap;

#[derive(Clone)]
pub struct FakeRtdb {
    pub uri: String,
    pub data: Arc<Mutex<Value>>,
    faults: Arc<Mutex<Faults>>,
}

/// What happens to a write under a path.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Fault {
    /// It is taken as usual.
    None,
    /// It is never answered (nor applied).
    Hang,
    /// It is answered 503 and not applied.
    Unavailable,
}

struct Faults {
    under: Vec<String>,
    fault: Fault,
    /// Writes the fault has caught so far.
    caught: usize,
}

#[derive(Clone)]
struct Db {
    data: Arc<Mutex<Value>>,
    faults: Arc<Mutex<Faults>>,
    token: String,
    namespace: String,
}

impl FakeRtdb {
    /// Serves the namespace `ns`, accepting `Bearer <token>`.
    pub async fn start(namespace: &str, token: &str) -> Self {
        let data = Arc::new(Mutex::new(Value::Null));
        let faults = Arc::new(Mutex::new(Faults {
            under: Vec::new(),
            fault: Fault::None,
            caught: 0,
        }));
        let db = Db {
            data: Arc::clone(&data),
            faults: Arc::clone(&faults),
            token: token.to_owned(),
            namespace: namespace.to_owned(),
        };
        let app = Router::new().fallback(handle).with_state(db);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let uri = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Self { uri, data, faults }
    }

    pub fn value(&self, path: &str) -> Value {
        get_at(&self.data.lock().unwrap(), &segments(path)).clone()
    }

    /// From now on, writes at or under `path` meet `fault`.
    pub fn fault_writes(&self, path: &str, fault: Fault) {
        let mut faults = self.faults.lock().unwrap();
        faults.under = segments(path);
        faults.fault = fault;
    }

    /// How many writes a fault has caught so far.
    pub fn caught(&self) -> usize {
        self.faults.lock().unwrap().caught
    }
}

impl Db {
    /// The fault a write to `path` meets, counted when there is one.
    fn fault(&self, method: &Method, path: &[String]) -> Fault {
        let mut faults = self.faults.lock().unwrap();
        if method == Method::GET || faults.fault == Fault::None || !path.starts_with(&faults.under)
        {
            return Fault::None;
        }
        faults.caught += 1;
        faults.fault
    }
}

fn error(status: StatusCode, message: &str) -> Response {
    (status, axum::Json(json!({ "error": message }))).into_response()
}

pub fn etag(value: &Value) -> String {
    Sha256::digest(value.to_string().as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn segments(path: &str) -> Vec<String> {
    path.split('/')
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

fn get_at<'a>(root: &'a Value, path: &[String]) -> &'a Value {
    path.iter()
        .fold(root, |v, k| v.get(k).unwrap_or(&Value::Null))
}

fn set_at(root: &mut Value, path: &[String], value: Value) {
    match path.split_first() {
        None => *root = value,
        Some((first, rest)) => {
            if !root.is_object() {
                *root = Value::Object(Map::new());
            }
            let map = root.as_object_mut().unwrap();
            let child = map.entry(first.clone()).or_insert(Value::Null);
            set_at(child, rest, value);
            if prune(child) {
                map.remove(first);
            }
        }
    }
    prune(root);
}

/// Drops nulls and empty objects; true when `v` itself is now empty.
fn prune(v: &mut Value) -> bool {
    if let Value::Object(map) = v {
        map.retain(|_, c| !prune(c));
        if map.is_empty() {
            *v = Value::Null;
        }
    }
    v.is_null()
}

/// Resolves `{".sv": {"increment": n}}` against what is stored.
fn resolve(new: Value, old: &Value) -> Value {
    match new {
        Value::Object(map) if map.contains_key(".sv") => {
            let by = map[".sv"]["increment"].as_i64().unwrap_or(0);
            json!(old.as_i64().unwrap_or(0) + by)
        }
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| {
                    let resolved = resolve(v, old.get(&k).unwrap_or(&Value::Null));
                    (k, resolved)
                })
                .collect(),
        ),
        other => other,
    }
}

/// `orderBy` (a JSON-quoted child path or `"$key"`), `equalTo`/`startAt`/`endAt` (JSON values),
/// `limitToFirst`/`limitToLast`, as the database applies them.
fn select(
    current: &Value,
    order_by: &str,
    query: &HashMap<String, String>,
) -> Result<Value, &'static str> {
    let Ok(Value::String(child)) = serde_json::from_str::<Value>(order_by) else {
        return Err("orderBy must be a valid JSON encoded path");
    };
    let bound = |name: &str| -> Result<Option<Value>, &'static str> {
        query
            .get(name)
            .map(|v| {
                serde_json::from_str(v)
                    .map_err(|_| "Constraint index field must be a JSON primitive")
            })
            .transpose()
    };
    let (equal_to, start_at, end_at) = (bound("equalTo")?, bound("startAt")?, bound("endAt")?);
    let order_value = |key: &str, c: &Value| -> Value {
        if child == "$key" {
            json!(key)
        } else {
            // A child path may go deeper (`suspension/since`), as the database allows.
            child
                .split('/')
                .try_fold(c, |v, k| v.get(k))
                .cloned()
                .unwrap_or(Value::Null)
        }
    };
    let at_most = |a: &Value, b: &Value| match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() <= y.as_f64(),
        (Value::String(x), Value::String(y)) => x <= y,
        _ => false,
    };
    let mut children: Vec<(String, Value)> = current
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(k, c)| equal_to.as_ref().is_none_or(|e| &order_value(k, c) == e))
        .filter(|(k, c)| {
            start_at
                .as_ref()
                .is_none_or(|s| at_most(s, &order_value(k, c)))
        })
        .filter(|(k, c)| {
            end_at
                .as_ref()
                .is_none_or(|e| at_most(&order_value(k, c), e))
        })
        .map(|(k, c)| (k.clone(), c.clone()))
        .collect();
    children.sort_by(|(ka, a), (kb, b)| {
        let (va, vb) = (order_value(ka, a), order_value(kb, b));
        let by_value = match (&va, &vb) {
            (Value::Number(x), Value::Number(y)) => x.as_f64().partial_cmp(&y.as_f64()).unwrap(),
            _ => va.to_string().cmp(&vb.to_string()),
        };
        by_value.then(ka.cmp(kb))
    });
    if let Some(n) = query.get("limitToFirst").and_then(|l| l.parse().ok()) {
        children.truncate(n);
    }
    if let Some(n) = query
        .get("limitToLast")
        .and_then(|l| l.parse::<usize>().ok())
    {
        children.drain(..children.len().saturating_sub(n));
    }
    Ok(Value::Object(children.into_iter().collect()))
}

async fn handle(
    State(db): State<Db>,
    method: Method,
    uri: Uri,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Some(path) = uri.path().strip_suffix(".json") else {
        return error(StatusCode::NOT_FOUND, "paths end in .json");
    };
    if query.get("ns") != Some(&db.namespace) {
        return error(StatusCode::NOT_FOUND, "Namespace not found");
    }
    let bearer = headers.get("authorization").and_then(|v| v.to_str().ok());
    if bearer != Some(&format!("Bearer {}", db.token)) {
        return error(StatusCode::UNAUTHORIZED, "Permission denied");
    }
    let path = segments(path);
    if path.iter().any(|k| k.contains(['.', '$', '#', '[', ']'])) {
        return error(
            StatusCode::BAD_REQUEST,
            "Invalid path: Invalid token in path",
        );
    }
    match db.fault(&method, &path) {
        Fault::None => {}
        Fault::Hang => std::future::pending().await,
        Fault::Unavailable => return error(StatusCode::SERVICE_UNAVAILABLE, "Service Unavailable"),
    }
    let silent = query.get("print").is_some_and(|p| p == "silent");
    let mut data = db.data.lock().unwrap();
    let current = get_at(&data, &path).clone();
    let parsed = || serde_json::from_slice::<Value>(&body);

    match method {
        Method::GET => {
            let mut value = current.clone();
            if let Some(order_by) = query.get("orderBy") {
                match select(&current, order_by, &query) {
                    Ok(selected) => value = selected,
                    Err(message) => return error(StatusCode::BAD_REQUEST, message),
                }
            } else if query.get("shallow").is_some_and(|s| s == "true")
                && let Value::Object(map) = &current
            {
                value = Value::Object(map.keys().map(|k| (k.clone(), json!(true))).collect());
            }
            let mut response = axum::Json(value).into_response();
            if headers.get("x-firebase-etag").is_some_and(|v| v == "true") {
                response
                    .headers_mut()
                    .insert("etag", etag(&current).parse().unwrap());
            }
            response
        }
        Method::PUT => {
            let Ok(new) = parsed() else {
                return error(
                    StatusCode::BAD_REQUEST,
                    "Invalid data; couldn't parse JSON object",
                );
            };
            if let Some(expected) = headers.get("if-match").and_then(|v| v.to_str().ok())
                && expected != etag(&current)
            {
                let mut response =
                    (StatusCode::PRECONDITION_FAILED, axum::Json(current.clone())).into_response();
                response
                    .headers_mut()
                    .insert("etag", etag(&current).parse().unwrap());
                return response;
            }
            let new = resolve(new, &current);
            set_at(&mut data, &path, new.clone());
            if silent {
                StatusCode::NO_CONTENT.into_response()
            } else {
                axum::Json(new).into_response()
            }
        }
        Method::PATCH => {
            let Ok(Value::Object(children)) = parsed() else {
                return error(
                    StatusCode::BAD_REQUEST,
                    "Invalid data; couldn't parse JSON object",
                );
            };
            for (k, v) in children {
                let mut child_path = path.clone();
                child_path.extend(segments(&k));
                let old = get_at(&data, &child_path).clone();
                set_at(&mut data, &child_path, resolve(v, &old));
            }
            if silent {
                StatusCode::NO_CONTENT.into_response()
            } else {
                axum::Json(get_at(&data, &path).clone()).into_response()
            }
        }
        Method::POST => {
            let Ok(new) = parsed() else {
                return error(
                    StatusCode::BAD_REQUEST,
                    "Invalid data; couldn't parse JSON object",
                );
            };
            let name = lucent::store::push_id::next();
            let mut child_path = path.clone();
            child_path.push(name.clone());
            set_at(&mut data, &child_path, new);
            axum::Json(json!({ "name": name })).into_response()
        }
        Method::DELETE => {
            set_at(&mut data, &path, Value::Null);
            if silent {
                StatusCode::NO_CONTENT.into_response()
            } else {
                axum::Json(Value::Null).into_response()
            }
        }
        _ => error(StatusCode::METHOD_NOT_ALLOWED, "method not allowed"),
    }
}
