// The computer in Play: a Hint on the table and in words, Solve showing a
// puzzle's shortest solution step by step, the progress line and Stop while
// it thinks, and how smoothly the page runs meanwhile (the search is in a
// Web Worker).

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

/** Names of the places and figures marked by a hint. */
async function hinted(play) {
  const names = (sel, key) =>
    play.page.locator(`[data-testid="table"] ${sel}`).evaluateAll(
      (els, k) => els.map((e) => e.dataset[k]),
      key,
    );
  return { places: await names('.place.hint', 'place'), figures: await names('.figure.hint', 'figure') };
}

/**
 * Starts recording the time of every animation frame in the page, the long
 * tasks of its thread, and when the thinking line goes (the end of the
 * thinking: the move is then played, as any move is).
 */
async function recordFrames(page) {
  await page.evaluate(() => {
    window.__frames = [];
    window.__thoughtUntil = null;
    const watch = new MutationObserver(() => {
      if (document.querySelector('[data-testid="thinking"]')) {
        window.__thinking = true;
      } else if (window.__thinking) {
        window.__thoughtUntil = performance.now();
        watch.disconnect();
      }
    });
    watch.observe(document.body, { subtree: true, childList: true });
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask' });
    const tick = (t) => {
      window.__frames.push(t);
      window.__frameLoop = requestAnimationFrame(tick);
    };
    window.__frameLoop = requestAnimationFrame(tick);
  });
}

/** The longest gap between two frames from `from` to `to` (page clock), and the frame count. */
async function longestGap(page, from, to) {
  return page.evaluate(
    ([a, b]) => {
      cancelAnimationFrame(window.__frameLoop);
      const f = window.__frames.filter((t) => t >= a && t <= b);
      let gap = 0;
      let at = 0;
      for (let i = 1; i < f.length; i++) {
        if (f[i] - f[i - 1] > gap) [gap, at] = [f[i] - f[i - 1], f[i - 1] - a];
      }
      const tasks = window.__longTasks.filter(([t]) => t >= a && t <= b).map(([, d]) => d);
      return { gap, at, frames: f.length, longestTask: Math.max(0, ...tasks) };
    },
    [from, to],
  );
}

test('Hint on NIM12 at the start: you win, and a match and the basket light up', async () => {
  const play = await PlayPage.open(app, 'nim12.game.xml');
  assert.deepEqual(await hinted(play), { places: [], figures: [] });
  await play.byTestId('hint').click();
  const verdict = play.byTestId('verdict');
  await verdict.waitFor({ state: 'visible', timeout: 20_000 });
  assert.match(await verdict.textContent(), /With best play you win/);
  const said = await play.notice();
  console.log(`hint: ${said}`);
  assert.match(said, /^Hint: take (a match|\d matches) from the heap\. With best play you win/);

  // The winning move takes 3 matches: three matches and the basket are marked.
  const marks = await hinted(play);
  assert.deepEqual(marks.places, ['basket']);
  assert.equal(marks.figures.length, 3, `three matches: ${marks.figures}`);
  for (const m of marks.figures) assert.equal(await play.placeOf(m), 'matchgroup');
  const shot = await play.screenshot('hint');
  console.log(`screenshot: ${path.relative(REPO_ROOT, shot)}`);

  // Following the hint: the marks go once the position changes.
  await play.dragToPlace(marks.figures[0], 'basket');
  await play.page.waitForFunction(
    (m) => document.querySelector(`[data-figure="${m}"]`)?.dataset.placeOf === 'basket',
    marks.figures[0],
  );
  assert.deepEqual(await hinted(play), { places: [], figures: [] });
  assert.equal(await verdict.count(), 0);
  app.assertNoErrors();
});

test('Solve on the ball puzzle shows the 12-move solution step by step to "Solved!"', async () => {
  const play = await PlayPage.open(app, 'ball-puzzle.game.xml');
  assert.equal(await play.byTestId('hint').isEnabled(), true);
  await play.byTestId('solve').click();
  await play.byTestId('showing').waitFor({ state: 'visible', timeout: 30_000 });
  assert.equal(await play.notice(), 'The solution takes 12 moves — watch!');

  // Step by step: the table is busy while it is shown, then solved.
  await play.page.waitForFunction(
    () => /Move 6 of 12/.test(document.querySelector('[data-testid="showing-progress"]')?.textContent ?? ''),
    null,
    { timeout: 30_000 },
  );
  assert.match(await play.notice(), /^Solution, move 6 of 12: /);
  const shot = await play.screenshot('solve');
  console.log(`screenshot: ${path.relative(REPO_ROOT, shot)}`);
  await play.byTestId('game-over').waitFor({ state: 'visible', timeout: 30_000 });
  assert.equal(await play.byTestId('game-over-text').textContent(), 'Solved!');
  assert.equal((await play.log()).length, 12, 'twelve moves were played');
  await play.byTestId('showing').waitFor({ state: 'detached' });

  // Stop: the showing ends where it is, and the child goes on from there.
  await play.byTestId('play-again').click();
  await play.byTestId('solve').click();
  await play.page.waitForFunction(
    () => /Move 2 of 12/.test(document.querySelector('[data-testid="showing-progress"]')?.textContent ?? ''),
    null,
    { timeout: 30_000 },
  );
  await play.byTestId('stop-showing').click();
  await play.byTestId('showing').waitFor({ state: 'detached' });
  assert.match(await play.notice(), /Stopped showing the solution/);
  const played = (await play.log()).length;
  await play.page.waitForTimeout(1500);
  assert.equal((await play.log()).length, played, 'nothing more is played after Stop');
  assert.equal(await play.byTestId('game-over').count(), 0);
  assert.equal(await play.byTestId('solve').isEnabled(), true);
  app.assertNoErrors();
});

test('Tic-Tac-Toe, Master against a person: progress while it thinks, and Stop plays at once', async () => {
  const play = await PlayPage.open(app, 'tic-tac-toe.game.xml');
  // Master solves Tic-Tac-Toe in a moment: the page itself presses Stop as
  // soon as the first progress report shows, and notes what it showed.
  await play.page.evaluate(() => {
    window.__stop = null;
    const watch = new MutationObserver(() => {
      const progress = document.querySelector('[data-testid="thinking-progress"]')?.textContent ?? '';
      const stop = document.querySelector('[data-testid="stop"]');
      if (!window.__stop && stop && /^depth [1-9]\d* · [\d,]+ positions?$/.test(progress)) {
        window.__stop = {
          who: document.querySelector('[data-testid="thinking-who"]').textContent,
          progress,
          best: document.querySelector('[data-testid="thinking-best"]')?.textContent ?? '',
          at: performance.now(),
        };
        watch.disconnect();
        stop.click();
      }
    });
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await play.choosePlayer(1, 'master');
  const stopped = await play.page.waitForFunction(() => window.__stop, null, { timeout: 20_000 });
  const shown = await stopped.jsonValue();
  console.log(`progress when Stop was pressed: ${shown.progress}; ${shown.best}`);
  assert.match(shown.who, /Player 1 \(computer\) is thinking/);
  assert.match(shown.best, /^Best so far: put a cross on the square at row \d, column \d$/);

  // Stop plays the best move so far at once.
  await play.page.waitForFunction(() => document.querySelectorAll('[data-place-of^="grid."]').length === 1, null, {
    timeout: 2000,
  });
  const played = await play.page.evaluate(() => performance.now() - window.__stop.at);
  console.log(`Stop to the move on the table: ${played.toFixed(0)} ms`);
  // Master would think on for seconds: the move must come at once, not when the search ends.
  assert.ok(played < 1000, `the move came ${played} ms after Stop`);
  await play.byTestId('thinking').waitFor({ state: 'detached' });
  assert.equal(await play.turnText(), 'Player 2 to move');
  assert.match(await play.notice(), /^Player 1 \(computer\) put a cross on the square at row \d, column \d/);
  assert.equal(await play.byTestId('hint').isEnabled(), true, 'the person on move may ask for a hint');
  app.assertNoErrors();
});

/** Master's time a move in the page (`Strength::Master` in crates/app/src/worker_protocol.rs). */
const MASTER_MS = 1500;

test("Connect Four: Master's replies come within its time", async () => {
  // A benchmark: each reply's time (from the thinking line's showing to
  // its going, when the move is played) is printed beside Master's time
  // and the goal of issue 54 (at most 10% over); the checks are only that
  // the computer moved, once for each reply measured.
  const play = await PlayPage.open(app, 'connect-four.game.xml');
  await play.page.evaluate(() => {
    window.__spans = [];
    let since = null;
    new MutationObserver(() => {
      const thinking = !!document.querySelector('[data-testid="thinking"]');
      if (thinking && since === null) since = performance.now();
      if (!thinking && since !== null) {
        window.__spans.push(performance.now() - since);
        since = null;
      }
    }).observe(document.body, { subtree: true, childList: true });
  });
  await play.choosePlayer(2, 'master');
  await play.choosePlayer(1, 'master');
  const replies = 4;
  await play.page.waitForFunction((n) => window.__spans.length >= n, replies, { timeout: 60_000 });
  await play.choosePlayer(1, 'person');
  await play.choosePlayer(2, 'person');
  const spans = await play.page.evaluate(() => window.__spans);
  for (const ms of spans.slice(0, replies)) {
    const over = (ms / MASTER_MS - 1) * 100;
    console.log(`computer reply: Master on Connect Four ${ms.toFixed(0)} ms of its ${MASTER_MS} ms (${over >= 0 ? '+' : ''}${over.toFixed(1)}%, goal at most +10%)`);
  }
  await play.page.waitForFunction((n) => document.querySelectorAll('[data-testid="log-move"]').length >= n, replies, {
    timeout: 10_000,
  });
  const log = await play.log();
  assert.deepEqual(
    log.slice(0, replies).map((m) => m.player),
    [1, 2, 1, 2],
  );
  app.assertNoErrors();
});

/** Opens Dama-lite, lets Master (player 1) think, and measures the page meanwhile. */
async function measureThinking() {
  const play = await PlayPage.open(app, 'dama-lite.game.xml');
  await recordFrames(play.page);
  const start = await play.page.evaluate(() => performance.now());
  await play.choosePlayer(1, 'master');
  const thinking = play.byTestId('thinking');
  await thinking.waitFor({ state: 'visible' });
  await thinking.waitFor({ state: 'detached', timeout: 30_000 });
  const end = await play.page.evaluate(() => window.__thoughtUntil);
  const m = await longestGap(play.page, start, end);
  console.log(
    `frame gap while Master thinks on Dama-lite: longest ${m.gap.toFixed(1)} ms (${m.at.toFixed(0)} ms in) over ${m.frames} frames in ${(end - start).toFixed(0)} ms; longest task on the page's thread ${m.longestTask.toFixed(0)} ms`,
  );
  assert.ok(m.frames > 10, 'frames were drawn');
  return { play, ...m };
}

test('Dama-lite: the page stays smooth while Master thinks, and Stop works in the middle of a search', async () => {
  // The best of up to three measurements: the machine may be busy with
  // other work now and then; a page that blocks would block every time.
  let best;
  for (let attempt = 0; attempt < 3; attempt++) {
    const m = await measureThinking();
    if (!best || Math.max(m.gap, m.longestTask) < Math.max(best.gap, best.longestTask)) best = m;
    if (best.gap < 250 && best.longestTask < 250) break;
  }
  console.log(`longest frame gap while Master thinks (best run): ${best.gap.toFixed(1)} ms`);
  // The figures are printed above; the checks only make sure the search is
  // not on the page's thread (Master thinks for 1.5 s: a page doing that
  // work itself would stop drawing for that long).
  assert.ok(best.longestTask < 250, `the longest task on the page's thread took ${best.longestTask} ms`);
  assert.ok(best.gap < 250, `the longest gap between frames is ${best.gap.toFixed(1)} ms`);
  const play = await PlayPage.open(app, 'dama-lite.game.xml');
  await play.choosePlayer(1, 'master');
  const thinking = play.byTestId('thinking');

  // The computer's first move is played; let player 1 stay the computer and
  // stop its next search early: it plays its best move so far at once.
  await play.page.waitForFunction(() => document.querySelector('[data-testid="turn"]')?.dataset.player === '2', null, {
    timeout: 30_000,
  });
  await play.choosePlayer(2, 'master');
  await thinking.waitFor({ state: 'visible' });
  await play.page.waitForTimeout(300);
  const shot = await play.screenshot('thinking');
  console.log(`screenshot: ${path.relative(REPO_ROOT, shot)}`);
  const before = (await play.log()).length;
  // Pressed in the page, so that the press lands while it still thinks.
  const pressed = await play.page.evaluate(() => {
    const stop = document.querySelector('[data-testid="stop"]');
    stop?.click();
    return stop ? performance.now() : null;
  });
  assert.ok(pressed, 'Stop was there to press while the computer thought');
  await play.page.waitForFunction((n) => document.querySelectorAll('[data-testid="log-move"]').length > n, before, {
    timeout: 3000,
  });
  const played = await play.page.evaluate((t) => performance.now() - t, pressed);
  console.log(`Stop in the middle of a search to the first step of the move: ${played.toFixed(0)} ms`);
  assert.ok(played < 1000);
  const log = await play.log();
  assert.equal(log[before].player, 2, 'player 2 (the computer) moved');
  app.assertNoErrors();
});
