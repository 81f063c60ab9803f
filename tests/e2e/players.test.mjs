// Three or four players at the table: a game of four where a person plays
// player 1 by dragging with the pointer and the computer plays the three
// others, to the end; every player is named in their colour on the turn
// banner, in the players panel and in the log, and the winner is announced.

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

/** Four take one or two matches in turn; whoever takes the last one wins. */
const HEAP_OF_FOUR = `<?xml version="1.0" encoding="UTF-8"?>
<game format="2" players="4">
  <title>Heap of Four</title>
  <description>Four players take turns: take one or two matches from the heap. Whoever takes the last match wins!</description>
  <rules>
    <equipment>
      <group name="heap"/>
      <basket name="basket"/>
    </equipment>
    <figures>
      <figure name="m" type="match" origin="heap" colour="#e0a030" count="9"/>
    </figures>
    <steps>
      <step name="take">
        <what type="match"/>
        <from name="heap"/>
        <to name="basket"/>
      </step>
    </steps>
    <moves>
      <move name="turn">take x1-2</move>
    </moves>
    <game-over>
      <end name="last-match" winner="previous">
        <when>empty(heap)</when>
      </end>
    </game-over>
    <settings when-stuck="lose" pass="no"/>
  </rules>
  <layout width="900" height="600">
    <place name="basket" x="620" y="180" width="220" height="220" colour="#5b7f3a"/>
    <place name="heap" x="60" y="120" width="480" height="320" colour="#c9a36b"/>
  </layout>
</game>`;

/** Opens the game of four from the address, served by the test. */
async function openHeapOfFour(viewport) {
  const page = await app.newPage(viewport ? { viewport } : {});
  await page.route('**/games/heap-of-four.game.xml', (route) =>
    route.fulfill({ contentType: 'application/xml', body: HEAP_OF_FOUR }),
  );
  const play = new PlayPage(page, app.url);
  await play.goto('#example=heap-of-four.game.xml');
  await page.getByTestId('play-mode').waitFor({ state: 'visible' });
  await page.getByTestId('turn').waitFor({ state: 'visible' });
  return play;
}

/** Whose turn the banner shows (0 when there is no banner), and whether the game is over. */
async function banner(play) {
  return play.page.evaluate(() => {
    const turn = document.querySelector('[data-testid="turn"]');
    return {
      player: turn ? Number(turn.dataset.player) : 0,
      text: turn?.querySelector('.turn-text')?.textContent ?? '',
      over: Boolean(document.querySelector('[data-testid="game-over"]')),
      busy: Boolean(turn?.querySelector('.turn-extra')?.textContent.includes('thinking')),
    };
  });
}

/** Waits until the person (player 1) is to move with nobody thinking, or the game is over. */
async function untilPersonOrOver(play, seen) {
  const end = Date.now() + 30_000;
  for (;;) {
    const b = await banner(play);
    if (b.player) seen.add(b.player);
    if (b.over) return b;
    if (b.player === 1 && !b.busy) {
      const heap = await play.figuresOn('heap');
      if (heap.length > 0) return b;
    }
    if (Date.now() > end) assert.fail(`the computers did not hand back the turn: ${JSON.stringify(b)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('a game of four with three computers is played to its end and the winner announced', async () => {
  const play = await openHeapOfFour();
  const page = play.page;
  await play.byTestId('intro-start').click();

  // The players panel asks about every one of the four, each with its token.
  for (const p of [1, 2, 3, 4]) {
    const choice = play.byTestId(`player-${p}-select`);
    await choice.waitFor({ state: 'visible' });
    assert.equal(await page.locator(`label[for="player-${p}-select"]`).textContent(), `Player ${p}`);
    assert.equal(
      await page.locator(`.player-choice.player-${p} .player-token`).count(),
      1,
      `player ${p}'s token beside the choice`,
    );
  }
  assert.equal(await play.byTestId('player-5-select').count(), 0);
  for (const p of [2, 3, 4]) await play.choosePlayer(p, 'beginner');
  assert.equal(await play.turnText(), 'Player 1 to move');

  const seen = new Set();
  let moves = 0;
  for (;;) {
    const b = await untilPersonOrOver(play, seen);
    if (b.over) break;
    // The person takes a match by dragging it with the pointer to the basket.
    const [match] = await play.figuresOn('heap');
    await play.dragToPlace(match, 'basket');
    await page.waitForFunction(
      (m) => document.querySelector(`[data-testid="table"] [data-figure="${m}"]`)?.dataset.placeOf === 'basket',
      match,
    );
    moves += 1;
    if ((await play.byTestId('game-over').count()) === 0) await play.endMove();
    assert.ok(moves < 10, 'the game should have ended');
  }

  // Every player had the turn, and the banner named them in turn.
  assert.deepEqual([...seen].sort(), [1, 2, 3, 4], 'the banner showed every player on move');
  const over = (await play.byTestId('game-over-text').textContent()).trim();
  const winner = Number(over.match(/^Player ([1-4]) wins!$/)?.[1]);
  assert.ok(winner, `the end names the winner: ${over}`);
  assert.match(await play.byTestId('game-over').getAttribute('class'), new RegExp(`winner-${winner}`));
  assert.equal(await page.locator('[data-testid="game-over"] .player-token').count(), 1, "the winner's token");
  assert.deepEqual(await play.figuresOn('heap'), []);

  // The log: moves go round 1, 2, 3, 4, 1…, each headed by its player with
  // their token; the computers said what they did.
  const log = await play.log();
  assert.ok(log.length >= 5, `at least five moves: ${JSON.stringify(log)}`);
  log.forEach((m, i) => {
    assert.equal(m.player, (i % 4) + 1, `move ${i + 1}'s player`);
    assert.equal(m.heading, `Move ${i + 1} — Player ${m.player}`);
  });
  // The last to take a match won.
  assert.equal(log.at(-1).player, winner);
  assert.equal(
    await page.locator('[data-testid="log-move"] .log-heading .player-token').count(),
    log.length,
  );
  for (const p of [2, 3, 4]) {
    const computer = log.find((m) => m.player === p);
    assert.ok(computer?.lines.every((l) => /took a match from the heap|End move/i.test(l)), JSON.stringify(computer));
  }
  // The live region said so.
  const spoken = await page.locator('[data-testid="announcer"] p').allTextContents();
  assert.ok(
    spoken.some((t) => t.includes(`Player ${winner} wins!`)),
    `the live region announced the winner: ${JSON.stringify(spoken)}`,
  );
  app.assertNoErrors();
});

test("players 3 and 4 have their own colours and marks on the turn banner's token", async () => {
  const play = await openHeapOfFour();
  await play.byTestId('intro-start').click();
  // Players 1, 2 and 3 each take a match: player 4 is then on move.
  for (let i = 0; i < 3; i += 1) {
    const [match] = await play.figuresOn('heap');
    await play.dragToPlace(match, 'basket');
    await play.endMove();
  }
  assert.equal(await play.turnText(), 'Player 4 to move');
  const token = await play.page.evaluate(() => {
    const turn = document.querySelector('[data-testid="turn"]');
    return {
      player: turn.dataset.player,
      fill: turn.querySelector('.player-token circle')?.getAttribute('fill'),
      mark: turn.querySelector('.player-token .owner-mark')?.getAttribute('class'),
      border: getComputedStyle(turn).borderTopColor,
    };
  });
  assert.deepEqual(token, {
    player: '4',
    fill: '#1f5fa0',
    mark: 'owner-mark mark-4',
    border: 'rgb(31, 95, 160)',
  });
  const log = await play.log();
  assert.deepEqual(
    log.map((m) => m.player),
    [1, 2, 3],
  );
  const colour = await play.page
    .locator('[data-testid="log-move"][data-player="3"] .log-heading')
    .evaluate((el) => getComputedStyle(el).color);
  assert.equal(colour, 'rgb(30, 91, 34)');
  app.assertNoErrors();
});
