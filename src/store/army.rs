//! Army files (`docs/army-format.md`): reading, checking and locating every
//! problem. (Being built: issue 3.)
