//! Herald: a referee's console for medieval miniatures battles.
//!
//! Layers point downwards only (see `DESIGN.md`): `rules` (pure) and `dice`
//! at the bottom, then `odds` and `battle`, then `store` (files), and the
//! console (`tui`) and command line (`cli`) on top.

pub mod battle;
pub mod cli;
pub mod dice;
pub mod odds;
pub mod rules;
pub mod store;
pub mod tui;

/// Herald allocates through mimalloc, in the binary, the tests and the
/// benchmarks alike: reading a big army on two threads is 12% faster with
/// it than with the system allocator (`cargo bench --bench army_load`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
