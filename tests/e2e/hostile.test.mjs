// Opening the slowest files of the hostile corpus (tests/hostile) through
// the page's Open: the page answers (the game or its problems) and the
// longest main-thread task, measured with a PerformanceObserver('longtask'),
// stays bounded. The figures are printed for the notes, with the examples'
// for comparison.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { AppSession, REPO_ROOT } from './harness.mjs';

const CORPUS = path.join(REPO_ROOT, 'tests', 'hostile');
const EXAMPLES = path.join(REPO_ROOT, 'public', 'games');
// Files whose cost was preparing the rules (step tables answered ahead):
// now worked out lazily, opening them must not block the page. The aim is
// 100 ms; 250 ms leaves room for a busy 2-core test machine.
const PREPARED = [
  'long-static-condition-22x23.game.xml',
  'many-static-conditions-2.game.xml',
  'many-static-conditions-4.game.xml',
  'slow-dynamic-condition-50x50.game.xml',
];
const PREPARED_BOUND_MS = 250;
// Files whose cost is drawing the table: 2,500 squares, 400 figures. Every
// square and figure is an element of the page, made in one task; the
// figures printed are what to bring down to the 200 ms aim.
const DRAWN = ['dynamic-condition-50x50.game.xml', 'supply-400-on-20x20.game.xml'];
const DRAWN_BOUND_MS = 1500;
const EXAMPLE_FILES = ['tic-tac-toe.game.xml', 'reversi.game.xml', 'dama-lite.game.xml'];

let app;
before(async () => {
  app = await AppSession.start();
});
after(async () => {
  await app?.stop();
});

function watchLongTasks() {
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
}

/** Opens `file` through Open; the time to the opened game (or its problems) and the longest task. */
async function open(page, file) {
  // Settle, then count only the tasks of this file's opening.
  await page.waitForTimeout(300);
  const title = await page.evaluate(() => {
    window.longTasks = [];
    return document.querySelector('[data-testid=game-title]')?.textContent;
  });
  const start = Date.now();
  await page.getByTestId('open-input').setInputFiles(file);
  await page.waitForFunction(
    (before) => {
      const now = document.querySelector('[data-testid=game-title]')?.textContent;
      return (now && now !== before) || !!document.querySelector('[data-testid=file-problems]')?.checkVisibility?.();
    },
    title,
    { timeout: 60_000 },
  );
  // The table drawn too.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  const took = Date.now() - start;
  await page.waitForTimeout(500);
  const longest = await page.evaluate(() => Math.max(0, ...window.longTasks));
  // Back to a new game for the next file (closing a problems dialog first).
  if (await page.getByTestId('file-problems').isVisible()) await page.keyboard.press('Escape');
  await page.getByTestId('new').click();
  const yes = page.getByTestId('confirm-yes');
  if (await yes.isVisible()) await yes.click();
  return { took, longest: Math.round(longest) };
}

/** The best of up to three openings: a machine busy with other work may slow one down; a blocking page blocks every time. */
async function bestOpening(page, file, bound) {
  let best;
  for (let attempt = 0; attempt < 3 && !(best?.longest < bound); attempt++) {
    const m = await open(page, file);
    if (!best || m.longest < best.longest) best = m;
  }
  return best;
}

test('opening the slowest hostile files never freezes the tab', async () => {
  const home = await app.openHome(async (page) => page.addInitScript(watchLongTasks));
  const page = home.page;
  await page.getByTestId('app').waitFor();
  await page.getByTestId('design-mode').waitFor();
  const figures = [];
  const failures = [];
  for (const [files, dir, bound] of [
    [PREPARED, CORPUS, PREPARED_BOUND_MS],
    [DRAWN, CORPUS, DRAWN_BOUND_MS],
    [EXAMPLE_FILES, EXAMPLES, PREPARED_BOUND_MS],
  ]) {
    for (const name of files) {
      const m = await bestOpening(page, path.join(dir, name), bound);
      figures.push(`${name}: longest task ${m.longest} ms, open ${m.took} ms`);
      if (m.longest >= bound) failures.push(`${name}: a ${m.longest} ms task (bound ${bound} ms)`);
    }
  }
  console.log(`opening each file, the longest main-thread task:\n  ${figures.join('\n  ')}`);
  assert.deepEqual(failures, []);
});

test('the page answers while the computer thinks on a heavy hostile game', async () => {
  // Each listing of this game's steps asks a long condition about 2,500
  // squares: the search runs in the Web Worker, the page only plays the move.
  const home = await app.openHome(async (page) => page.addInitScript(watchLongTasks));
  const page = home.page;
  await page.getByTestId('design-mode').waitFor();
  await page.getByTestId('open-input').setInputFiles(path.join(CORPUS, 'dynamic-condition-50x50.game.xml'));
  await page.waitForFunction(() => document.querySelector('[data-testid=game-title]')?.textContent.trim() === 'Hostile');
  await page.evaluate(() => { window.longTasks = []; });
  await page.getByTestId('mode-play').click();
  await page.getByTestId('turn').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(300);
  const entering = await page.evaluate(() => Math.round(Math.max(0, ...window.longTasks)));
  await page.evaluate(() => {
    window.longTasks = [];
    // The places of the table drawn again (an attribute changed, or drawn anew).
    window.redrawn = new Set();
    new MutationObserver((changes) => {
      for (const c of changes) {
        for (const node of c.type === 'attributes' ? [c.target] : [...c.addedNodes]) {
          const place = node.closest?.('[data-place]');
          if (place) window.redrawn.add(place.dataset.place);
        }
      }
    }).observe(document.querySelector('[data-testid="table"]'), { attributes: true, childList: true, subtree: true });
  });
  await page.getByTestId('player-1-select').selectOption('good');
  // Waited for with the page's own querySelector, every 100 ms: the
  // driver's locators walk all 7,500 elements of this table in the page's
  // main thread, and those would be counted as the page's tasks.
  const thinking = (shown) =>
    page.waitForFunction((shown) => Boolean(document.querySelector('[data-testid="thinking"]')) === shown, shown, {
      polling: 100,
      timeout: 60_000,
    });
  await thinking(true);
  await thinking(false);
  await page.waitForTimeout(300);
  const tasks = await page.evaluate(() => window.longTasks.map(Math.round));
  const longest = Math.max(0, ...tasks);
  const redrawn = await page.evaluate(() => window.redrawn.size);
  console.log(
    `dynamic-condition-50x50 in Play: entering ${entering} ms; while the computer (Good) thinks and moves, longest task ${longest} ms (all: ${tasks.join(', ') || 'none'}); places drawn again: ${redrawn} of 2,500`,
  );
  // The search runs in the worker and its move reaches the page, which
  // checks the move's one step (not every target of the figure) and draws
  // again only the places the move changed, not the whole board. The tasks
  // printed are the page's own: laying out the page after the move, and
  // listing the next player's steps (not bounded yet).
  assert.ok((await page.getByTestId('log-move').count()) > 0, 'the computer moved');
  assert.ok(redrawn < 100, `${redrawn} places were drawn again for one move`);
});
