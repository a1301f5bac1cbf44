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
/// benchmarks alike: resuming a battle reads one small TOML table per
/// event, and with the system allocator that is a quarter slower (5,000
/// events 17.6 ms instead of 13.0, past the 15 ms budget) and a 20,000-event
/// battle's console takes 16.7 MB instead of 11.9 (`cargo bench --bench
/// long_battle -- resume`; `examples/battle_memory.rs`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Asks the allocator to give freed memory back to the system at once
/// (mimalloc keeps it 10 to 100 ms by default): resuming a long battle
/// frees as much as it keeps, and without this the console of a
/// 20,000-event battle peaks at 20 MB resident instead of 14 MB, at no cost
/// in speed (`examples/battle_memory.rs`). The binary calls it first thing.
pub fn tune_allocator() {
    // `mi_option_purge_delay` in mimalloc.h (the same in mimalloc 2 and 3).
    const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;
    unsafe extern "C" {
        fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
    }
    // SAFETY: mimalloc's own setter of one of its options, with a valid
    // option and value; it may be called at any time.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, 0) };
}
