// The engine's speed in the browser build: the page's Web Worker measures
// a full solve of Tic-Tac-Toe, random playouts on Tic-Tac-Toe and Dama-lite
// and the hand-written Tic-Tac-Toe (`#bench` in the address). A benchmark,
// not a timed test: it prints the figures and checks only that they are
// positive.

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
    'bench-solve-rate',
    'bench-ttt-playouts',
    'bench-dama-playouts',
    'bench-baseline-playouts',
    'bench-ratio',
  ]) {
    assert.ok(value(id) > 0, `${id} is positive`);
  }
  assert.equal(value('bench-draw'), 1, 'the solve finds the draw');
  app.assertNoErrors();
});
