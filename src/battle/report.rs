//! The battle report in Markdown: turn by turn, every roll with its dice and
//! result, casualties and stands lost, personalities' fates, and a closing
//! table of each side's strength.
