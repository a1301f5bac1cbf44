//! The Warlords console: its state and update (`app`), the vocabulary of
//! its actions (`action`), its dialogs (`dialog`), its table of keys
//! (`keymap`) and its widgets (`view`): the unit tables with Warlords'
//! columns, the walker over 2.1's four steps, each procedure's panel.

pub mod action;
pub mod app;
pub mod dialog;
pub mod keymap;
pub mod view;
