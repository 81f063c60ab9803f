//! Hidden hands on one shared screen: whose cards the table shows, and the
//! cover that hides the table while the tablet passes to the next person.
//!
//! With one person at the table (the others are the computer) the table
//! always shows that person's cards. With two or more people, the table
//! shows the cards of the person who last tapped "Show my cards"; as soon
//! as the turn leaves them, a cover hides the table until the next person
//! taps it. Games that hide nothing never have a cover.

/// What the screen shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// The table as this player sees it (0: what everyone sees).
    Table { viewer: u8 },
    /// The cover: the tablet goes to player `next`; `ready` when it is
    /// their turn now (they may tap to see their cards), not yet while a
    /// computer plays.
    Cover { next: u8, ready: bool },
}

/// The screen for a game in progress. `hidden`: the game hides some
/// figures; `people`: the players a person plays, in turn order;
/// `players`: how many there are; `to_move`: whose turn it is; `looking`:
/// whose cards were shown last (0: nobody yet); `over`: the game is over
/// (everyone sees what everyone sees, with no cover).
pub fn screen(hidden: bool, people: &[u8], players: u8, to_move: u8, looking: u8, over: bool) -> Screen {
    match people {
        _ if !hidden || over => Screen::Table { viewer: 0 },
        [] => Screen::Table { viewer: 0 },
        [only] => Screen::Table { viewer: *only },
        _ if looking == to_move => Screen::Table { viewer: looking },
        _ => Screen::Cover {
            next: next_person(people, players, to_move),
            ready: people.contains(&to_move),
        },
    }
}

/// The first person to play from `to_move` on, in turn order.
fn next_person(people: &[u8], players: u8, to_move: u8) -> u8 {
    let players = players.max(1);
    (0..players)
        .map(|i| (to_move.saturating_sub(1) + i) % players + 1)
        .find(|p| people.contains(p))
        .unwrap_or(to_move)
}

/// The cover's words: where the tablet goes, and the button.
pub fn cover_words(next: u8, ready: bool) -> (String, String) {
    let title = format!("Pass the tablet to Player {next}");
    let button = if ready {
        format!("I am Player {next}: show my cards")
    } else {
        "Wait: the computer is playing".to_string()
    };
    (title, button)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_that_hides_nothing_or_one_person_never_covers() {
        assert_eq!(
            screen(false, &[1, 2], 2, 2, 1, false),
            Screen::Table { viewer: 0 }
        );
        assert_eq!(screen(true, &[2], 2, 1, 0, false), Screen::Table { viewer: 2 });
        assert_eq!(screen(true, &[], 2, 1, 0, false), Screen::Table { viewer: 0 });
    }

    #[test]
    fn two_people_see_their_own_cards_and_a_cover_between_turns() {
        // At the start nobody has looked: Player 1 is asked to come.
        assert_eq!(
            screen(true, &[1, 2], 2, 1, 0, false),
            Screen::Cover { next: 1, ready: true }
        );
        // Player 1 tapped: their cards.
        assert_eq!(screen(true, &[1, 2], 2, 1, 1, false), Screen::Table { viewer: 1 });
        // The turn passed: covered at once, for Player 2.
        assert_eq!(
            screen(true, &[1, 2], 2, 2, 1, false),
            Screen::Cover { next: 2, ready: true }
        );
        // At the end nobody's hand is hidden behind a cover.
        assert_eq!(screen(true, &[1, 2], 2, 2, 1, true), Screen::Table { viewer: 0 });
    }

    #[test]
    fn while_a_computer_plays_the_cover_waits_for_the_next_person() {
        // People 1 and 3, the computer 2: after Player 1, the cover names 3.
        assert_eq!(
            screen(true, &[1, 3], 3, 2, 1, false),
            Screen::Cover {
                next: 3,
                ready: false
            }
        );
        assert_eq!(
            screen(true, &[1, 3], 3, 3, 1, false),
            Screen::Cover { next: 3, ready: true }
        );
        // After Player 3 the turn goes round to 1.
        assert_eq!(
            screen(true, &[1, 3], 3, 1, 3, false),
            Screen::Cover { next: 1, ready: true }
        );
        assert_eq!(next_person(&[1, 3], 4, 4), 1);
        let (title, button) = cover_words(2, true);
        assert_eq!(title, "Pass the tablet to Player 2");
        assert_eq!(button, "I am Player 2: show my cards");
    }
}
