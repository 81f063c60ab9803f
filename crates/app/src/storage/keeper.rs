//! When a tab may write its work, and what happens to work it must not
//! overwrite.
//!
//! Rules:
//! - Nothing that changed → nothing written (so opening a second tab, or
//!   opening the game another tab saved, does not disturb anyone).
//! - The tab's own earlier save with a *higher* revision is never replaced
//!   by a lower one.
//! - Work another tab saved since this tab last read or wrote the key is
//!   never replaced silently: this tab is told ([`SaveOutcome::OtherTab`])
//!   and keeps its own work under a key of its own until the child chooses
//!   ([`Keeper::adopt`] the newer work, or [`Keeper::take_over`], which sets
//!   the other work aside first).
//! - Unreadable work is moved to a key starting with
//!   [`SET_ASIDE_PREFIX`], never deleted.

use super::saved::{
    peek_stamp, read_saved, Restored, SavedWork, Snapshot, Stamp, SET_ASIDE_PREFIX, WORK_KEY,
};

/// A key–value store of strings: the browser's localStorage, or a map in tests.
pub trait Shelf {
    fn get(&self, key: &str) -> Option<String>;
    /// # Errors
    /// Why the value could not be stored (full, turned off).
    fn set(&mut self, key: &str, value: &str) -> Result<(), String>;
    fn remove(&mut self, key: &str);
}

/// What the tab found when it started.
#[derive(Debug, Clone, PartialEq)]
pub enum Start {
    /// Nothing was kept: a new game.
    Nothing,
    /// The kept work.
    Work(Box<Restored>),
    /// The kept value could not be read; it was moved to `key`.
    SetAside { key: String, reason: String },
    /// The kept value could not be read, nor moved (storage full); it was
    /// left where it is and will not be overwritten.
    Unreadable { reason: String },
}

/// What happened to a save.
#[derive(Debug, Clone, PartialEq)]
pub enum SaveOutcome {
    Saved,
    /// Nothing changed since the last save.
    Unchanged,
    /// Another tab saved newer work; this tab's work was kept under
    /// `kept_as` instead (`None` if even that failed).
    OtherTab {
        stamp: Stamp,
        kept_as: Option<String>,
    },
    /// This tab saved a higher revision already; nothing was written.
    Older,
    /// The browser refused to store it.
    Failed(String),
}

/// One tab's side of keeping work.
#[derive(Debug, Clone)]
pub struct Keeper {
    tab: String,
    /// The stamp under [`WORK_KEY`] this tab last read or wrote.
    seen: Option<Stamp>,
    /// What this tab last wrote or read.
    last: Option<Snapshot>,
    /// Newer work of another tab, until the child chooses.
    conflict: Option<Stamp>,
}

fn same_content(a: &Snapshot, b: &Snapshot) -> bool {
    a.mode == b.mode && a.game == b.game && a.play == b.play
}

/// Moves `text` to a new set-aside key and returns the key.
fn set_aside(shelf: &mut impl Shelf, text: &str, now: f64) -> Result<String, String> {
    let base = format!("{SET_ASIDE_PREFIX}{}", now.max(0.0) as u64);
    let mut key = base.clone();
    let mut n = 2;
    while shelf.get(&key).is_some() {
        key = format!("{base}-{n}");
        n += 1;
    }
    shelf.set(&key, text)?;
    Ok(key)
}

impl Keeper {
    /// A keeper for one tab (one page load), named `tab`.
    pub fn new(tab: impl Into<String>) -> Self {
        Keeper {
            tab: tab.into(),
            seen: None,
            last: None,
            conflict: None,
        }
    }

    pub fn tab(&self) -> &str {
        &self.tab
    }

    /// Another tab's newer work, while the child has not chosen.
    pub fn conflict(&self) -> Option<&Stamp> {
        self.conflict.as_ref()
    }

    /// The key this tab keeps its work under while another tab's work is newer.
    pub fn own_key(&self) -> String {
        format!("{SET_ASIDE_PREFIX}tab-{}", self.tab)
    }

    /// Reads the kept work when the page starts; unreadable work is set aside.
    pub fn restore(&mut self, shelf: &mut impl Shelf, now: f64) -> Start {
        let Some(text) = shelf.get(WORK_KEY) else {
            return Start::Nothing;
        };
        match read_saved(&text) {
            Ok(restored) => {
                self.seen = Some(restored.stamp.clone());
                self.last = Some(restored.snapshot.clone());
                Start::Work(Box::new(restored))
            }
            Err(reason) => match set_aside(shelf, &text, now) {
                Ok(key) => {
                    shelf.remove(WORK_KEY);
                    Start::SetAside { key, reason }
                }
                Err(_) => Start::Unreadable { reason },
            },
        }
    }

    /// Keeps `snapshot`, following the rules above.
    pub fn save(&mut self, shelf: &mut impl Shelf, snapshot: &Snapshot, now: f64) -> SaveOutcome {
        if let Some(stamp) = self.conflict.clone() {
            return self.keep_own(shelf, snapshot, stamp, now);
        }
        if self.last.as_ref().is_some_and(|l| same_content(l, snapshot)) {
            return SaveOutcome::Unchanged;
        }
        if let Some(text) = shelf.get(WORK_KEY) {
            match peek_stamp(&text) {
                Err(_) => {
                    if let Err(e) = set_aside(shelf, &text, now) {
                        return SaveOutcome::Failed(e);
                    }
                }
                Ok(stored) if stored.tab == self.tab => {
                    if stored.revision > snapshot.revision {
                        return SaveOutcome::Older;
                    }
                }
                Ok(stored) => {
                    if self.seen.as_ref() != Some(&stored) {
                        self.conflict = Some(stored.clone());
                        return self.keep_own(shelf, snapshot, stored, now);
                    }
                }
            }
        }
        self.write(shelf, snapshot, now)
    }

    fn write(&mut self, shelf: &mut impl Shelf, snapshot: &Snapshot, now: f64) -> SaveOutcome {
        let work = SavedWork::new(snapshot, &self.tab, now);
        match shelf.set(WORK_KEY, &work.to_text()) {
            Ok(()) => {
                self.seen = Some(work.stamp);
                self.last = Some(snapshot.clone());
                SaveOutcome::Saved
            }
            Err(e) => SaveOutcome::Failed(e),
        }
    }

    fn keep_own(
        &mut self,
        shelf: &mut impl Shelf,
        snapshot: &Snapshot,
        stamp: Stamp,
        now: f64,
    ) -> SaveOutcome {
        let key = self.own_key();
        let text = SavedWork::new(snapshot, &self.tab, now).to_text();
        let kept_as = shelf.set(&key, &text).ok().map(|()| key);
        SaveOutcome::OtherTab { stamp, kept_as }
    }

    /// Called when another tab changed the storage: whether its work is now
    /// newer than this tab's (the child should be told).
    pub fn changed_elsewhere(&mut self, shelf: &impl Shelf) -> Option<Stamp> {
        let stored = peek_stamp(&shelf.get(WORK_KEY)?).ok()?;
        if stored.tab == self.tab || self.seen.as_ref() == Some(&stored) {
            return None;
        }
        self.conflict = Some(stored.clone());
        Some(stored)
    }

    /// Takes the other tab's newer work: the caller opens it. This tab's own
    /// work stays under [`Keeper::own_key`] if it was kept there.
    ///
    /// # Errors
    /// Why the other work cannot be read.
    pub fn adopt(&mut self, shelf: &impl Shelf) -> Result<Restored, String> {
        let text = shelf
            .get(WORK_KEY)
            .ok_or_else(|| "The other tab's game is no longer kept.".to_string())?;
        let restored = read_saved(&text)?;
        self.seen = Some(restored.stamp.clone());
        self.last = Some(restored.snapshot.clone());
        self.conflict = None;
        Ok(restored)
    }

    /// Keeps this tab's work after all: the other tab's work is set aside
    /// first (returned key), then this tab's is written.
    pub fn take_over(
        &mut self,
        shelf: &mut impl Shelf,
        snapshot: &Snapshot,
        now: f64,
    ) -> (Option<String>, SaveOutcome) {
        let mut aside = None;
        if let Some(text) = shelf.get(WORK_KEY) {
            match set_aside(shelf, &text, now) {
                Ok(key) => aside = Some(key),
                Err(e) => return (None, SaveOutcome::Failed(e)),
            }
        }
        self.conflict = None;
        let outcome = self.write(shelf, snapshot, now);
        if outcome == SaveOutcome::Saved {
            shelf.remove(&self.own_key());
        }
        (aside, outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::saved::SavedMode;
    use std::cell::RefCell;
    use std::collections::BTreeMap;
    use std::rc::Rc;
    use tablecraft_engine::Game;

    /// localStorage shared by tabs, with an optional size limit.
    #[derive(Clone, Default)]
    struct Browser {
        map: Rc<RefCell<BTreeMap<String, String>>>,
        limit: Rc<RefCell<Option<usize>>>,
    }

    impl Shelf for Browser {
        fn get(&self, key: &str) -> Option<String> {
            self.map.borrow().get(key).cloned()
        }
        fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
            if let Some(limit) = *self.limit.borrow() {
                let used: usize = self
                    .map
                    .borrow()
                    .iter()
                    .filter(|(k, _)| *k != key)
                    .map(|(_, v)| v.len())
                    .sum();
                if used + value.len() > limit {
                    return Err("QuotaExceededError".into());
                }
            }
            self.map.borrow_mut().insert(key.into(), value.into());
            Ok(())
        }
        fn remove(&mut self, key: &str) {
            self.map.borrow_mut().remove(key);
        }
    }

    fn snap(title: &str, revision: u64) -> Snapshot {
        let game = Game {
            title: title.into(),
            ..Game::default()
        };
        Snapshot {
            revision,
            mode: SavedMode::Design,
            game,
            play: None,
        }
    }

    fn kept_title(b: &Browser) -> String {
        read_saved(&b.get(WORK_KEY).unwrap()).unwrap().snapshot.game.title
    }

    #[test]
    fn saves_and_restores_after_a_reload() {
        let mut b = Browser::default();
        let mut tab = Keeper::new("a");
        assert_eq!(tab.restore(&mut b, 1.0), Start::Nothing);
        assert_eq!(tab.save(&mut b, &snap("one", 1), 2.0), SaveOutcome::Saved);
        assert_eq!(tab.save(&mut b, &snap("two", 2), 3.0), SaveOutcome::Saved);
        let mut reloaded = Keeper::new("a2");
        let Start::Work(r) = reloaded.restore(&mut b, 4.0) else {
            panic!("nothing restored")
        };
        assert_eq!(r.snapshot, snap("two", 2));
        assert_eq!(r.stamp.revision, 2);
        // The reloaded tab goes on from there.
        assert_eq!(reloaded.save(&mut b, &snap("three", 3), 5.0), SaveOutcome::Saved);
        assert_eq!(kept_title(&b), "three");
    }

    #[test]
    fn nothing_changed_nothing_written() {
        let mut b = Browser::default();
        let mut tab = Keeper::new("a");
        tab.save(&mut b, &snap("one", 1), 1.0);
        let before = b.get(WORK_KEY);
        // An undo and a redo give the same game at a higher revision.
        assert_eq!(tab.save(&mut b, &snap("one", 3), 2.0), SaveOutcome::Unchanged);
        assert_eq!(b.get(WORK_KEY), before);
        let mut other = snap("one", 3);
        other.mode = SavedMode::Rules;
        assert_eq!(tab.save(&mut b, &other, 3.0), SaveOutcome::Saved);
    }

    #[test]
    fn a_lower_revision_never_replaces_a_higher_one() {
        let mut b = Browser::default();
        let mut tab = Keeper::new("a");
        tab.save(&mut b, &snap("newer", 5), 1.0);
        assert_eq!(tab.save(&mut b, &snap("older", 4), 2.0), SaveOutcome::Older);
        assert_eq!(kept_title(&b), "newer");
        assert_eq!(tab.save(&mut b, &snap("newest", 6), 3.0), SaveOutcome::Saved);
    }

    #[test]
    fn a_corrupt_value_is_set_aside_not_lost() {
        let mut b = Browser::default();
        b.set(WORK_KEY, "{\"format\":1,\"stamp\":").unwrap();
        let mut tab = Keeper::new("a");
        let Start::SetAside { key, reason } = tab.restore(&mut b, 1234.0) else {
            panic!("not set aside")
        };
        assert_eq!(key, "tablecraft.set-aside.1234");
        assert!(!reason.is_empty());
        assert_eq!(b.get(&key).unwrap(), "{\"format\":1,\"stamp\":");
        assert_eq!(b.get(WORK_KEY), None);
        // A second one at the same moment gets its own key.
        b.set(WORK_KEY, "garbage").unwrap();
        let Start::SetAside { key: second, .. } = Keeper::new("b").restore(&mut b, 1234.0) else {
            panic!("not set aside")
        };
        assert_eq!(second, "tablecraft.set-aside.1234-2");
        assert_eq!(b.get(&key).unwrap(), "{\"format\":1,\"stamp\":");
    }

    #[test]
    fn corrupt_work_written_later_is_set_aside_before_saving() {
        let mut b = Browser::default();
        let mut tab = Keeper::new("a");
        tab.restore(&mut b, 1.0);
        b.set(WORK_KEY, "not json").unwrap();
        assert_eq!(tab.save(&mut b, &snap("mine", 1), 50.0), SaveOutcome::Saved);
        assert_eq!(b.get("tablecraft.set-aside.50").unwrap(), "not json");
        assert_eq!(kept_title(&b), "mine");
    }

    #[test]
    fn unreadable_work_that_cannot_be_moved_stays_put() {
        let mut b = Browser::default();
        b.set(WORK_KEY, "x".repeat(10).as_str()).unwrap();
        *b.limit.borrow_mut() = Some(12);
        let mut tab = Keeper::new("a");
        assert!(matches!(tab.restore(&mut b, 1.0), Start::Unreadable { .. }));
        assert!(matches!(
            tab.save(&mut b, &snap("mine", 1), 2.0),
            SaveOutcome::Failed(_)
        ));
        assert_eq!(b.get(WORK_KEY).unwrap(), "x".repeat(10));
    }

    #[test]
    fn a_full_storage_says_so() {
        let mut b = Browser::default();
        *b.limit.borrow_mut() = Some(20);
        let mut tab = Keeper::new("a");
        let SaveOutcome::Failed(why) = tab.save(&mut b, &snap("big", 1), 1.0) else {
            panic!("saved into a full storage")
        };
        assert!(why.contains("Quota"));
        // When room is made, the next change is saved.
        *b.limit.borrow_mut() = None;
        assert_eq!(tab.save(&mut b, &snap("big", 1), 2.0), SaveOutcome::Saved);
    }

    #[test]
    fn two_tabs_do_not_destroy_each_others_work() {
        let mut b = Browser::default();
        let mut first = Keeper::new("first");
        first.restore(&mut b, 0.0);
        first.save(&mut b, &snap("shared", 1), 1.0);

        // A second tab opens the same work; opening writes nothing.
        let mut second = Keeper::new("second");
        let Start::Work(r) = second.restore(&mut b, 2.0) else {
            panic!()
        };
        assert_eq!(second.save(&mut b, &r.snapshot, 3.0), SaveOutcome::Unchanged);
        assert_eq!(first.changed_elsewhere(&b), None);

        // The second tab edits: the first is told at once.
        assert_eq!(second.save(&mut b, &snap("second's", 2), 4.0), SaveOutcome::Saved);
        let stamp = first.changed_elsewhere(&b).expect("first tab not told");
        assert_eq!(stamp.tab, "second");
        assert_eq!(second.changed_elsewhere(&b), None);

        // The first (older) tab edits too: its work is kept aside, not over the newer.
        let outcome = first.save(&mut b, &snap("first's", 2), 5.0);
        let SaveOutcome::OtherTab { stamp, kept_as } = outcome else {
            panic!("{outcome:?}")
        };
        assert_eq!(stamp.tab, "second");
        let kept_as = kept_as.unwrap();
        assert_eq!(kept_title(&b), "second's");
        assert_eq!(
            read_saved(&b.get(&kept_as).unwrap()).unwrap().snapshot.game.title,
            "first's"
        );

        // It takes over: the second tab's work is set aside first.
        let (aside, outcome) = first.take_over(&mut b, &snap("first's", 3), 6.0);
        assert_eq!(outcome, SaveOutcome::Saved);
        let aside = aside.unwrap();
        assert_eq!(
            read_saved(&b.get(&aside).unwrap()).unwrap().snapshot.game.title,
            "second's"
        );
        assert_eq!(kept_title(&b), "first's");
        assert_eq!(b.get(&kept_as), None);
        assert_eq!(first.conflict(), None);

        // Now the second tab is the older one.
        assert!(second.changed_elsewhere(&b).is_some());
        let adopted = second.adopt(&b).unwrap();
        assert_eq!(adopted.snapshot.game.title, "first's");
        assert_eq!(second.conflict(), None);
        // Opening the adopted game writes nothing, so the first tab is not disturbed.
        assert_eq!(
            second.save(&mut b, &snap("first's", 9), 7.0),
            SaveOutcome::Unchanged
        );
        assert_eq!(first.changed_elsewhere(&b), None);
        assert_eq!(
            second.save(&mut b, &snap("together", 10), 8.0),
            SaveOutcome::Saved
        );
        assert!(first.changed_elsewhere(&b).is_some());
    }

    #[test]
    fn an_older_tab_writing_without_a_storage_event_is_still_stopped() {
        let mut b = Browser::default();
        let mut first = Keeper::new("first");
        first.save(&mut b, &snap("a", 1), 1.0);
        let mut second = Keeper::new("second");
        second.restore(&mut b, 2.0);
        second.save(&mut b, &snap("b", 2), 3.0);
        assert!(matches!(
            first.save(&mut b, &snap("c", 2), 4.0),
            SaveOutcome::OtherTab { .. }
        ));
        assert_eq!(kept_title(&b), "b");
        assert!(first.conflict().is_some());
    }
}
