//! Exact odds of every outcome before a roll, computed from the same rules
//! functions the resolution uses. (Being built: issue 7.)
