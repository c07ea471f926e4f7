//! The native stand-in for `localStorage`, with its failures.
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
thread_local! {
    static DATA: RefCell<BTreeMap<String, String>> = const { RefCell::new(BTreeMap::new()) };
    /// The quota in bytes of keys and values (`usize::MAX`: none).
    static QUOTA: Cell<usize> = const { Cell::new(usize::MAX) };
    static READS_THROW: Cell<bool> = const { Cell::new(false) };
    static ABSENT: Cell<bool> = const { Cell::new(false) };
}
pub(super) struct Store;
fn used() -> usize {
    DATA.with(|d| d.borrow().iter().map(|(k, v)| k.len() + v.len()).sum())
}
impl Store {
    pub(super) fn get_item(&self, k: &str) -> Result<Option<String>, ()> {
        if READS_THROW.with(Cell::get) {
            return Err(());
        }
        Ok(DATA.with(|d| d.borrow().get(k).cloned()))
    }
    pub(super) fn set_item(&self, k: &str, v: &str) -> Result<(), ()> {
        let old = DATA.with(|d| d.borrow().get(k).map_or(0, |o| k.len() + o.len()));
        if used() - old + k.len() + v.len() > QUOTA.with(Cell::get) {
            return Err(());
        }
        DATA.with(|d| d.borrow_mut().insert(k.to_string(), v.to_string()));
        Ok(())
    }
    pub(super) fn remove_item(&self, k: &str) -> Result<(), ()> {
        DATA.with(|d| d.borrow_mut().remove(k));
        Ok(())
    }
    pub(super) fn length(&self) -> Result<u32, ()> {
        Ok(DATA.with(|d| d.borrow().len()) as u32)
    }
    pub(super) fn key(&self, i: u32) -> Result<Option<String>, ()> {
        Ok(DATA.with(|d| d.borrow().keys().nth(i as usize).cloned()))
    }
}
pub fn set_quota(bytes: usize) {
    QUOTA.with(|q| q.set(bytes));
}
pub fn set_reads_throw(on: bool) {
    READS_THROW.with(|r| r.set(on));
}
pub fn set_absent(on: bool) {
    ABSENT.with(|r| r.set(on));
}
pub(super) fn absent() -> bool {
    ABSENT.with(Cell::get)
}
/// What another tab would do: writes straight to the browser's storage.
pub fn put(k: &str, v: &str) {
    DATA.with(|d| d.borrow_mut().insert(k.to_string(), v.to_string()));
}
pub fn peek(k: &str) -> Option<String> {
    DATA.with(|d| d.borrow().get(k).cloned())
}
