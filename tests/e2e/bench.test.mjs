// The engine's speed in the browser build: the page's Web Worker measures
// a full solve of Tic-Tac-Toe and of three NIM variants, random playouts on
// Dama-lite, and the yardsticks: Tic-Tac-Toe, Connect Four, English
// checkers and Reversi (the last three from their rule files, fetched and
// sent to the worker) played out by the engine beside their hand-written
// twins (`#bench` in the address). A benchmark, not a timed test: it
// prints the figures and checks only that they are positive.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { AppSession } from './harness.mjs';

let app;
before(async () => {
  app = await AppSession.start();
});
after(async () => {
  await app?.stop();
});

test('the engine benchmark runs in the browser', async () => {
  const page = await app.newPage();
  await page.goto(new URL('#bench', app.url).href, { waitUntil: 'load' });
  await page.getByTestId('bench-run').click();
  await page.getByTestId('bench-figures').waitFor({ state: 'visible', timeout: 120_000 });
  const figures = await page
    .locator('[data-testid="bench-figures"] td')
    .evaluateAll((cells) =>
      cells.map((td) => ({
        id: td.dataset.testid,
        label: td.parentElement.querySelector('th').textContent,
        value: Number(td.dataset.value),
        text: td.textContent,
      })),
    );
  console.log('engine benchmark in the browser (release build, Web Worker):');
  for (const f of figures) console.log(`  ${f.label}: ${f.text}`);
  const value = (id) => figures.find((f) => f.id === id)?.value;
  for (const id of [
    'bench-solve-positions',
    'bench-solve-ms',
    'bench-solve-first-ms',
    'bench-solve-rate',
    'bench-dama-playouts',
  ]) {
    assert.ok(value(id) > 0, `${id} is positive`);
  }
  const nims = figures.filter((f) => f.id === 'bench-nim-ms');
  assert.equal(nims.length, 3, 'NIM12, Nim 3-4-5 and Nim for three are solved');
  for (const n of nims) assert.ok(n.value > 0, `${n.label} is positive`);
  const rows = await page
    .locator('[data-testid="bench-yardstick"]')
    .evaluateAll((trs) =>
      trs.map((tr) => ({
        game: tr.dataset.game,
        values: [...tr.querySelectorAll('td[data-value]')].map((td) => Number(td.dataset.value)),
        text: [...tr.children].map((c) => c.textContent).join(' | '),
      })),
    );
  for (const r of rows) console.log(`  ${r.text}`);
  assert.deepEqual(
    rows.map((r) => r.game),
    ['Tic-Tac-Toe', 'Connect Four', 'English checkers', 'Reversi'],
  );
  for (const r of rows) assert.ok(r.values.length === 2 && r.values.every((v) => v > 0), `${r.game} measured both ways`);
  assert.equal(await page.getByTestId('bench-problem').count(), 0, 'every rule file was sent');
  assert.equal(value('bench-draw'), 1, 'the solve finds the draw');
  app.assertNoErrors();
});
