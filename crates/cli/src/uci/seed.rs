//! `setoption name seed value random`: a seed drawn from the operating system
//! for every game (at the `setoption` and at each `ucinewgame`), so a match
//! does not replay the same line game after game. A number sets a fixed seed
//! again; fixed seeds (1 by default) keep runs reproducible.

/// How the protocol seeds its searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum SeedMode {
    /// The seed option's number, kept until it is set again.
    #[default]
    Fixed,
    /// A new seed from the OS per game.
    Random,
}

/// The `seed` value that asks for a seed per game.
pub(super) const RANDOM: &str = "random";

impl SeedMode {
    /// The mode a `setoption name seed value <value>` asks for (`random`,
    /// ASCII case ignored; anything else is a fixed seed, for the option
    /// table to read).
    pub(super) fn of_value(value: &str) -> SeedMode {
        if value.trim().eq_ignore_ascii_case(RANDOM) {
            SeedMode::Random
        } else {
            SeedMode::Fixed
        }
    }
}

/// A seed from the operating system, within the seed option's range (a
/// 32-bit number), so `seed` can be set back to it to replay a game.
pub(super) fn draw_seed() -> Result<u64, getrandom::Error> {
    let mut bytes = [0u8; 4];
    getrandom::getrandom(&mut bytes)?;
    Ok(u64::from(u32::from_le_bytes(bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_in_any_case_asks_for_a_seed_per_game() {
        assert_eq!(SeedMode::of_value("random"), SeedMode::Random);
        assert_eq!(SeedMode::of_value(" Random "), SeedMode::Random);
        assert_eq!(SeedMode::of_value("7"), SeedMode::Fixed);
        assert_eq!(SeedMode::of_value("randomly"), SeedMode::Fixed);
    }

    #[test]
    fn drawn_seeds_fit_the_option_and_vary() {
        let seeds: Vec<u64> = (0..8)
            .map(|_| draw_seed().expect("OS randomness"))
            .collect();
        assert!(seeds.iter().all(|&s| s <= u64::from(u32::MAX)));
        // Eight equal 32-bit draws would mean the OS source is broken.
        assert!(seeds.iter().any(|&s| s != seeds[0]), "{seeds:?}");
    }
}
