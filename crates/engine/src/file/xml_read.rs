//! Reads a game from the XML format (see `docs/file-format.md`).

use super::limits::{self, MAX_LAYOUT, MAX_PLAYERS};
use super::source_map::SourceMap;
use super::xml_context::{Ctx, Node};
use super::xml_tree::{self, Element};
use super::{xml_read_equipment as equipment, xml_read_steps as steps, FORMAT_VERSION};
use crate::model::{Definition, Trigger, TriggerValue};
use crate::model::{
    Game, GameOver, Layout, Link, LinkLook, Look, LookPattern, MoveRule, Placement, Settings, WhenStuck,
};
use crate::problem::{Location, Problem, Section};

/// Reads a whole file; see [`super::read_xml`].
pub(crate) fn read(source: &str) -> Result<(Game, SourceMap), Vec<Problem>> {
    let source = source.strip_prefix('\u{feff}').unwrap_or(source);
    let mut root = xml_tree::parse(source)?;
    super::upgrade::upgrade(&mut root);
    let mut ctx = Ctx::new(source);
    let game = match game(&mut ctx, &root) {
        Some(game) => game,
        None => return Err(ctx.problems),
    };
    for mut problem in limits::check(&game) {
        ctx.map.locate(&mut problem);
        ctx.problems.push(problem);
    }
    if ctx.problems.is_empty() {
        Ok((game, ctx.map))
    } else {
        let mut problems = ctx.problems;
        problems.sort_by_key(|p| (p.location.line, p.location.column));
        problems.dedup();
        Err(problems)
    }
}

/// Reads `<game>`; `None` when the file cannot be read at all (not a game
/// file, or a newer format).
fn game(ctx: &mut Ctx, root: &Element) -> Option<Game> {
    let node = ctx.node(root, Section::Game, false);
    if root.name != "game" {
        let (line, column) = ctx.pos(root.start);
        let message = format!(
            "this is not a Tablecraft game: the file must start with <game format=\"1\">, not <{}>",
            root.name
        );
        let mut location = Location::in_file(line, column);
        location.section = Section::File;
        ctx.problems.push(Problem::new(location, message));
        return None;
    }
    ctx.allow_attributes(&node, &["format", "players"]);
    match ctx.attr(&node, "format") {
        None => {
            let message = "<game> must say which format it is written in: add format=\"1\"";
            ctx.report(root.start, &node, "format", message);
        }
        Some(text) => match text.trim().parse::<u64>() {
            Ok(v) if v > u64::from(FORMAT_VERSION) => {
                let message = format!(
                    "this game was saved by a newer Tablecraft (format {v}); this one reads format {FORMAT_VERSION} — please update Tablecraft to open it"
                );
                let offset = attr_start(root, "format");
                ctx.report(offset, &node, "format", message);
                return None;
            }
            Ok(v) if v >= 1 => {}
            _ => {
                let message = format!("format must be {FORMAT_VERSION}, not '{text}'");
                let offset = attr_start(root, "format");
                ctx.report(offset, &node, "format", message);
            }
        },
    }
    let mut game = Game::default();
    if let Some(players) = ctx.number(&node, "players", 1, MAX_PLAYERS.into(), 2) {
        game.players = players;
    }
    let children = ctx.children(&node, &["title", "description", "rules", "layout"]);
    for tag in ["title", "description", "rules", "layout"] {
        ctx.only_once(&node, &children, tag);
    }
    for child in children {
        let sub = ctx.node(child, Section::Game, false);
        match child.name.as_str() {
            "title" => game.title = ctx.plain_text(&sub, "title"),
            "description" => game.description = ctx.plain_text(&sub, "description"),
            "rules" => rules(ctx, child, &mut game),
            _ => game.layout = layout(ctx, child),
        }
    }
    Some(game)
}

fn attr_start(el: &Element, key: &str) -> usize {
    el.attributes
        .iter()
        .find(|a| a.key == key)
        .map_or(el.start, |a| a.start)
}

const RULE_SECTIONS: &[&str] = &[
    "equipment",
    "figures",
    "triggers",
    "definitions",
    "steps",
    "moves",
    "game-over",
    "settings",
];

fn rules(ctx: &mut Ctx, el: &Element, game: &mut Game) {
    let node = ctx.node(el, Section::Game, false);
    ctx.allow_attributes(&node, &[]);
    let children = ctx.children(&node, RULE_SECTIONS);
    for tag in RULE_SECTIONS {
        ctx.only_once(&node, &children, tag);
    }
    for child in children {
        match child.name.as_str() {
            "equipment" => equipment::equipment(ctx, child, &mut game.equipment, &mut game.dice),
            "figures" => equipment::figures(ctx, child, &mut game.figures),
            "triggers" => triggers(ctx, child, &mut game.triggers),
            "definitions" => definitions(ctx, child, &mut game.definitions),
            "steps" => steps::steps(ctx, child, &mut game.steps),
            "moves" => moves(ctx, child, &mut game.moves),
            "game-over" => game_over(ctx, child, &mut game.game_over),
            _ => game.settings = settings(ctx, child),
        }
    }
}

/// Checks a section element such as `<figures>` and returns its items.
pub(crate) fn section<'e>(
    ctx: &mut Ctx,
    el: &'e Element,
    section: Section,
    items: &[&str],
) -> Vec<&'e Element> {
    let node = Node {
        el,
        section,
        name: String::new(),
    };
    ctx.allow_attributes(&node, &[]);
    ctx.children(&node, items)
}

fn triggers(ctx: &mut Ctx, el: &Element, out: &mut Vec<Trigger>) {
    for child in section(ctx, el, Section::Trigger, &["trigger"]) {
        let node = ctx.node(child, Section::Trigger, true);
        ctx.allow_attributes(&node, &["name", "type", "value", "visible"]);
        ctx.children(&node, &[]);
        let kinds = [("number", 0u8), ("yes-no", 1), ("text", 2)];
        let kind = match ctx.attr(&node, "type") {
            Some(_) => ctx.choice(&node, "type", &kinds).unwrap_or(0),
            None => {
                let message = "<trigger> needs a type: add type=\"number\", \"yes-no\" or \"text\"";
                ctx.report(child.start, &node, "type", message);
                0
            }
        };
        let value = match kind {
            0 => TriggerValue::Number(ctx.number(&node, "value", i64::MIN, i64::MAX, 0).unwrap_or(0)),
            1 => TriggerValue::YesNo(ctx.yes_no(&node, "value").unwrap_or(false)),
            _ => TriggerValue::Text(ctx.attr(&node, "value").unwrap_or_default()),
        };
        let visible = ctx.yes_no(&node, "visible").unwrap_or(false);
        out.push(Trigger {
            name: node.name,
            value,
            visible,
        });
    }
}

/// `<define name="run" of="s d">all t in line(s, d) until …</define>`.
fn definitions(ctx: &mut Ctx, el: &Element, out: &mut Vec<Definition>) {
    for child in section(ctx, el, Section::Definition, &["define"]) {
        let node = ctx.node(child, Section::Definition, true);
        ctx.allow_attributes(&node, &["name", "of"]);
        let of = ctx.attr(&node, "of").unwrap_or_default();
        // The body's problems are placed at the definition itself.
        let body = ctx.text(&node, "");
        out.push(Definition {
            name: node.name,
            of: of.split_whitespace().map(String::from).collect(),
            body,
        });
    }
}

fn moves(ctx: &mut Ctx, el: &Element, out: &mut Vec<MoveRule>) {
    for child in section(ctx, el, Section::Move, &["move"]) {
        let node = ctx.node(child, Section::Move, true);
        ctx.allow_attributes(&node, &["name"]);
        let sequence = ctx.text(&node, "sequence");
        out.push(MoveRule {
            name: node.name,
            sequence,
        });
    }
}

fn game_over(ctx: &mut Ctx, el: &Element, out: &mut Vec<GameOver>) {
    for child in section(ctx, el, Section::GameOver, &["end"]) {
        let node = ctx.node(child, Section::GameOver, true);
        ctx.allow_attributes(&node, &["name", "winner"]);
        let winner = ctx
            .required(&node, "winner", "a winner (a player number, 0 for a draw)")
            .unwrap_or_default();
        let mut when = Vec::new();
        for w in ctx.children(&node, &["when"]) {
            let field = format!("when {}", when.len() + 1);
            let sub = Node {
                el: w,
                section: Section::GameOver,
                name: node.name.clone(),
            };
            when.push(ctx.plain_text(&sub, &field));
        }
        out.push(GameOver {
            name: node.name,
            when,
            winner,
        });
    }
}

fn settings(ctx: &mut Ctx, el: &Element) -> Settings {
    let node = ctx.node(el, Section::Settings, false);
    ctx.allow_attributes(&node, &["when-stuck", "pass"]);
    let stuck = [
        ("lose", WhenStuck::Lose),
        ("win", WhenStuck::Win),
        ("draw", WhenStuck::Draw),
        ("pass", WhenStuck::Pass),
    ];
    let mut settings = Settings {
        when_stuck: ctx.choice(&node, "when-stuck", &stuck).unwrap_or_default(),
        pass_allowed: ctx.yes_no(&node, "pass").unwrap_or(false),
        heuristic: None,
    };
    let children = ctx.children(&node, &["heuristic"]);
    ctx.only_once(&node, &children, "heuristic");
    for child in children {
        let sub = Node {
            el: child,
            section: Section::Settings,
            name: String::new(),
        };
        settings.heuristic = Some(ctx.plain_text(&sub, "heuristic"));
    }
    settings
}

/// `<look attribute="wall" value="yes" colour="#3d3f4a" pattern="bricks"/>`.
fn look(ctx: &mut Ctx, el: &Element) -> Option<Look> {
    let mut node = ctx.node(el, Section::Layout, false);
    ctx.allow_attributes(&node, &["attribute", "value", "colour", "pattern"]);
    ctx.children(&node, &[]);
    let attribute = ctx.required(&node, "attribute", "the attribute it shows")?;
    node.name = format!("look {attribute}");
    let value = ctx.attr(&node, "value").unwrap_or_else(|| "yes".into());
    let words: Vec<(&str, LookPattern)> = LookPattern::ALL.iter().map(|p| (p.word(), *p)).collect();
    let pattern = ctx.choice(&node, "pattern", &words);
    Some(Look {
        attribute,
        value,
        colour: ctx.attr(&node, "colour"),
        pattern,
    })
}

/// `<link from="board.1.4" to="board.3.7" look="ladder"/>`.
fn link(ctx: &mut Ctx, el: &Element) -> Option<Link> {
    let mut node = ctx.node(el, Section::Layout, false);
    ctx.allow_attributes(&node, &["from", "to", "look"]);
    ctx.children(&node, &[]);
    let from = ctx.required(&node, "from", "the place it starts from")?;
    node.name = format!("link {from}");
    let to = ctx.required(&node, "to", "the place it goes to")?;
    let words: Vec<(&str, LinkLook)> = LinkLook::ALL.iter().map(|l| (l.word(), *l)).collect();
    let look = ctx.choice(&node, "look", &words).unwrap_or(LinkLook::Arrow);
    Some(Link { from, to, look })
}

fn layout(ctx: &mut Ctx, el: &Element) -> Layout {
    let node = ctx.node(el, Section::Layout, false);
    ctx.allow_attributes(&node, &["width", "height"]);
    let max = i64::from(MAX_LAYOUT);
    let mut layout = Layout {
        width: ctx.number(&node, "width", 0, max, 900).unwrap_or(0),
        height: ctx.number(&node, "height", 0, max, 600).unwrap_or(0),
        ..Layout::default()
    };
    for child in ctx.children(&node, &["place", "look", "link"]) {
        if child.name == "look" {
            if let Some(look) = look(ctx, child) {
                layout.looks.push(look);
            }
            continue;
        }
        if child.name == "link" {
            if let Some(link) = link(ctx, child) {
                layout.links.push(link);
            }
            continue;
        }
        let node = ctx.node(child, Section::Layout, true);
        ctx.allow_attributes(&node, &["name", "x", "y", "width", "height", "colour", "label"]);
        ctx.children(&node, &[]);
        let mut coordinate = |key: &str, low: i64, example: i64| {
            if !child.attributes.iter().any(|a| a.key == key) {
                let message = format!("<place> needs {key}=\"…\", a whole number like {example}");
                ctx.report(child.start, &node, key, message);
            }
            ctx.number::<i64>(&node, key, low, max, example).unwrap_or(0)
        };
        let x = coordinate("x", -max, 40);
        let y = coordinate("y", -max, 60);
        let width = coordinate("width", 0, 100);
        let height = coordinate("height", 0, 100);
        let placement = Placement {
            x: x as i32,
            y: y as i32,
            width: width as u32,
            height: height as u32,
            colour: ctx.attr(&node, "colour"),
            label: ctx.attr(&node, "label"),
        };
        if layout.items.contains_key(&node.name) {
            let message = format!("'{}' is placed twice in the layout; keep one <place>", node.name);
            ctx.report(child.start, &node, "", message);
        }
        layout.items.insert(node.name, placement);
    }
    layout
}
