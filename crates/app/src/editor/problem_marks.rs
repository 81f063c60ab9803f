//! Which elements on the table the design's problems belong to, so the
//! designer can outline them in red and select them from the problem list.

use super::places::{element, place};
use std::collections::HashSet;
use tablecraft_engine::model::Game;
use tablecraft_engine::problem::{Problem, Section};

/// The element or place on the table a problem is about, if it is about one
/// (problems of rules, moves and endings are not on the table).
pub fn element_of(game: &Game, problem: &Problem) -> Option<String> {
    let loc = &problem.location;
    let on_table = matches!(
        loc.section,
        Section::Equipment | Section::Figure | Section::Trigger | Section::Layout
    );
    let name = loc.name.as_str();
    (on_table && !name.is_empty() && (element(game, name).is_some() || place(game, name).is_some()))
        .then(|| name.to_string())
}

/// The names of every element with a problem.
pub fn marked(game: &Game, problems: &[Problem]) -> HashSet<String> {
    problems.iter().filter_map(|p| element_of(game, p)).collect()
}

/// Where a problem is, in words: `figure 'm.1'`, `step rule 'take', from`.
pub fn where_is(problem: &Problem) -> String {
    let mut loc = problem.location.clone();
    loc.line = None;
    if loc.section != Section::File {
        loc.column = None;
    }
    loc.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::edit::Edit;
    use crate::table::geometry::Point;
    use tablecraft_engine::model::EquipmentKind;
    use tablecraft_engine::problem::Location;
    use tablecraft_engine::Rules;

    #[test]
    fn problems_of_elements_are_marked_and_rule_problems_are_not() {
        let g = Game::default();
        let (mut g, _) = Edit::AddEquipment {
            kind: EquipmentKind::Group,
            at: Point::new(100.0, 100.0),
        }
        .apply(&g)
        .unwrap();
        // Two figures with one name.
        let (g2, _) = Edit::CreateFigures {
            place: "group.1".into(),
            kind: "stone".into(),
            count: 2,
        }
        .apply(&g)
        .unwrap();
        g = g2;
        g.figures[1].name = "s.1".into();
        let problems = Rules::compile(&g).unwrap_err();
        let marks = marked(&g, &problems);
        assert!(marks.contains("s.1"), "{problems:?}");
        let rule = Problem::new(Location::new(Section::Step, "group.1", "from"), "no such place");
        assert_eq!(element_of(&g, &rule), None);
        let gone = Problem::new(Location::new(Section::Figure, "nobody", ""), "x");
        assert_eq!(element_of(&g, &gone), None);
        assert_eq!(where_is(&rule), "step rule 'group.1', from");
        let mut at_line = rule.clone();
        at_line.location.line = Some(3);
        assert_eq!(where_is(&at_line), "step rule 'group.1', from");
    }
}
