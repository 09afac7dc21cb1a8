//! Latency of `Encoder::embed` on one thread, for a 500- and a 100-character
//! English text.
//!
//!     cargo run --release --example bench [-- RUNS]
//!
//! Reads the model from LUCENT_E5_MODEL or ../../models/e5-small-q4.bin, and runs each
//! call's products on LUCENT_E5_THREADS threads (1).
//! Prints wall-clock percentiles and, because a busy machine stretches wall
//! time with waits for a core, the calling thread's on-CPU time as well.
//! Last, two threads embed the long text at once, as the gateway's blocking
//! pool may.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use cpu_time::ThreadTime;
use lucent_e5::{Encoder, Kind};

const LONG: &str = "The city council met on Tuesday evening to discuss the proposed expansion of \
the public library. Residents packed the hall, and many spoke in favour of longer opening hours, a \
larger children's section and better access for people with disabilities. Others worried about the \
cost, which the finance committee estimates at four million dollars over five years. After three \
hours of debate the council agreed to commission a detailed study and to hold a second public \
hearing in the spring before any final decision is taken.";

/// An explicit request as image prompts are written: the gate reads it whole, then its
/// phrases (split at commas, at most 12) for the forbidden signs.
const TAGS: &str = "masterpiece, best quality, ultra detailed, photorealistic, 8k uhd, \
a woman in her thirties lying on a linen bed in a sunlit loft apartment, nude, soft window \
light from the left, shallow depth of field, film grain, Kodak Portra 400, 85mm lens, natural \
skin texture, warm tones, cinematic composition, award winning photograph, intricate details, \
sharp focus on the eyes, subtle freckles, messy hair, relaxed pose, looking at the viewer, \
golden hour glow, dust motes in the air, plants on the windowsill, muted palette";

const SHORT: &str = "How much protein should an adult eat every day, and does it matter at which \
time of day they eat it?";

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .map_or(200, |n| n.parse().expect("RUNS must be a number"));
    let path = std::env::var_os("LUCENT_E5_MODEL").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../models/e5-small-q4.bin"),
        PathBuf::from,
    );
    let start = Instant::now();
    let threads: usize = std::env::var("LUCENT_E5_THREADS").map_or(1, |n| {
        n.parse().expect("LUCENT_E5_THREADS must be a number")
    });
    let encoder = Encoder::open(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .with_threads(threads);
    println!("loaded {} in {:.0} ms", path.display(), ms(start.elapsed()));

    let long = &LONG[..500];
    assert_eq!((long.chars().count(), SHORT.chars().count()), (500, 100));
    for text in [long, SHORT] {
        let (mut wall, mut cpu) = timed(&encoder, text, runs);
        println!(
            "{} chars, {:>3} tokens, {runs} runs: wall p50 {:5.1} ms  p99 {:5.1} ms | \
             on-CPU p50 {:5.1} ms  p99 {:5.1} ms",
            text.chars().count(),
            encoder.token_count(text, Kind::Query),
            percentile(&mut wall, 0.50),
            percentile(&mut wall, 0.99),
            percentile(&mut cpu, 0.50),
            percentile(&mut cpu, 0.99),
        );
    }

    // The phrases as the gate reads them: pairs of neighbours once there are more than 12.
    let tags = &TAGS[..500];
    let mut phrases: Vec<String> = tags.split(',').map(|p| p.trim().to_owned()).collect();
    while phrases.len() > 12 {
        phrases = phrases.chunks(2).map(|pair| pair.join(", ")).collect();
    }
    let phrases: Vec<&str> = phrases.iter().map(String::as_str).collect();
    let mut together = vec![tags];
    together.extend(&phrases);
    // The gateway's two ways: on the default style the whole decides whether the phrases are
    // read at all; on an NSFW style they are read with it.
    for (name, both) in [("then its", false), ("and its", true)] {
        let mut wall: Vec<Duration> = (0..runs / 2)
            .map(|_| {
                let start = Instant::now();
                if both {
                    std::hint::black_box(encoder.embed_many(&together, Kind::Query));
                } else {
                    std::hint::black_box(encoder.embed(tags, Kind::Query));
                    std::hint::black_box(encoder.embed_many(&phrases, Kind::Query));
                }
                start.elapsed()
            })
            .collect();
        println!(
            "500-char tag list whole, {name} {} phrases in one pass, {} runs: wall p50 {:5.1} ms  \
             p99 {:5.1} ms",
            phrases.len(),
            wall.len(),
            percentile(&mut wall, 0.50),
            percentile(&mut wall, 0.99),
        );
    }

    let (mut wall, mut cpu) = (Vec::new(), Vec::new());
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|_| scope.spawn(|| timed(&encoder, long, runs / 2)))
            .collect();
        for worker in workers {
            let (w, c) = worker.join().unwrap();
            wall.extend(w);
            cpu.extend(c);
        }
    });
    println!(
        "500 chars, 2 threads at once, {} runs: wall p50 {:5.1} ms  p99 {:5.1} ms | \
         on-CPU p50 {:5.1} ms  p99 {:5.1} ms",
        wall.len(),
        percentile(&mut wall, 0.50),
        percentile(&mut wall, 0.99),
        percentile(&mut cpu, 0.50),
        percentile(&mut cpu, 0.99),
    );
}

/// Wall and on-CPU time of `runs` embeddings of `text`, after a warm-up.
fn timed(encoder: &Encoder, text: &str, runs: usize) -> (Vec<Duration>, Vec<Duration>) {
    for _ in 0..5 {
        encoder.embed(text, Kind::Query);
    }
    (0..runs)
        .map(|_| {
            let (w, c) = (Instant::now(), ThreadTime::now());
            std::hint::black_box(encoder.embed(std::hint::black_box(text), Kind::Query));
            (w.elapsed(), c.elapsed())
        })
        .unzip()
}

fn percentile(times: &mut [Duration], p: f64) -> f64 {
    times.sort_unstable();
    ms(times[((times.len() - 1) as f64 * p).round() as usize])
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}
