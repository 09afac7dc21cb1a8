//! Times the non-pro preview (decode, blur, watermark, PNG encode) on the given PNG files and
//! prints one line per file: `<file> <milliseconds per image>`. Used by
//! `bench/preview-vs-sharp.mjs` to compare with sharp on the same images in the same run.

use std::time::Instant;

fn main() {
    let iterations: u32 = std::env::var("ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(30);
    for file in std::env::args().skip(1) {
        let png = std::fs::read(&file).expect("a readable PNG");
        let run = || {
            let img = image::load_from_memory_with_format(&png, image::ImageFormat::Png).unwrap();
            lucent::images::encode_png(&lucent::images::preview::blurred(&img)).unwrap()
        };
        run();
        let started = Instant::now();
        for _ in 0..iterations {
            std::hint::black_box(run());
        }
        let ms = started.elapsed().as_secs_f64() * 1000.0 / f64::from(iterations);
        println!("{file} {ms:.3}");
    }
}
