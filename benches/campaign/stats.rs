//! Durations summed up as the benchmark prints them: a quantile, the
//! median, and a line of median, 99th percentile and maximum.

use std::time::Duration;

/// The `q` quantile of sorted durations, in milliseconds.
fn quantile_ms(sorted: &[Duration], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i.min(sorted.len() - 1)].as_secs_f64() * 1000.0
}

/// A line: `what`, then the median, the 99th percentile and the maximum
/// of `times`, and how many there are.
pub fn summary(what: &str, mut times: Vec<Duration>) {
    times.sort();
    println!(
        "{what}: median {:.3} ms, p99 {:.3} ms, max {:.3} ms ({} samples)",
        quantile_ms(&times, 0.5),
        quantile_ms(&times, 0.99),
        quantile_ms(&times, 1.0),
        times.len()
    );
}

/// The median of `times`, in milliseconds.
pub fn median_ms(times: &[Duration]) -> f64 {
    let mut sorted = times.to_vec();
    sorted.sort();
    quantile_ms(&sorted, 0.5)
}
