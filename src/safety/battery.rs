//! The gate tried both ways: requests it must refuse (each category, each evasion) and at
//! least as many it must let through (adult explicit requests, ordinary requests that mention
//! children or ages, words that contain listed words); and the battery of `battery.jsonl`,
//! written apart from the lists, with its rates per category and per language.

use super::*;

mod classes;
mod corpus;
mod exes;
mod groups;
mod idioms;
mod languages;
mod minors;
mod neighbours;
mod now;
mod plain;
mod pointers;
mod reading;
mod rites;
mod said;
mod teachers;
mod together;
mod unsaid;

pub(crate) use corpus::{BATTERY, Case, HELD_OUT, Outcome, cases, rates, run, table};

fn gate() -> std::sync::Arc<Gate> {
    Gate::load(None).unwrap()
}

/// On an NSFW style.
fn explicit(prompt: &str) -> Request<'_> {
    Request {
        prompt,
        source_len: 0,
        negative_prompt: "",
        nsfw_style: true,
        nudity: true,
    }
}

/// On a style that is not NSFW, whose checkpoint can draw nudity (every built-in one).
fn ordinary(prompt: &str) -> Request<'_> {
    Request {
        nsfw_style: false,
        ..explicit(prompt)
    }
}

/// On a style whose checkpoint cannot draw nudity.
fn safe(prompt: &str) -> Request<'_> {
    Request {
        nudity: false,
        ..ordinary(prompt)
    }
}

fn explicitness(gate: &Gate, request: &Request<'_>) -> Result<bool, Refusal> {
    gate.check(request).map(|p| p.explicit)
}

/// Let through on an NSFW style and read as a person of twenty or more, which silences the
/// reader of meaning's sense of youth.
fn grown(gate: &Gate, prompt: &str) -> bool {
    gate.check(&explicit(prompt)).is_ok_and(|p| p.adult)
}

#[track_caller]
fn refused(gate: &Gate, request: Request<'_>, category: Category) -> Refusal {
    match gate.check(&request) {
        Err(refusal) if refusal.category == category => refusal,
        other => panic!("{request:?}: expected {category:?}, got {other:?}"),
    }
}

/// Refused in `category` with a strike: a certain sign.
#[track_caller]
fn struck(gate: &Gate, request: Request<'_>, category: Category) {
    let prompt = request.prompt;
    let refusal = refused(gate, request, category);
    assert!(refusal.strike, "{prompt}: {refusal:?}");
}

/// Let through.
#[track_caller]
fn passes(gate: &Gate, request: Request<'_>) {
    if let Err(refusal) = gate.check(&request) {
        panic!("{request:?}: refused: {refusal:?}");
    }
}

/// Refused in `category` and asked to rephrase: no strike.
#[track_caller]
fn rephrased(gate: &Gate, request: Request<'_>, category: Category) {
    let prompt = request.prompt;
    let refusal = refused(gate, request, category);
    assert!(!refusal.strike, "{prompt}: {refusal:?}");
}
