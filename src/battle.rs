//! A battle: both sides' units, the turn sequence of 2.1, and the event log
//! whose fold is the battle's state. (Being built: issue 4.)
