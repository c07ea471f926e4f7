//! Turn rules as scripted scenarios.
