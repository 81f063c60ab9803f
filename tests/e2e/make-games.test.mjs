// Two games that are not among the examples, made from a blank page by
// pointer only, with no rule text typed: a race (two pawns on a track, 1 or
// 2 squares a move, first to the last square wins) and three in a row
// (three stones each, placed, then stepped one square in any direction).
// Each is built, taught by showing, tried with "Let's play!" and played to
// its end; the actions a person needs are counted and printed.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { AppSession } from './harness.mjs';
import { DesignPage } from './design-page.mjs';
import { person, until, text } from './person.mjs';

let app;
before(async () => {
  app = await AppSession.start();
});
after(async () => {
  await app?.stop();
});

/** The level button of a part of the step card, by its words. */
const level = (page, part, words) =>
  page.getByTestId(`levels-${part}`).getByRole('button', { name: words, exact: true });

/** Where a figure lies on the table now. */
const placeOf = (page, figure) =>
  page.getByTestId('table').getByTestId(`figure-${figure}`).getAttribute('data-place-of');

/** Plays `moves` ([figure, place], one move each) in Play mode, checking each landed. */
async function play(me, moves) {
  const table = me.page.getByTestId('table');
  for (const [figure, place] of moves) {
    // On the table (the turn line draws the figure of the player on move too).
    await me.drag(table.getByTestId(`figure-${figure}`), table.getByTestId(`place-${place}`));
    await until(() => placeOf(me.page, figure), (p) => p === place, `${figure} on ${place}`);
  }
}

/** Try it, then "Let's play!": the game ready to play. */
async function letsPlay(me) {
  const { page } = me;
  await me.click('try-it');
  await page.getByTestId('play-mode').waitFor();
  await me.click('intro-start');
  await until(() => page.getByTestId('intro').count(), (c) => c === 0, 'the description closed');
}

test('a race: a refused second pawn fixed in one tap, "1 or 2 squares forward" from two examples, the end on the last square', async () => {
  const design = await DesignPage.open(app);
  const { page } = design;
  const me = person(page);

  // The table: a track, a pawn of each player on its first square.
  await me.dragPoints(await design.centre(design.boxItem('track')), await design.tablePoint(0.5, 0.3));
  await until(() => design.equipment(), (e) => e.includes('track'), 'a track');
  await me.dragPoints(await design.centre(design.boxItem('pawn')), await design.centre(design.place('track.1')));
  await until(async () => Object.keys(await design.figures()), (f) => f.includes('p.1'), 'p.1 on track.1');
  await me.choose('prop-owner', '1');
  // A second pawn on the start square: refused, with the fix offered.
  await me.dragPoints(await design.centre(design.boxItem('pawn')), await design.centre(design.place('track.1')));
  await until(() => text(page, 'notice'), (t) => t.includes('There is no room on track.1: it holds 1 figure.'), 'the refusal');
  assert.deepEqual(await design.selected(), [], 'after a refusal nothing stays chosen');
  assert.equal(await text(page, 'notice-fix'), 'Let every square of the track hold 2 figures?');
  await me.click('notice-fix');
  await until(() => design.figures(), (f) => f['p.2'] === 'track.1', 'p.2 on track.1 too');
  assert.deepEqual(await design.selected(), ['p.2'], 'the new pawn is chosen');
  await me.choose('prop-owner', '2');
  await until(() => page.getByTestId('prop-owner').inputValue(), (v) => v === '2', 'p.2 belongs to player 2');
  const built = me.actions;

  // The step: p.1 one square, "any pawn", then two squares: one rule.
  await me.click('mode-rules');
  await me.drag('figure-p.1', 'place-track.2');
  await until(() => text(page, 'card-sentence'), (t) => t === "Player 1's pawn may go from square 1 of the track to square 2 of the track.", 'the first example');
  await me.clickLocator(level(page, 'what', 'any pawn'));
  await until(() => text(page, 'card-sentence'), (t) => t.startsWith('A pawn of the player on move'), 'any pawn');
  await me.drag('figure-p.1', 'place-track.4');
  await until(
    () => text(page, 'card-sentence'),
    (t) => t === 'A pawn of the player on move may go one or two squares forward on the track.',
    'one or two squares forward',
  );
  // Nothing narrowed silently: "any pawn" stays; what the example widened is shown.
  assert.equal(await level(page, 'what', 'any pawn').getAttribute('aria-pressed'), 'true');
  assert.match(await text(page, 'change-from'), /Example 2 changed from: only square 1 of the track → any square of the track/);
  assert.equal(await page.getByTestId('take-back-example').count(), 1);
  assert.doesNotMatch(await text(page, 'step-card'), /track\.\?/, 'no engine words');
  await me.click('accept-proposal');
  await until(() => page.getByTestId('accept-proposal').count(), (c) => c === 0, 'the rule used');

  // A move: one step.
  await me.click('record-move');
  await me.drag('figure-p.1', 'place-track.2');
  await until(() => text(page, 'move-steps'), (t) => /Steps: /.test(t), 'one step shown');
  await me.click('move-done');
  await until(() => text(page, 'move-sentence'), (t) => /once/.test(t), 'a move of one step');

  // The end: player 1's pawn on the last square; the player who just moved wins.
  await me.click('record-end');
  await me.drag('figure-p.1', 'place-track.8');
  await until(
    () => text(page, 'end-sentence'),
    (t) => t === 'When a pawn is on track.8, the player who just moved wins.',
    'the proposed end',
  );
  assert.equal(await text(page, 'end-on-move'), 'Player 2 is on move now. Who moved last?');
  assert.equal(await page.getByTestId('end-candidates').getByLabel('a pawn is on track.8').isChecked(), true);
  const teaching = me.actions - built;
  await letsPlay(me);
  const ready = me.actions;
  console.log(`A race from a blank page to "Let's play!": ${ready} actions (table ${built}, teaching ${teaching}, Let's play ${ready - built - teaching})`);

  // Played: both players move 1 or 2 squares; player 1 gets there first.
  await play(me, [
    ['p.1', 'track.3'],
    ['p.2', 'track.3'],
    ['p.1', 'track.5'],
    ['p.2', 'track.5'],
    ['p.1', 'track.7'],
    ['p.2', 'track.6'],
    ['p.1', 'track.8'],
  ]);
  await page.getByTestId('game-over').waitFor();
  assert.match(await text(page, 'game-over-text'), /Player 1 wins!/);
  console.log(`The race played to its end: ${me.actions - ready} more actions, ${me.actions} in all`);
  app.assertNoErrors();
});

test('three in a row: stones placed from any group, stepped one square in any direction, the end on a row', async () => {
  const design = await DesignPage.open(app);
  const { page } = design;
  const me = person(page);

  // The table: a board between two groups of three stones, one group a player.
  await me.dragPoints(await design.centre(design.boxItem('board')), await design.tablePoint(0.5, 0.45));
  await until(() => design.equipment(), (e) => e.includes('board'), 'a board');
  for (const [x, owner] of [[0.12, '1'], [0.88, '2']]) {
    await me.dragPoints(await design.centre(design.boxItem('group')), await design.tablePoint(x, 0.45));
    const group = `group.${owner}`;
    await until(() => design.equipment(), (e) => e.includes(group), group);
    await me.dragPoints(await design.centre(design.boxItem('stone')), await design.centre(design.place(group)));
    await until(async () => Object.values(await design.figures()).filter((p) => p === group).length, (n) => n === 1, `a stone on ${group}`);
    await me.choose('prop-owner', owner);
    await me.click('duplicate');
    await me.click('duplicate');
    await until(async () => Object.values(await design.figures()).filter((p) => p === group).length, (n) => n === 3, `three stones on ${group}`);
  }
  assert.deepEqual(await design.figures(), {
    's.1': 'group.1', 's.2': 'group.1', 's.3': 'group.1', 's.4': 'group.2', 's.5': 'group.2', 's.6': 'group.2',
  });
  const built = me.actions;

  // Placing: any stone of the player on move, from any group, to any square of the board.
  await me.click('mode-rules');
  await me.drag('figure-s.1', 'place-board.2.2');
  await until(() => text(page, 'card-sentence'), (t) => t === 'This stone of Player 1 may go from heap 1 to the square at row 2, column 2.', 'the first example');
  await me.clickLocator(level(page, 'what', 'any stone'));
  await me.clickLocator(level(page, 'from', 'any heap'));
  await me.clickLocator(level(page, 'to', 'any square of the board'));
  await until(
    () => text(page, 'card-sentence'),
    (t) => t === 'A stone of the player on move may go from any heap to any square of the board.',
    'placing',
  );

  // Stepping: three steps on the board shown; one square in any direction.
  await me.click('record-step');
  await me.click('arrange');
  await me.drag('figure-s.1', 'place-board.2.2');
  await until(() => placeOf(page, 's.1'), (p) => p === 'board.2.2', 's.1 put on the board');
  await me.drag('figure-s.1', 'place-board.1.2');
  await page.getByTestId('step-card').waitFor();
  await me.clickLocator(level(page, 'what', 'any stone'));
  await me.drag('figure-s.1', 'place-board.1.1');
  await until(() => text(page, 'card-sentence'), (t) => /one square up, down, left or right/.test(t), 'two straight steps');
  await me.drag('figure-s.1', 'place-board.2.2');
  await until(
    () => text(page, 'card-sentence'),
    (t) => t === 'A stone of the player on move may go one square in any direction on the board.',
    'one square in any direction',
  );
  await me.click('accept-proposal');
  await until(() => page.getByTestId('accept-proposal').count(), (c) => c === 0, 'the rule used');

  // A move: one step of either rule.
  await me.click('record-move');
  await me.drag('figure-s.1', 'place-board.2.2');
  await until(() => text(page, 'move-steps'), (t) => /Steps: /.test(t), 'one step shown');
  await me.click('move-done');
  await page.getByTestId('move-any-step').waitFor();
  await me.click('move-any-step');
  await until(() => page.locator('[data-testid="move-list"] .rule-open').count(), (c) => c === 2, 'a move per step rule');

  // The end: three of player 1's stones in a column.
  await me.click('record-end');
  await me.drag('figure-s.2', 'place-board.1.2');
  await me.drag('figure-s.3', 'place-board.3.2');
  await until(
    () => text(page, 'end-sentence'),
    (t) => t === 'When the player who just moved has 3 in a row on board, the player who just moved wins.',
    'the proposed end',
  );
  const teaching = me.actions - built;
  await letsPlay(me);
  const ready = me.actions;
  console.log(`Three in a row from a blank page to "Let's play!": ${ready} actions (table ${built}, teaching ${teaching}, Let's play ${ready - built - teaching})`);

  // Played: every stone placed, then stepped, diagonally too, until
  // player 1 has a column.
  await play(me, [
    ['s.1', 'board.2.2'],
    ['s.4', 'board.1.1'],
    ['s.2', 'board.1.2'],
    ['s.5', 'board.3.2'],
    ['s.3', 'board.3.3'],
    ['s.6', 'board.3.1'],
    ['s.2', 'board.2.3'],
    ['s.4', 'board.1.2'],
    ['s.1', 'board.1.3'],
  ]);
  await page.getByTestId('game-over').waitFor();
  assert.match(await text(page, 'game-over-text'), /Player 1 wins!/);
  console.log(`Three in a row played to its end: ${me.actions - ready} more actions, ${me.actions} in all`);
  app.assertNoErrors();
});
