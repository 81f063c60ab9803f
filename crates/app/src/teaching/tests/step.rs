//! Recording a step: the first example, widening and narrowing, more
//! examples and counter-examples, arranging the table first.

use super::*;

#[test]
fn it_starts_idle_with_a_first_hint() {
    let t = Teaching::new();
    assert_eq!(t.teach(), &Teach::Idle);
    assert_eq!(t.teach().name(), "idle");
    assert_eq!(t.hint(), FIRST_HINT);
    assert!(!t.arranging() && !t.trying() && t.held().is_none());
}

#[test]
fn recording_a_step_makes_a_rule_at_once_and_opens_it() {
    let mut page = Page::nim();
    let out = page.put("m.1", "basket");
    assert!(!out.refused());
    assert_eq!(page.game.steps.len(), 1);
    assert_eq!(page.undo.len(), 1);
    assert_eq!(page.selected, Some(RuleRef::new(RuleKind::Step, 0)));
    let s = page.step();
    assert_eq!(s.index(), 0);
    assert!(!s.pending());
    assert_eq!(s.shown().sentence(), "m.1 may go from matchgroup to basket.");
    assert_eq!(s.last_example().map(|d| d.to.as_str()), Some("basket"));
    assert_eq!(
        s.count_words(),
        "1 example, 0 counter-examples · it allows no other step on the table now"
    );
    assert!(page.t.hint().starts_with("Try it somewhere else"));
    // The table shows the example made: m.1 lies in the basket.
    let scene = page.t.scene(&page.game);
    assert_eq!(
        scene.figures.iter().find(|f| f.name == "m.1").unwrap().place,
        "basket"
    );
}

#[test]
fn widening_and_narrowing_a_part_changes_the_rule_in_the_game() {
    let mut page = Page::nim();
    page.put("m.1", "basket");
    let ladder = page.step().ladder(&page.game, Part::What);
    assert_eq!(ladder.levels[ladder.now], "only this match");
    assert_eq!(
        page.step().sentence(&page.game),
        "This match may go from the heap to the basket."
    );
    assert!(ladder.can_widen() && !ladder.can_narrow());
    assert!(page.on(Event::Generalise(Part::What)).change.is_some());
    assert!(page.game.steps[0].what.name.is_none(), "no longer only m.1");
    let s = page.step();
    assert_eq!(
        s.ladder(&page.game, Part::What).levels[s.ladder(&page.game, Part::What).now],
        "a match from the heap"
    );
    page.on(Event::Generalise(Part::What));
    assert_eq!(
        page.step().shown().sentence(),
        "A match may go from matchgroup to basket."
    );
    // Every match but the one shown may go now: they are marked.
    assert_eq!(page.step().allowed().len(), 11);
    assert!(page.step().marks().contains("m.5") && page.step().marks().contains("basket"));
    assert_eq!(
        page.t
            .scene(&page.game)
            .figures
            .iter()
            .filter(|f| f.marks.target)
            .count(),
        11
    );
    page.on(Event::Specialise(Part::What));
    assert_eq!(page.step().ladder(&page.game, Part::What).now, 1);
    page.on(Event::Level {
        part: Part::What,
        level: 0,
    });
    assert_eq!(
        page.step().shown().sentence(),
        "m.1 may go from matchgroup to basket."
    );
    assert_eq!(page.undo.len(), 5, "every level one undoable change");
    // Nothing narrower than the narrowest, nothing past the ladder.
    let before = page.game.clone();
    assert!(page.on(Event::Specialise(Part::What)).change.is_none());
    assert!(page
        .on(Event::Level {
            part: Part::What,
            level: 99
        })
        .change
        .is_none());
    assert_eq!(page.game, before);
    let to = page.step().ladder(&page.game, Part::To);
    assert_eq!(to.levels[to.now], "only the basket");
    assert_eq!(crate::teaching::step::part_name(Part::To), "to");
}

#[test]
fn another_example_proposes_a_rule_used_only_when_the_child_says_so() {
    let mut page = Page::ball();
    page.put("b", "s.2");
    assert_eq!(page.game.steps.len(), 1);
    page.on(Event::AnotherExample);
    assert_eq!(
        page.t.hint(),
        "Show another example: drag a figure to where it may go."
    );
    page.on(Event::Arrange);
    page.put("b", "s.4");
    assert_eq!(page.step().setup().moved["b"], "s.4", "arranged, not an example");
    let rule_before = page.game.steps[0].clone();
    let out = page.put("b", "s.5");
    assert!(out.change.is_none(), "a proposal does not change the game");
    let s = page.step();
    assert!(s.pending());
    assert!(s.shown().active().iter().any(|c| c.text == "to = from + 1"));
    assert_eq!(
        s.count_words(),
        "2 examples, 0 counter-examples · on the table now it allows 1 step"
    );
    assert_eq!(page.game.steps[0], rule_before);
    // Widening a proposal changes the proposal, not the game.
    assert!(page.on(Event::Generalise(Part::What)).change.is_none());
    assert!(page.step().pending());
    page.on(Event::UseProposal);
    assert!(!page.step().pending());
    assert!(page.game.steps[0].when.iter().any(|w| w == "to = from + 1"));
    assert!(
        page.on(Event::UseProposal).change.is_none(),
        "nothing left to use"
    );
}

#[test]
fn counter_examples_narrow_the_rule_and_edit_opens_it() {
    let mut page = Page::ball();
    page.put("b", "s.2");
    page.on(Event::Arrange);
    page.put("b", "s.4");
    page.put("b", "s.5");
    page.on(Event::Arrange);
    page.put("b", "s.3");
    page.on(Event::CounterExample);
    assert!(page.step().counter_armed());
    assert!(page.t.hint().contains("NOT"));
    page.put("b", "s.4");
    let s = page.step();
    assert!(!s.counter_armed(), "one counter-example at a time");
    assert!(
        s.notes().iter().any(|n| n.contains("not from number 3")),
        "{:?}",
        s.notes()
    );
    assert_eq!(
        s.setup().moved["b"],
        "s.3",
        "a counter-example does not move the ball"
    );
    assert_eq!(page.t.hint(), "I narrowed the rule so that step is not allowed.");
    assert!(s.count_words().starts_with("2 examples, 1 counter-example ·"));
    page.selected = None;
    page.on(Event::EditProposal);
    assert_eq!(page.selected, Some(RuleRef::new(RuleKind::Step, 0)));
    assert!(page.game.steps[0].when.iter().any(|w| w.contains('3')));
}

#[test]
fn examples_that_no_rule_fits_are_refused_in_words() {
    let mut page = Page::nim();
    page.put("m.1", "basket");
    // m.2 goes into the basket, then the child says m.3 may go back out
    // from the basket: no rule moves from both places to both.
    page.put("m.2", "basket");
    page.on(Event::CounterExample);
    let out = page.put("m.3", "basket");
    assert!(out.refused(), "a step just like the examples can't be refused");
    assert_eq!(page.step().notes(), [page.last_problem().unwrap().to_string()]);
}

#[test]
fn arranging_puts_a_figure_somewhere_without_an_example() {
    let mut page = Page::nim();
    page.on(Event::Arrange);
    assert!(page.t.arranging());
    assert!(page
        .t
        .hint()
        .starts_with("Drag a figure to where the next step starts"));
    page.on(Event::Arrange);
    assert!(!page.t.arranging(), "pressed again: not arranging");
    page.on(Event::Arrange);
    let out = page.put("m.1", "basket");
    assert!(out.change.is_none() && page.game.steps.is_empty());
    assert!(!page.t.arranging(), "only the next drag");
    assert_eq!(page.t.hint(), "m.1 is on basket now. Show a step from here.");
    // The step is shown from there: m.1 from the basket back to the group.
    page.put("m.1", "matchgroup");
    assert_eq!(
        page.step().shown().sentence(),
        "m.1 may go from basket to matchgroup."
    );
    // Record a step starts from the table as it starts.
    page.on(Event::RecordStep);
    assert_eq!(page.t.teach(), &Teach::Idle);
    assert_eq!(page.t.hint(), "Drag a figure to where it may go.");
    let scene = page.t.scene(&page.game);
    assert_eq!(
        scene.figures.iter().find(|f| f.name == "m.1").unwrap().place,
        "matchgroup"
    );
}
