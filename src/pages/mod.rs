pub mod home;
pub mod settings;
pub mod setup;
