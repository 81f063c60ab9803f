// Learning by example: a child makes NIM12 and the ball puzzle without
// typing a rule — building the table from the box, showing steps, a move
// and the end on the table — then tries the rules in Play mode and comes
// back to teaching. Every pointer and keyboard action is counted.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { AppSession, REPO_ROOT } from './harness.mjs';
import { DesignPage } from './design-page.mjs';
import { person, until, text, freeSpot } from './person.mjs';

const GAMES = path.join(REPO_ROOT, 'public', 'games');

let app;
before(async () => {
  app = await AppSession.start();
});
after(async () => {
  await app?.stop();
});

test('NIM12 from a blank page: built from the box, taught by showing, played in Play mode', async () => {
  const design = await DesignPage.open(app);
  const { page } = design;
  const me = person(page);
  assert.equal(await page.getByTestId('mode-design').getAttribute('aria-selected'), 'true');

  // The table: a group (chosen at once, its fill control says 12 matches), filled; a basket.
  await me.dragPoints(await design.centre(design.boxItem('group')), await design.tablePoint(0.3, 0.45));
  await page.getByTestId('create-figures').waitFor();
  assert.equal(await page.getByTestId('create-count').inputValue(), '12');
  assert.equal(await page.getByTestId('create-type').inputValue(), 'match');
  await me.click('create-figures');
  await until(async () => Object.keys(await design.figures()).length, (n) => n === 12, 'twelve matches');
  await me.dragPoints(await design.centre(design.boxItem('basket')), await design.tablePoint(0.75, 0.45));
  await until(() => design.equipment(), (e) => e.length === 2 && e.includes('basket'), 'a group and a basket');
  const group = (await design.equipment()).find((e) => e !== 'basket');
  const built = me.actions;

  // A step: drag a match to the basket; widen "this match" to "any match".
  await me.click('mode-rules');
  await me.drag('figure-m.1', 'place-basket');
  await page.getByTestId('step-card').waitFor();
  // In a child's words: the match shown is "this match", places by what they are.
  assert.match(await text(page, 'card-sentence'), /^This match may go from the .+ to the basket\.$/);
  await me.clickLocator(page.getByTestId('levels-what').getByRole('button', { name: 'any match', exact: true }));
  await until(() => text(page, 'card-sentence'), (t) => /^A match may go/.test(t), 'any match');
  assert.equal(await page.locator('[data-testid="table"] .figure.target').count(), 11);
  // The Rules list shows the rule as a card: before → after and the words.
  const card = page.getByTestId('rule-card-take');
  await card.waitFor();
  assert.equal(await page.getByTestId('rule-card-take-before').count(), 1);
  assert.equal(await page.getByTestId('rule-card-take-after').count(), 1);
  assert.equal(await text(page, 'rule-card-take-sentence'), 'A match may go from the heap to the basket.');

  // A move: three takes, Done: "take 1 to 3 times".
  await me.click('record-move');
  for (const m of ['m.1', 'm.2', 'm.3']) await me.drag(`figure-${m}`, 'place-basket');
  await until(() => text(page, 'move-steps'), (t) => /take, take, take/.test(t), 'three takes');
  await me.click('move-done');
  await page.getByTestId('move-sentence').waitFor();
  assert.match(await text(page, 'move-sentence'), /take 1 to 3 times/);
  assert.equal(await text(page, 'move-code'), 'take x1-3');

  // The end: empty the group in one drag; the likely reason and winner are proposed.
  await me.click('record-end');
  await me.dragPoints(await freeSpot(page, group), await me.centre('place-basket'));
  await until(
    () => text(page, 'end-sentence'),
    (t) => t === `When ${group} is empty, the player on move wins.`,
    'the proposed end',
  );
  assert.equal(await page.getByTestId('end-proposed').count(), 1);
  const empty = page.getByTestId('end-candidates').getByLabel(`${group} is empty`);
  assert.equal(await empty.isChecked(), true);
  await page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'screenshots', 'teach-end.png') });

  // Try it: Play mode, the rules as taught, nothing saved or changed.
  const undoBefore = await page.getByTestId('undo').getAttribute('aria-label');
  await me.click('try-it');
  await page.getByTestId('play-mode').waitFor();
  await page.getByTestId('back-to-teaching').waitFor();
  assert.equal(await page.getByTestId('undo').getAttribute('aria-label'), undoBefore, 'Try it changes nothing');
  // "Let's play!": the game as a child made it, ready to play.
  await me.click('intro-start');
  await until(() => page.getByTestId('intro').count(), (c) => c === 0, 'the description closed');
  console.log(`NIM12 from a blank page to "Let's play!": ${me.actions} actions (table ${built}, teaching ${me.actions - built})`);
  const teaching = me.actions - built;

  // Two people take three matches each, four times: the move ends by itself.
  let n = 1;
  for (let turn = 0; turn < 4; turn += 1) {
    const player = turn % 2 === 0 ? 1 : 2;
    await until(
      () => page.getByTestId('turn').locator('.turn-text').textContent(),
      (t) => t.includes(`Player ${player}`),
      `player ${player} on move`,
    );
    for (let i = 0; i < 3; i += 1, n += 1) {
      await me.drag(`figure-m.${n}`, 'place-basket');
      await until(
        () => page.getByTestId('table').getByTestId(`figure-m.${n}`).getAttribute('data-place-of'),
        (p) => p === 'basket',
        `m.${n} in the basket`,
      );
    }
  }
  await page.getByTestId('game-over').waitFor();
  assert.match(await text(page, 'game-over-text'), /Player 1 wins!/);
  await page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'screenshots', 'teach-try.png') });
  const total = me.actions;
  console.log(
    `NIM12 from a blank page, teach and play: ${total} actions ` +
      `(table ${built}, teaching ${teaching}, playing ${total - built - teaching})`,
  );
  assert.ok(teaching < 26, `teaching took ${teaching} actions`);

  // Back to teaching: Rules mode as it was left, the end card still there.
  await me.click('back-to-teaching');
  await page.getByTestId('rules-mode').waitFor();
  assert.equal(await page.getByTestId('teach').getAttribute('data-teach'), 'end');
  assert.equal(await text(page, 'end-sentence'), `When ${group} is empty, the player on move wins.`);
  app.assertNoErrors();
});

/** The ball puzzle without its step rules, moves and game-over conditions. */
function ballPuzzleWithoutRules() {
  return readFileSync(path.join(GAMES, 'ball-puzzle.game.xml'), 'utf8')
    .replace(/<steps>[\s\S]*?<\/steps>/, '')
    .replace(/<moves>[\s\S]*?<\/moves>/, '')
    .replace(/<game-over>[\s\S]*?<\/game-over>/, '');
}

test('the ball puzzle without typing a rule: steps from examples and counter-examples, a move, the end, solved in Play', async () => {
  const page = await app.newPage();
  await page.goto(app.url, { waitUntil: 'load' });
  await page.getByTestId('app').waitFor();
  await page.getByTestId('open-input').setInputFiles({
    name: 'ball-puzzle.game.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(ballPuzzleWithoutRules()),
  });
  await page.getByTestId('game-title').filter({ hasText: 'The ball puzzle' }).waitFor();
  const me = person(page);
  const ball = 'figure-b';
  const at = async () => page.getByTestId('table').getByTestId(ball).getAttribute('data-place-of');
  /** Puts the ball on a square without it being an example. */
  const putBall = async (square) => {
    await me.click('arrange');
    await me.drag(ball, `place-${square}`);
    await until(at, (p) => p === square, `the ball put on ${square}`);
  };
  const accept = async () => {
    await page.getByTestId('accept-proposal').waitFor();
    await me.click('accept-proposal');
    await until(() => page.getByTestId('accept-proposal').count(), (c) => c === 0, 'the proposal used');
  };
  await me.click('mode-rules');

  // The normal step: s.1 → s.2 and s.4 → s.5, but not from s.3 or s.8.
  await me.drag(ball, 'place-s.2');
  await page.getByTestId('step-card').waitFor();
  await putBall('s.4');
  await me.drag(ball, 'place-s.5');
  await page.getByTestId('accept-proposal').waitFor();
  assert.match(await text(page, 'card-conditions'), /to = from \+ 1/);
  assert.match(await text(page, 'card-sentence'), /square/);
  await putBall('s.3');
  await me.click('counter-example');
  await me.drag(ball, 'place-s.4');
  await until(() => text(page, 'card-notes'), (t) => /not from number 3/.test(t), 'narrowed by s.3');
  await putBall('s.8');
  await me.click('counter-example');
  await me.drag(ball, 'place-s.9');
  await until(() => text(page, 'card-conditions'), (t) => /from not in \[3, 8\]/.test(t), 'narrowed by s.3 and s.8');
  assert.match(await text(page, 'card-conditions'), /to = from \+ 1/);
  await page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'screenshots', 'teach-ball-step.png') });
  await accept();

  // Go back: s.3 → s.1 and s.8 → s.1.
  await me.click('record-step');
  await putBall('s.3');
  await me.drag(ball, 'place-s.1');
  await page.getByTestId('step-card').waitFor();
  await putBall('s.8');
  await me.drag(ball, 'place-s.1');
  await accept();

  // Go forward: s.2 → s.4 and s.7 → s.9.
  await me.click('record-step');
  await putBall('s.2');
  await me.drag(ball, 'place-s.4');
  await page.getByTestId('step-card').waitFor();
  await putBall('s.7');
  await me.drag(ball, 'place-s.9');
  await page.getByTestId('accept-proposal').waitFor();
  assert.match(await text(page, 'card-conditions'), /to = from \+ 2/);
  await accept();

  // Three step rules, each a card with a picture and words.
  const steps = await page.locator('[data-testid="step-list"] .rule-open').allTextContents();
  assert.equal(steps.length, 3, `three step rules: ${steps}`);
  for (const name of steps) {
    assert.equal(await page.getByTestId(`rule-card-${name}-before`).count(), 1, `${name} has a picture`);
    assert.match(await text(page, `rule-card-${name}-sentence`), /may go from/);
  }
  assert.match(await text(page, `rule-card-${steps[0]}-lines`), /whose number is one more/);
  assert.match(await text(page, `rule-card-${steps[0]}-lines`), /but not from number 3 or 8/);

  // The move: one step; then one step of any rule.
  await me.click('record-move');
  await me.drag(ball, 'place-s.2');
  await until(() => text(page, 'move-steps'), (t) => /Steps: /.test(t), 'one step shown');
  await me.click('move-done');
  await page.getByTestId('move-sentence').waitFor();
  assert.match(await text(page, 'move-sentence'), /once/);
  await me.click('move-any-step');
  await until(() => page.locator('[data-testid="move-list"] .rule-open').count(), (c) => c === 3, 'a move per step rule');

  // The end: the ball on s.15, player 1 wins (solved).
  await me.click('record-end');
  await me.drag(ball, 'place-s.15');
  await until(() => text(page, 'end-sentence'), (t) => /b is on s\.15, player 1 wins/.test(t), 'the end proposed');
  const teaching = me.actions;

  // Try it and play the 12-move solution.
  await me.click('try-it');
  await page.getByTestId('play-mode').waitFor();
  const solution = ['s.2', 's.4', 's.5', 's.6', 's.7', 's.9', 's.10', 's.11', 's.12', 's.13', 's.14', 's.15'];
  for (const square of solution) {
    await me.drag(ball, `place-${square}`);
    await until(at, (p) => p === square, `the ball on ${square}`);
  }
  await page.getByTestId('game-over').waitFor();
  assert.equal(await text(page, 'game-over-text'), 'Solved!');
  await page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'screenshots', 'teach-ball-solved.png') });
  console.log(`The ball puzzle, teach and play: ${me.actions} actions (teaching ${teaching + 1}, playing ${me.actions - teaching - 1})`);
  await me.click('back-to-teaching');
  await page.getByTestId('rules-mode').waitFor();
  app.assertNoErrors();
});
