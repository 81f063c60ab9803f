//! What is kept in the browser: one JSON value under [`WORK_KEY`].

use serde::{Deserialize, Serialize};
use tablecraft_engine::file::{read_json, write_json};
use tablecraft_engine::record::Record;
use tablecraft_engine::search::Strength;
use tablecraft_engine::Game;

/// The key the work is kept under.
pub const WORK_KEY: &str = "tablecraft.work";

/// Work that could not be read is moved to a key starting with this.
pub const SET_ASIDE_PREFIX: &str = "tablecraft.set-aside.";

/// The version of the kept value this code writes and the newest it reads.
pub const SAVED_FORMAT: u32 = 1;

/// Which screen was open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum SavedMode {
    #[default]
    Design,
    Rules,
    Play,
}

/// Who plays a side, as kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum SavedPlayer {
    #[default]
    Person,
    Beginner,
    Good,
    Master,
}

impl SavedPlayer {
    /// The computer at a strength.
    pub fn computer(strength: Strength) -> Self {
        match strength {
            Strength::Beginner => SavedPlayer::Beginner,
            Strength::Good => SavedPlayer::Good,
            Strength::Master => SavedPlayer::Master,
        }
    }

    /// The computer's strength, or `None` for a person.
    pub fn strength(self) -> Option<Strength> {
        match self {
            SavedPlayer::Person => None,
            SavedPlayer::Beginner => Some(Strength::Beginner),
            SavedPlayer::Good => Some(Strength::Good),
            SavedPlayer::Master => Some(Strength::Master),
        }
    }
}

/// A game in progress: what was played and who plays.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedPlay {
    pub record: Record,
    /// Who plays each player, from player 1 (work kept before games of
    /// three or four has two; a player not listed is a person).
    pub players: Vec<SavedPlayer>,
    /// The revision of the design the game was started from.
    pub design_revision: u64,
}

impl SavedPlay {
    /// Who plays `player` (from 1): a person when not listed.
    pub fn player(&self, player: u8) -> SavedPlayer {
        usize::from(player)
            .checked_sub(1)
            .and_then(|i| self.players.get(i).copied())
            .unwrap_or_default()
    }
}

/// Who saved, when, and at which revision of the design.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Stamp {
    /// The tab (one page load) that saved.
    pub tab: String,
    /// The design's revision: it only grows, across reloads too.
    pub revision: u64,
    /// Milliseconds since 1970 when it was saved.
    pub time: f64,
}

/// Everything kept, apart from who saved it and when.
#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    pub revision: u64,
    pub mode: SavedMode,
    pub game: Game,
    pub play: Option<SavedPlay>,
}

/// The kept value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedWork {
    pub format: u32,
    pub stamp: Stamp,
    pub mode: SavedMode,
    /// The title, to name a download without reading the game.
    pub title: String,
    /// The game as a JSON game file (`engine::file::write_json`).
    pub game: String,
    #[serde(default)]
    pub play: Option<SavedPlay>,
}

impl SavedWork {
    /// The value to keep for a snapshot.
    pub fn new(snapshot: &Snapshot, tab: &str, time: f64) -> Self {
        SavedWork {
            format: SAVED_FORMAT,
            stamp: Stamp {
                tab: tab.to_string(),
                revision: snapshot.revision,
                time,
            },
            mode: snapshot.mode,
            title: snapshot.game.title.clone(),
            game: write_json(&snapshot.game),
            play: snapshot.play.clone(),
        }
    }

    /// The text kept in storage.
    pub fn to_text(&self) -> String {
        // Plain strings, numbers and lists: writing cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Work read back from storage.
#[derive(Debug, Clone, PartialEq)]
pub struct Restored {
    pub stamp: Stamp,
    pub snapshot: Snapshot,
}

/// Only the stamp of a kept value (cheap: the game is not read).
///
/// # Errors
/// A sentence when the text is not a kept value.
pub fn peek_stamp(text: &str) -> Result<Stamp, String> {
    #[derive(Deserialize)]
    struct Head {
        format: u32,
        stamp: Stamp,
    }
    let head: Head = serde_json::from_str(text).map_err(|e| format!("it is not saved work ({e})"))?;
    if head.format > SAVED_FORMAT {
        return Err(format!(
            "it was saved by a newer Tablecraft (format {}); this one reads format {SAVED_FORMAT}",
            head.format
        ));
    }
    Ok(head.stamp)
}

/// Reads a kept value back: the game, mode, game in progress and stamp.
///
/// # Errors
/// A sentence saying why the value cannot be used.
pub fn read_saved(text: &str) -> Result<Restored, String> {
    peek_stamp(text)?;
    let work: SavedWork = serde_json::from_str(text).map_err(|e| format!("it is not saved work ({e})"))?;
    let (game, _) = read_json(&work.game).map_err(|problems| {
        let first = problems
            .first()
            .map_or_else(|| "it could not be read".to_string(), ToString::to_string);
        format!("the game in it could not be read ({first})")
    })?;
    Ok(Restored {
        stamp: work.stamp.clone(),
        snapshot: Snapshot {
            revision: work.stamp.revision,
            mode: work.mode,
            game,
            play: work.play,
        },
    })
}

/// The game JSON and title of a kept value, for a download when the page
/// has failed (reads only the envelope).
pub fn game_of(text: &str) -> Option<(String, String)> {
    #[derive(Deserialize)]
    struct Part {
        #[serde(default)]
        title: String,
        game: String,
    }
    let part: Part = serde_json::from_str(text).ok()?;
    Some((part.title, part.game))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablecraft_engine::record::Played;

    fn snapshot() -> Snapshot {
        let game = Game {
            title: "My game".into(),
            ..Game::default()
        };
        Snapshot {
            revision: 7,
            mode: SavedMode::Play,
            game,
            play: Some(SavedPlay {
                record: Record {
                    seed: Some(42),
                    played: vec![Played::Pass],
                },
                players: vec![
                    SavedPlayer::Person,
                    SavedPlayer::Good,
                    SavedPlayer::Master,
                    SavedPlayer::Beginner,
                ],
                design_revision: 7,
            }),
        }
    }

    #[test]
    fn kept_work_reads_back_the_same() {
        let text = SavedWork::new(&snapshot(), "tab-1", 1000.0).to_text();
        let back = read_saved(&text).unwrap();
        assert_eq!(back.snapshot, snapshot());
        assert_eq!(
            back.stamp,
            Stamp {
                tab: "tab-1".into(),
                revision: 7,
                time: 1000.0
            }
        );
        assert_eq!(peek_stamp(&text).unwrap(), back.stamp);
        assert_eq!(game_of(&text).unwrap().0, "My game");
    }

    #[test]
    fn work_kept_with_two_players_reads_with_people_for_the_others() {
        let mut two = SavedWork::new(&snapshot(), "t", 1.0);
        if let Some(play) = two.play.as_mut() {
            play.players.truncate(2);
        }
        let text = two.to_text();
        assert!(text.contains("\"players\":[\"person\",\"good\"]"), "{text}");
        let play = read_saved(&text).unwrap().snapshot.play.unwrap();
        assert_eq!(play.player(1), SavedPlayer::Person);
        assert_eq!(play.player(2), SavedPlayer::Good);
        assert_eq!(play.player(3), SavedPlayer::Person);
        assert_eq!(play.player(4), SavedPlayer::Person);
        assert_eq!(play.player(0), SavedPlayer::Person);
        let four = snapshot().play.unwrap();
        assert_eq!(four.player(3), SavedPlayer::Master);
        assert_eq!(four.player(4), SavedPlayer::Beginner);
    }

    #[test]
    fn players_keep_their_strength() {
        for s in [Strength::Beginner, Strength::Good, Strength::Master] {
            assert_eq!(SavedPlayer::computer(s).strength(), Some(s));
        }
        assert_eq!(SavedPlayer::Person.strength(), None);
    }

    #[test]
    fn corrupt_values_are_errors_not_panics() {
        let good = SavedWork::new(&snapshot(), "t", 1.0).to_text();
        let mut bad_game = SavedWork::new(&snapshot(), "t", 1.0);
        bad_game.game = "{\"format\": 1, \"game\": {\"players\": \"many\"}}".into();
        let newer = good.replace("\"format\":1", "\"format\":99");
        for text in [
            "",
            "null",
            "{",
            "[1,2]",
            "{\"format\":1}",
            &good[..good.len() / 2],
            &bad_game.to_text(),
            &newer,
        ] {
            assert!(read_saved(text).is_err(), "{text} was read");
        }
        assert!(read_saved(&newer).unwrap_err().contains("newer"));
        assert!(read_saved(&bad_game.to_text())
            .unwrap_err()
            .contains("game in it"));
    }

    #[test]
    fn old_values_without_a_game_in_progress_read() {
        let mut work = SavedWork::new(&snapshot(), "t", 1.0);
        work.play = None;
        let text = work.to_text().replace(",\"play\":null", "");
        assert!(!text.contains("\"play\":"), "{text}");
        assert_eq!(read_saved(&text).unwrap().snapshot.play, None);
    }
}
