//! Both layers together on the batteries: the rules first, then the reader of meaning on what
//! they let through, as admission runs them. `battery_round3.jsonl` was written for this round
//! by a writer who saw neither the lists, the head's training data nor any earlier battery; the
//! head was trained on the two earlier batteries (safety-model/REPORT.md).

use std::sync::Arc;

use super::Meaning;
use crate::safety::Gate;
use crate::safety::battery::{self, Case, Outcome};

pub(crate) const ROUND_3: &str = include_str!("../battery_round3.jsonl");

pub(crate) fn model_path() -> std::path::PathBuf {
    std::env::var_os("LUCENT_MEANING_MODEL").map_or_else(
        || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("models/e5-small-q4.bin"),
        Into::into,
    )
}

pub(crate) fn meaning() -> Arc<Meaning> {
    let path = model_path();
    Arc::new(
        Meaning::open(&path, 2)
            .unwrap_or_else(|e| panic!("{e}: run scripts/fetch-model.sh (the test command does)")),
    )
}

/// The rules' outcomes, with the reader of meaning's refusals (never strikes) where they let a
/// request through.
async fn run_both<'a>(gate: &Gate, meaning: &Arc<Meaning>, cases: &'a [Case]) -> Vec<Outcome<'a>> {
    let mut outcomes = battery::run(gate, cases);
    for outcome in outcomes.iter_mut().filter(|o| o.refused.is_none()) {
        let category = meaning
            .judge(&outcome.case.prompt, outcome.case.style == "nsfw")
            .await
            .unwrap();
        outcome.refused = category.map(|c| (c.as_str(), false));
    }
    outcomes
}

/// (must refuse, refused, must pass, refused)
fn totals(outcomes: &[Outcome<'_>]) -> [usize; 4] {
    let mut t = [0; 4];
    for o in outcomes {
        let i = if o.case.expect == "pass" { 2 } else { 0 };
        t[i] += 1;
        t[i + 1] += usize::from(o.refused.is_some());
    }
    t
}

/// The tables of docs/content-safety.md for both layers: `cargo test --lib layers_report --
/// --ignored --nocapture`.
#[tokio::test]
#[ignore = "prints the batteries' rates with both layers, for the docs"]
async fn layers_report() {
    let gate = Gate::load(None).unwrap();
    let meaning = meaning();
    for (name, text) in [
        ("round 3 (held out)", ROUND_3),
        ("battery (trained on)", battery::BATTERY),
        ("held out of round 2 (trained on)", battery::HELD_OUT),
    ] {
        let cases = battery::cases(text);
        let rules = battery::run(&gate, &cases);
        let both = run_both(&gate, &meaning, &cases).await;
        println!(
            "### {name}: rules {:?}, both {:?}\n",
            totals(&rules),
            totals(&both)
        );
        for (title, outcomes) in [("rules alone", &rules), ("rules and meaning", &both)] {
            println!("#### {title}\n");
            println!(
                "{}",
                battery::table("category", &battery::rates(outcomes, |c| c.expect.clone()))
            );
            println!(
                "{}",
                battery::table("language", &battery::rates(outcomes, |c| c.lang.clone()))
            );
        }
        for o in &both {
            if (o.case.expect == "pass") == o.refused.is_some() {
                println!(
                    "- {} {} {} {:?}: {:?}",
                    o.case.expect, o.case.lang, o.case.style, o.refused, o.case.prompt
                );
            }
        }
    }
}
