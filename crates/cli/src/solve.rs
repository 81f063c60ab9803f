//! `tablecraft solve FILE [SECONDS]`: the game's value with best play, the
//! best first move and the expected line (for a puzzle: a shortest solution).

use std::process::ExitCode;
use std::sync::Arc;
use tablecraft_engine::search::{self, hint, play, Limits, Move, Outcome};
use tablecraft_engine::{Position, Rules, Status};

/// Solves from the start within `seconds`, printing progress to stderr.
/// Moves are told as everyone sees them (a hidden figure is "a hidden
/// figure") unless `reveal`.
pub fn run(rules: Arc<Rules>, seconds: f64, reveal: bool) -> ExitCode {
    let pos = Position::new(Arc::clone(&rules));
    crate::show::rule_errors(&pos, &mut Vec::new());
    if let Some(result) = over_at_start(&pos) {
        println!("{}", rules.game.title);
        println!("value: {result}");
        return ExitCode::SUCCESS;
    }
    let limits = Limits::millis(seconds * 1000.0);
    let choice = search::solve(&pos, limits, &mut |p| {
        eprintln!(
            "  depth {:>3}  {:>10} positions  {:>8.0} ms  {:?}",
            p.depth, p.nodes, p.elapsed_ms, p.outcome
        )
    });
    println!("{}", rules.game.title);
    let value = match choice.outcome {
        Outcome::Win { moves } => format!("player {} wins in {moves} moves", pos.to_move()),
        Outcome::Loss { moves } => format!("player {} wins in {moves} moves", rules.other(pos.to_move())),
        Outcome::Draw => "a draw".to_string(),
        Outcome::Solved { moves } => format!("solved in {moves} moves at the fewest"),
        Outcome::Impossible => "cannot be solved".to_string(),
        Outcome::Unknown => format!("not proven within {seconds} s"),
        Outcome::Chance { permille } => format!(
            "player {} wins {:.1}% of games with best play by everyone (worked out exactly)",
            pos.to_move(),
            f64::from(permille) / 10.0
        ),
        Outcome::Luck => "it depends on the dice: too big to work out exactly".to_string(),
        Outcome::Hidden => "it depends on the cards: nobody can know in advance".to_string(),
    };
    println!("value with best play: {value}");
    println!("in words: {}", hint::sentence(&choice.outcome));
    let told = |pos: &Position, mv: &Move| told(pos, mv, reveal);
    match &choice.mv {
        Some(mv) => println!("best first move: {}", told(&pos, mv)),
        None if pos.roll_due() => println!("first the dice are rolled: the best move depends on them"),
        None => println!("no move: the game is over"),
    }
    if !choice.pv.is_empty() {
        println!("line of play:");
        let mut at = pos.clone();
        for (i, mv) in choice.pv.iter().enumerate() {
            println!("  {:>3}. {}", i + 1, told(&at, mv));
            play(&mut at, mv);
        }
    }
    println!(
        "searched {} positions to depth {} in {:.0} ms ({:?})",
        choice.nodes, choice.depth, choice.elapsed_ms, choice.method
    );
    ExitCode::SUCCESS
}

/// The result of a game that is over before anyone moves: nothing to search.
fn over_at_start(pos: &Position) -> Option<String> {
    let Status::Over { winner, reason, .. } = pos.status() else {
        return None;
    };
    let who = match (*winner, pos.rules().players) {
        (0, 1) => "the puzzle is not solved".to_string(),
        (_, 1) => "the puzzle is solved".to_string(),
        (0, _) => "a draw".to_string(),
        (w, _) => format!("player {w} wins"),
    };
    Some(format!("the game is over at the start ({reason}): {who}"))
}

/// `mv`, played at `pos`, in words: a figure not everyone sees there is
/// "a hidden figure" unless `reveal`.
fn told(pos: &Position, mv: &Move, reveal: bool) -> String {
    match reveal {
        true => mv.describe(pos.rules()),
        false => mv.describe_for(pos, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablecraft_engine::open::open_bytes;

    #[test]
    fn a_game_over_at_the_start_says_its_result_instead_of_searching() {
        let text = r#"<game format="2" players="2"><title>Over</title><rules>
            <equipment><board name="lane" rows="1" columns="2"/></equipment>
            <figures><figure name="k" type="knight" origin="lane.1.2" owner="1"/></figures>
            <steps><step name="go"><what type="knight" owner="on-move"/><from type="square"/><to type="square"/></step></steps>
            <game-over><end name="home" winner="1"><when>not empty(lane.1.2)</when></end></game-over>
            </rules></game>"#;
        let (_, rules) = open_bytes(text.as_bytes()).unwrap();
        let rules = Arc::new(rules);
        let pos = Position::new(rules);
        assert_eq!(
            over_at_start(&pos).as_deref(),
            Some("the game is over at the start (home): player 1 wins")
        );
    }

    #[test]
    fn a_move_names_a_hidden_card_only_when_revealed() {
        let path = format!(
            "{}/../../public/games/crazy-eights.game.xml",
            env!("CARGO_MANIFEST_DIR")
        );
        let (_, rules) = tablecraft_engine::open(&std::fs::read_to_string(path).unwrap()).unwrap();
        let mut pos = Position::with_seed(Arc::new(rules), 2);
        let mut gen = tablecraft_engine::search::MoveGen::new(pos.rules());
        let mut moves = Vec::new();
        gen.moves(&mut pos, &mut moves);
        let deal = &moves[0];
        let top = pos.rules().figure_name(deal.steps[0].figure).to_string();
        assert!(
            !told(&pos, deal, false).contains(&top),
            "{}",
            told(&pos, deal, false)
        );
        assert!(told(&pos, deal, false).starts_with("a hidden figure deck→pile"));
        assert!(told(&pos, deal, true).contains(&top));
    }
}
