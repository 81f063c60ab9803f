// Play mode: playing NIM12 by dragging matches, refused drags that spring
// back with a reason, and Tic-Tac-Toe against the computer.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';

import { AppSession, REPO_ROOT } from './harness.mjs';
import { PlayPage } from './play-page.mjs';

let app;
before(async () => {
  app = await AppSession.start();
});
after(async () => {
  await app?.stop();
});

/** Takes `count` matches (from the group) into the basket, by dragging. */
async function take(play, count) {
  for (let i = 0; i < count; i++) {
    const [match] = await play.figuresOn('matchgroup');
    assert.ok(match, 'a match is left in the group');
    await play.dragToPlace(match, 'basket');
    await play.page.waitForFunction(
      (m) => document.querySelector(`[data-figure="${m}"]`)?.dataset.placeOf === 'basket',
      match,
    );
    assert.match(await play.notice(), /took a match from the heap/);
  }
}

test('NIM12 between two people: drag matches, End move, whoever takes the last match loses', async () => {
  const play = await PlayPage.open(app, 'nim12.game.xml');
  assert.equal(await play.turnText(), 'Player 1 to move');
  await play.byTestId('intro').waitFor({ state: 'visible' });
  assert.match(await play.byTestId('intro').textContent(), /Twelve matches/);
  assert.equal(await play.byTestId('end-move').count(), 0, 'no End move before a step');

  // Player 1 takes one match and ends the move.
  await take(play, 1);
  assert.equal(await play.byTestId('intro').count(), 0, 'the first move closes the description');
  await play.byTestId('end-move').waitFor({ state: 'visible' });
  await play.endMove();
  assert.equal(await play.turnText(), 'Player 2 to move');

  // Player 2 takes two.
  await take(play, 2);
  await play.endMove();
  assert.equal(await play.turnText(), 'Player 1 to move');

  // Three matches end a move by itself.
  await take(play, 3);
  assert.equal(await play.turnText(), 'Player 2 to move');
  assert.equal(await play.byTestId('end-move').count(), 0);

  // Player 2 takes three, holding the last of them a moment for the screenshot.
  await take(play, 2);
  const [held] = await play.figuresOn('matchgroup');
  await play.dragToPlace(held, 'basket', async () => {
    assert.deepEqual(await play.targets(), ['basket']);
    const shot = await play.screenshot('play');
    console.log(`screenshot: ${path.relative(REPO_ROOT, shot)}`);
  });
  await play.page.waitForFunction(
    (m) => document.querySelector(`[data-figure="${m}"]`)?.dataset.placeOf === 'basket',
    held,
  );
  assert.equal(await play.turnText(), 'Player 1 to move');

  // Player 1 leaves one match: player 2 must take it and loses.
  await take(play, 2);
  await play.endMove();
  assert.equal(await play.turnText(), 'Player 2 to move');
  assert.deepEqual((await play.figuresOn('matchgroup')).length, 1);
  await take(play, 1);

  const over = play.byTestId('game-over');
  await over.waitFor({ state: 'visible' });
  assert.match(await play.byTestId('game-over-text').textContent(), /Player 1 wins!/);
  assert.match(await play.notice(), /Game over: Player 1 wins!/);
  assert.equal(await play.byTestId('turn').count(), 0);

  const log = await play.log();
  assert.deepEqual(
    log.map((m) => m.player),
    [1, 2, 1, 2, 1, 2],
  );
  assert.equal(log[0].heading, 'Move 1 — Player 1');
  assert.equal(log[0].lines[0], 'Took a match from the heap');
  assert.equal(log[0].lines[1], 'End move');
  assert.equal(log[2].lines.length, 3, 'a move of three matches ends by itself');

  // A drag after the end is refused; Play again starts over.
  await play.byTestId('play-again').click();
  assert.equal(await play.turnText(), 'Player 1 to move');
  assert.equal((await play.figuresOn('matchgroup')).length, 12);
  app.assertNoErrors();
});

test('a refused drag springs back and says why; while held the legal places are targets', async () => {
  const play = await PlayPage.open(app, 'nim12.game.xml');
  await take(play, 1);
  const [inBasket] = await play.figuresOn('basket');

  // While a match from the group is held, only the basket lights up.
  const [match] = await play.figuresOn('matchgroup');
  let during;
  await play.dragTo(match, await play.tablePoint(20, 580), async () => {
    during = await play.targets();
    assert.match(await play.place('basket').getAttribute('class'), /\btarget\b/);
    assert.doesNotMatch(await play.place('matchgroup').getAttribute('class'), /\btarget\b/);
  });
  assert.deepEqual(during, ['basket']);
  // Dropped on the bare table: it springs back, with a reason.
  assert.equal(await play.placeOf(match), 'matchgroup');
  assert.match(await play.noticeTone(), /problem/);
  assert.match(await play.notice(), /must go on a place/);
  await play.page.waitForFunction(() => !document.querySelector('[data-testid="table"] .ghost'));
  assert.deepEqual(await play.targets(), [], 'nothing is lit once it is put down');

  // A match from the basket back to the group is refused, in words.
  await play.dragToPlace(inBasket, 'matchgroup', async () => {
    assert.deepEqual(await play.targets(), []);
  });
  assert.equal(await play.placeOf(inBasket), 'basket');
  assert.match(await play.noticeTone(), /problem/);
  const why = await play.notice();
  assert.ok(why.length > 10 && !/approved/.test(why), `a reason is given: ${why}`);
  console.log(`refusal: ${why}`);

  // Tap-tap: tap a match, tap the basket.
  const [tapped] = await play.figuresOn('matchgroup');
  await play.figure(tapped).click();
  assert.deepEqual(await play.targets(), ['basket']);
  await play.place('basket').click({ position: { x: 20, y: 20 } });
  await play.page.waitForFunction(
    (m) => document.querySelector(`[data-figure="${m}"]`)?.dataset.placeOf === 'basket',
    tapped,
  );
  // Esc puts a lifted match down.
  const [another] = await play.figuresOn('matchgroup');
  await play.figure(another).click();
  assert.deepEqual(await play.targets(), ['basket']);
  await play.page.keyboard.press('Escape');
  assert.deepEqual(await play.targets(), []);

  // Take back one step, then the whole move.
  await play.byTestId('take-back').click();
  assert.equal((await play.figuresOn('basket')).length, 1);
  await play.byTestId('take-back-move').click();
  assert.equal((await play.figuresOn('basket')).length, 0);
  assert.equal(await play.turnText(), 'Player 1 to move');
  app.assertNoErrors();
});

test('Tic-Tac-Toe against the computer (Master): it answers with legal moves to the end', async () => {
  const play = await PlayPage.open(app, 'tic-tac-toe.game.xml');
  await play.choosePlayer(2, 'master');
  const cells = [];
  for (let r = 1; r <= 3; r++) for (let c = 1; c <= 3; c++) cells.push(`grid.${r}.${c}`);
  const over = play.byTestId('game-over');

  for (let turn = 0; turn < 5; turn++) {
    if (await over.isVisible()) break;
    assert.equal(await play.turnText(), 'Player 1 to move');
    const free = [];
    for (const cell of cells) if ((await play.figuresOn(cell)).length === 0) free.push(cell);
    const [cross] = await play.figuresOn('crosses');
    const circlesBefore = (await play.figuresOn('circles')).length;
    await play.dragToPlace(cross, free[0]);
    await play.page.waitForFunction(
      (x) => document.querySelector(`[data-figure="${x}"]`)?.dataset.placeOf?.startsWith('grid.'),
      cross,
    );
    // The computer answers (or the game is over).
    await play.page.waitForFunction(
      (n) =>
        document.querySelector('[data-testid="game-over"]') ||
        (document.querySelectorAll('[data-place-of="circles"]').length === n - 1 &&
          document.querySelector('[data-testid="turn"]')?.dataset.player === '1'),
      circlesBefore,
      { timeout: 20_000 },
    );
  }
  await over.waitFor({ state: 'visible' });
  const result = await play.byTestId('game-over-text').textContent();
  console.log(`Tic-Tac-Toe against Master: ${result}`);
  // Playing the first free cell each time, player 1 cannot beat Master.
  assert.match(result, /Player 2 wins!|It's a draw!/);

  // Every circle the computer placed lies on its own cell, told as the table shows it.
  const onGrid = await play.page
    .locator('[data-testid="table"] > g[data-figure][data-place-of^="grid."]')
    .evaluateAll((els) => els.map((e) => e.dataset.placeOf));
  assert.equal(new Set(onGrid).size, onGrid.length, 'one figure per cell');
  const log = await play.log();
  for (const m of log.filter((m) => m.player === 2)) {
    assert.match(m.lines[0], /^Put a circle on the square at row \d, column \d$/);
  }
  if (/Player 2 wins/.test(result)) {
    const winning = await play.page
      .locator('[data-testid="table"] .place.winning')
      .evaluateAll((els) => els.map((e) => e.dataset.place));
    assert.equal(winning.length, 3, 'the winning line is highlighted');
  }
  app.assertNoErrors();
});

test('a game with problems shows them in words instead of a table', async () => {
  const page = await app.newPage();
  await page.route('**/games/broken-rules.game.xml', (route) =>
    route.fulfill({
      contentType: 'application/xml',
      body: `<?xml version="1.0"?><game format="1" players="2"><title>Broken</title><rules>
        <equipment><group name="heap"/></equipment>
        <figures><figure name="m.1" type="match" origin="nowhere"/></figures>
        <steps><step name="take"><from name="heap"/><to name="basket"/></step></steps>
        <moves><move name="turn">take</move></moves></rules></game>`,
    }),
  );
  const play = new PlayPage(page, app.url);
  await play.goto('#example=broken-rules.game.xml');
  const card = play.byTestId('play-problems');
  await card.waitFor({ state: 'visible' });
  assert.match(await card.textContent(), /can't be played yet/);
  assert.equal(await play.byTestId('table').count(), 0);
  await play.byTestId('back-to-design').click();
  assert.equal(await play.byTestId('play-problems').count(), 0);
  app.assertNoErrors();
});
