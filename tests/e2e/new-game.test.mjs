// Starting and finding one's way: one New, which asks before a game being
// played is thrown away; an empty table that never announces a winner;
// Start again in Play, asking too; examples that open ready to play; the
// skip link past the top bar; the move log reached with the keyboard.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';

import { AppSession, REPO_ROOT } from './harness.mjs';
import { PlayPage } from './play-page.mjs';
import { SIZES } from './layout.mjs';

const AXE = path.join(REPO_ROOT, 'node_modules', 'axe-core', 'axe.min.js');

let app;
before(async () => {
  app = await AppSession.start();
});
after(async () => {
  await app?.stop();
});

/** Takes `n` matches of NIM12, one a move: m.FROM, m.FROM+1, … */
async function takeMatches(play, from, n) {
  for (let i = from; i < from + n; i += 1) {
    await play.dragToPlace(`m.${i}`, 'basket');
    await play.page.waitForFunction(
      (f) => document.querySelector(`[data-testid="table"] [data-figure="${f}"]`)?.dataset.placeOf === 'basket',
      `m.${i}`,
    );
    // The last match ends the move, and the game, by itself.
    if (await play.byTestId('end-move').isVisible()) await play.endMove();
  }
}

const moves = (play) => play.page.locator('[data-testid="log-move"]').count();
const dialogShown = (page) => page.getByTestId('confirm').evaluate((d) => d.open);

test('New asks before throwing away a game being played; the empty table then announces no winner', async () => {
  const play = await PlayPage.open(app, 'nim12.game.xml');
  const { page } = play;
  // Before a move, New has nothing to lose: it does not ask.
  await page.getByTestId('new').click();
  await page.getByTestId('play-not-ready').waitFor();
  assert.equal(await dialogShown(page), false, 'nothing to ask before a move');
  await page.getByTestId('undo').click();
  await page.getByTestId('turn').waitFor();

  await takeMatches(play, 1, 2);
  assert.equal(await moves(play), 2);
  await page.getByTestId('new').click();
  await page.getByTestId('confirm').waitFor({ state: 'visible' });
  assert.match(await page.getByTestId('confirm').textContent(), /moves played/);
  // Keep playing: nothing changes.
  await page.getByTestId('confirm-no').click();
  assert.equal(await dialogShown(page), false);
  assert.equal(await page.getByTestId('game-title').textContent(), 'NIM12');
  assert.equal(await moves(play), 2, 'the game goes on');
  // Esc keeps playing too.
  await page.getByTestId('new').click();
  await page.getByTestId('confirm').waitFor({ state: 'visible' });
  await page.keyboard.press('Escape');
  assert.equal(await dialogShown(page), false);
  assert.equal(await moves(play), 2);

  // Yes: the new, empty game says what to make; nobody wins on an empty table.
  await page.getByTestId('new').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('play-not-ready').waitFor();
  assert.match(await page.getByTestId('not-ready-why').textContent(), /Put figures on the table/);
  assert.equal(await page.getByTestId('game-over').count(), 0);
  assert.doesNotMatch(await page.locator('main').textContent(), /wins|cannot move/);
  // The way on: Design, where the table is made.
  await page.getByTestId('back-to-design').click();
  await page.getByTestId('design-mode').waitFor();
  // Undo brings the design back, and it can be played again.
  await page.getByTestId('undo').click();
  await page.getByTestId('mode-play').click();
  await page.getByTestId('turn').waitFor();
  assert.equal(await page.getByTestId('game-title').textContent(), 'NIM12');
  app.assertNoErrors();
});

test('one New: Play starts the same game again, and asks first while it is being played', async () => {
  const play = await PlayPage.open(app, 'nim12.game.xml');
  const { page } = play;
  const news = await page.getByRole('button', { name: /\bnew\b/i }).count();
  assert.equal(news, 1, 'one button says New');
  const again = page.getByTestId('new-game');
  assert.match(await again.textContent(), /Start again/);
  assert.equal(await again.isDisabled(), true, 'nothing to start again before a move');

  await takeMatches(play, 1, 1);
  await again.click();
  await page.getByTestId('confirm').waitFor({ state: 'visible' });
  await page.getByTestId('confirm-no').click();
  assert.equal(await moves(play), 1, 'kept playing');
  await again.click();
  await page.getByTestId('confirm-yes').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="log-move"]').length === 0);
  assert.equal((await play.figuresOn('matchgroup')).length, 12);
  assert.equal(await play.turnText(), 'Player 1 to move');

  // At the end the game is no longer being played: Play again asks nothing.
  await takeMatches(play, 1, 12);
  await page.getByTestId('game-over').waitFor();
  await page.getByTestId('play-again').click();
  assert.equal(await dialogShown(page), false);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="log-move"]').length === 0);
  app.assertNoErrors();
});

test('an example opens ready to play, with a way to see how it is made', async () => {
  const page = await app.newPage();
  await page.goto(app.url, { waitUntil: 'load' });
  await page.getByTestId('design-mode').waitFor();
  await page.getByTestId('examples').click();
  await page.getByTestId('example-tic-tac-toe').click();
  await page.getByTestId('play-mode').waitFor();
  await page.getByTestId('intro').waitFor();
  assert.equal(await page.getByTestId('mode-play').getAttribute('aria-selected'), 'true');
  assert.match(await page.getByTestId('notice').textContent(), /ready to play/);
  await page.getByTestId('intro-design').click();
  await page.getByTestId('design-mode').waitFor();
  assert.equal(await page.getByTestId('game-title').textContent(), 'Tic-Tac-Toe');
  app.assertNoErrors();
});

test('the skip link is the first stop of the keyboard and leads past the top bar to the table', async () => {
  for (const [viewport, mode] of [
    [SIZES['tablet-landscape'], 'play'],
    [SIZES.phone, 'play'],
    [SIZES['tablet-landscape'], 'design'],
  ]) {
    const page = await app.newPage({ viewport });
    await page.goto(`${app.url}#example=nim12.game.xml`, { waitUntil: 'load' });
    await page.getByTestId('turn').waitFor();
    if (mode === 'design') {
      // Kept in the browser: the page opens again in Design.
      await page.getByTestId('mode-design').click();
      await page.waitForFunction(() => /"mode":"design"/.test(Object.values(localStorage).join()));
      await page.reload({ waitUntil: 'load' });
      await page.getByTestId('design-mode').waitFor();
    }
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => document.activeElement?.dataset.testid);
    assert.equal(first, 'skip-link', `${mode}: the first Tab reaches the skip link`);
    const box = await page.getByTestId('skip-link').boundingBox();
    assert.ok(box.y >= 0 && box.x >= 0 && box.x + box.width <= viewport.width, `${mode}: the focused link is on the screen`);
    assert.match(await page.getByTestId('skip-link').textContent(), /Skip to the table/);
    await page.keyboard.press('Enter');
    const focused = await page.evaluate(() => document.activeElement?.dataset.testid);
    assert.equal(focused, 'table', `${mode}: Enter puts the keyboard on the table`);
    // The address keeps no fragment of its own.
    assert.equal(new URL(page.url()).hash, '');
    // The Examples menu has read every game before the page goes.
    await page.waitForLoadState('networkidle');
    app.assertNoErrors();
  }
});

test('the move log is reached with the keyboard: axe-core finds no scrollable region it cannot reach', async () => {
  const play = await PlayPage.open(app, 'nim12.game.xml');
  const { page } = play;
  await takeMatches(play, 1, 8);
  const log = page.getByTestId('log');
  const scrolls = await log.evaluate((el) => el.scrollHeight > el.clientHeight);
  assert.ok(scrolls, 'the log is long enough to scroll');
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: ['scrollable-region-focusable'] });
    return r.violations.map((v) => v.nodes.map((n) => n.target.join(' '))).flat();
  });
  assert.deepEqual(found, []);
  // Tab reaches it, and the arrow keys scroll it.
  await log.focus();
  const before = await log.evaluate((el) => el.scrollTop);
  await page.keyboard.press('Home');
  await page.waitForFunction((b) => document.querySelector('[data-testid="log"]').scrollTop < b, before);
  app.assertNoErrors();
});
