// Hex, the connection game of the Examples: the person drags red stones
// from the pile onto empty dots with the pointer, the computer answers
// with blue ones, and the game ends with a path across: someone always
// wins.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { AppSession } from './harness.mjs';
import { PlayPage } from './play-page.mjs';

let app;
before(async () => {
  app = await AppSession.start();
});
after(async () => {
  await app?.stop();
});

/** Waits for `f()` to be true, with what was expected in the failure. */
async function until(f, what, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await f())) {
    if (Date.now() > end) assert.fail(what);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const DOTS = ['c3', 'c2', 'c4', 'c1', 'c5', 'b3', 'd3', 'b4', 'd2', 'b2', 'd4', 'a3', 'e3', 'a4', 'e2']
  .concat(['a1', 'b1', 'd1', 'e1', 'a2', 'e4', 'a5', 'b5', 'd5', 'e5']);

test('Hex against the computer: stones dragged onto dots, a path across wins', async () => {
  const play = await PlayPage.open(app, 'hex.game.xml');
  await play.byTestId('intro-start').click();
  await play.choosePlayer(2, 'beginner');
  const over = async () => (await play.byTestId('game-over').count()) > 0;
  const taken = async (dot) => (await play.figuresOn(`hex.${dot}`)).length > 0;
  for (let turn = 0; turn < 13 && !(await over()); turn += 1) {
    await until(async () => (await over()) || (await play.turnText()) === 'Player 1 to move', 'red to move');
    if (await over()) break;
    const dot = await (async () => {
      for (const d of DOTS) if (!(await taken(d))) return d;
      return null;
    })();
    assert.ok(dot, 'an empty dot');
    const before = (await play.figuresOn('red-stones')).length;
    await play.dragPlaceToPlace('red-stones', `hex.${dot}`);
    await until(async () => (await play.figuresOn('red-stones')).length === before - 1, `a red stone on ${dot}`);
    assert.match((await play.figuresOn(`hex.${dot}`))[0], /^red/);
    // The computer answers with a blue stone (or the game is over).
    const blue = (await play.figuresOn('blue-stones')).length;
    await until(
      async () => (await over()) || (await play.figuresOn('blue-stones')).length === blue - 1,
      'the computer placed a blue stone',
    );
  }
  await until(over, 'the game ended');
  assert.match(await play.byTestId('game-over-text').textContent(), /Player [12] wins/);
  app.assertNoErrors();
});
