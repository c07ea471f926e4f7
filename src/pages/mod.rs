pub mod bench;
pub mod home;
pub mod play;
pub mod rules;
pub mod saves;
pub mod settings;
pub mod setup;
pub mod stats;
