//! Profi-Sort tests.
