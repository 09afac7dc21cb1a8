//! The rules' decision on each prompt of stdin, one per line, as admission reads it: the
//! counterpart of safety-model/decide.py for the reader of meaning.
//!
//!     echo "a couple, doggy style" | cargo run --example gate -- nsfw
//!
//! The argument is the style: `nsfw`, `capable` (a checkpoint that can draw nudity) or `safe`.

use std::io::BufRead;

use lucent::safety::{Gate, Request, pasted};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let style = std::env::args().nth(1).unwrap_or_else(|| "capable".into());
    let gate = Gate::load(None)?;
    for line in std::io::stdin().lock().lines() {
        let (prompt, negative) = pasted::sent(&line?, "");
        let request = Request {
            prompt: &prompt,
            source_len: 0,
            negative_prompt: &negative,
            nsfw_style: style == "nsfw",
            nudity: style != "safe",
        };
        let decision = match gate.check(&request) {
            Ok(passed) => format!(
                "pass (explicit: {}, adult: {})",
                passed.surely_explicit, passed.adult
            ),
            Err(refusal) => format!(
                "{} {} {:?}",
                if refusal.strike { "STRIKE" } else { "rephrase" },
                refusal.category.as_str(),
                refusal.words
            ),
        };
        println!("{decision:40} | {prompt}");
    }
    Ok(())
}
