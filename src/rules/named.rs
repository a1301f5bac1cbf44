//! Closed vocabularies written as words in army files and cases
//! (`close_foot`, `worn`, `wedge` …): one list per enum gives parsing,
//! printing and the list of accepted words for error messages.

/// An enum whose every value has one word in the files.
pub trait Named: Sized + Copy + 'static {
    /// Every value with its word, in the order they are listed to the referee.
    const ALL: &'static [(&'static str, Self)];

    /// The word for this value.
    fn name(self) -> &'static str
    where
        Self: PartialEq,
    {
        Self::ALL
            .iter()
            .find(|(_, v)| *v == self)
            .map(|(n, _)| *n)
            .unwrap_or("?")
    }

    /// The value written as `word`, if it is one of the words.
    fn parse(word: &str) -> Option<Self> {
        Self::ALL.iter().find(|(n, _)| *n == word).map(|(_, v)| *v)
    }

    /// The accepted words, comma-separated, for error messages.
    fn accepted() -> String {
        Self::ALL
            .iter()
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The accepted word closest to a misspelt `word`, if one is close.
    fn did_you_mean(word: &str) -> Option<&'static str> {
        closest(word, Self::ALL.iter().map(|(n, _)| *n))
    }
}

/// The candidate closest to `word` by Jaro-Winkler similarity, if it is close
/// enough to be a likely misspelling.
pub fn closest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .map(|c| (strsim::jaro_winkler(word, c), c))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// Implements [`Named`], `Display` and serde (as the word) for an enum.
#[macro_export]
macro_rules! named_enum {
    ($ty:ty { $($word:literal => $variant:expr),+ $(,)? }) => {
        impl $crate::rules::named::Named for $ty {
            const ALL: &'static [(&'static str, Self)] = &[$(($word, $variant)),+];
        }
        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($crate::rules::named::Named::name(*self))
            }
        }
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str($crate::rules::named::Named::name(*self))
            }
        }
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let word = String::deserialize(d)?;
                <$ty as $crate::rules::named::Named>::parse(&word).ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "'{word}' is not one of: {}",
                        <$ty as $crate::rules::named::Named>::accepted()
                    ))
                })
            }
        }
    };
}
