//! Exact distributions of dice, no dice rolled: the sum of dice, a fixed
//! total, the number of successes in independent tries, and the chance that
//! dice make a score or more (or stay at most at a value).

use super::dice::DiceSpec;

/// A distribution over totals: `p[k]` is the chance of a total of `k`.
pub type Dist = Vec<f64>;

/// The distribution of one die of `sides` faces (1 … sides).
pub fn die(sides: u32) -> Dist {
    let n = usize::try_from(sides).unwrap_or(0);
    let mut d = vec![0.0; n + 1];
    for p in d.iter_mut().skip(1) {
        *p = 1.0 / f64::from(sides.max(1));
    }
    d
}

/// The distribution of the sum of two independent totals.
pub fn add(a: &Dist, b: &Dist) -> Dist {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, &p) in a.iter().enumerate() {
        if p == 0.0 {
            continue;
        }
        for (j, &q) in b.iter().enumerate() {
            out[i + j] += p * q;
        }
    }
    out
}

/// The distribution of the sum of `count` dice of `sides` faces.
pub fn dice_sum(count: u32, sides: u32) -> Dist {
    let one = die(sides);
    let mut total = fixed(0);
    for _ in 0..count {
        total = add(&total, &one);
    }
    total
}

/// A fixed total.
pub fn fixed(n: u32) -> Dist {
    let mut d = vec![0.0; usize::try_from(n).unwrap_or(0) + 1];
    if let Some(last) = d.last_mut() {
        *last = 1.0;
    }
    d
}

/// The chance of `k` successes in `n` tries of chance `p`, for every `k`.
pub fn binomial(n: u32, p: f64) -> Vec<f64> {
    // Built one try at a time: exact in rationals, stable in floating point.
    let mut dist = vec![1.0];
    for _ in 0..n {
        let mut next = vec![0.0; dist.len() + 1];
        for (k, &q) in dist.iter().enumerate() {
            next[k] += q * (1.0 - p);
            next[k + 1] += q * p;
        }
        dist = next;
    }
    dist
}

/// The chance that a die of `sides` faces plus `bonus` makes `at` or more.
pub fn at_least(sides: u32, bonus: i32, at: u32) -> f64 {
    let hits = (1..=sides)
        .filter(|&f| i64::from(f) + i64::from(bonus) >= i64::from(at))
        .count();
    f64::from(u32::try_from(hits).unwrap_or(u32::MAX)) / f64::from(sides.max(1))
}

/// The chance that one D6 scores `score` or more (1: always).
pub fn d6_at_least(score: i32) -> f64 {
    match score {
        i32::MIN..=1 => 1.0,
        2..=6 => f64::from(7 - score) / 6.0,
        _ => 0.0,
    }
}

/// The chance that `dice` D6 added reach `score` or more.
pub fn dice_at_least(score: i32, dice: u32) -> f64 {
    let dist = dice_sum(dice.max(1), 6);
    let from = usize::try_from(score.max(0)).unwrap_or(0);
    dist.iter().skip(from).sum()
}

/// The chance of rolling `dice` equal to or under `value` (a test such as
/// CC-15, CC-20 or CC-21).
pub fn chance_at_most(dice: DiceSpec, value: i32) -> f64 {
    dice_sum(dice.count, dice.sides)
        .iter()
        .enumerate()
        .filter(|&(k, _)| i32::try_from(k).unwrap_or(i32::MAX) <= value)
        .map(|(_, p)| p)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomial_sums_to_one() {
        let d = binomial(5, 0.3);
        assert_eq!(d.len(), 6);
        assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((d[0] - 0.7_f64.powi(5)).abs() < 1e-12);
    }
}
