// The engine's speed in the browser build: the page's Web Worker measures
// a full solve of Tic-Tac-Toe and of three NIM variants, random playouts on
// Dama-lite, and the yardsticks: Tic-Tac-Toe, Connect Four, English
// checkers and Reversi (the last three from their rule files, fetched and
// sent to the worker) played out by the engine beside their hand-written
// twins (`#bench` in the address). Beside them, the same figures natively
// (`target/release/tablecraft bench`, or TABLECRAFT_CLI), run before and
// after the page, and how many times the time of native wasm takes (the
// goal of issue 12: within 1.5×); without the native CLI it says so and
// compares nothing. A benchmark, not a timed test: it prints the figures
// and checks only that they are present and positive.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import { AppSession, REPO_ROOT } from './harness.mjs';

const CLI = path.resolve(process.env.TABLECRAFT_CLI ?? path.join(REPO_ROOT, 'target', 'release', 'tablecraft'));
const GAMES = ['Tic-Tac-Toe', 'Connect Four', 'English checkers', 'Reversi'];
/** Issue 12: wasm is to take at most this many times the time of native. */
const GOAL = 1.5;

let app;
before(async () => {
  app = await AppSession.start();
});
after(async () => {
  await app?.stop();
});

/** A rate as the CLI and the page print it: `1.23 M/s`, `45.6 k/s`, `789 /s`. */
function rate(r) {
  if (r >= 1e6) return `${(r / 1e6).toFixed(2)} M/s`;
  if (r >= 1e4) return `${(r / 1e3).toFixed(1)} k/s`;
  return r >= 10 ? `${r.toFixed(0)} /s` : `${r.toFixed(2)} /s`;
}

/** `579.6 k/s` read back as 579600; the CLI prints rates only as text. */
function readRate(value, unit) {
  return Number(value) * { 'M/s': 1e6, 'k/s': 1e3, '/s': 1 }[unit];
}

/**
 * One run of `tablecraft bench` (no file: the yardsticks), from the
 * repository so that it reads the rule files of public/games/: the
 * Tic-Tac-Toe solve in ms and each game's playouts per second, engine and
 * hand-written, read from the lines it prints.
 */
async function nativeBench() {
  const { stdout } = await promisify(execFile)(CLI, ['bench'], { cwd: REPO_ROOT, timeout: 300_000 });
  const solve = /^tic-tac-toe full solve: .* in ([\d.]+) ms/m.exec(stdout);
  assert.ok(solve, `no Tic-Tac-Toe solve in the output of ${CLI} bench:\n${stdout}`);
  const R = '([\\d.]+) (M/s|k/s|/s)';
  const games = {};
  for (const line of stdout.split('\n')) {
    // The table's rows: game, engine, hand-written, ratio, goal.
    const row = new RegExp(`^(\\S.*?)\\s+${R}\\s+${R}\\s+1 : `).exec(line);
    if (row) games[row[1]] = { engine: readRate(row[2], row[3]), hand: readRate(row[4], row[5]) };
  }
  for (const game of GAMES) {
    assert.ok(games[game]?.engine > 0 && games[game]?.hand > 0, `${game} in the output of ${CLI} bench:\n${stdout}`);
  }
  return { solveMs: Number(solve[1]), games };
}

test('the engine benchmark runs in the browser, beside native', async () => {
  // Native before and after the page, so that a machine busier for a
  // while (it is shared) weighs on both sides alike; the two are averaged.
  const native = [];
  const hasCli = existsSync(CLI);
  if (hasCli) native.push(await nativeBench());

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
  assert.deepEqual(rows.map((r) => r.game), GAMES);
  for (const r of rows) assert.ok(r.values.length === 2 && r.values.every((v) => v > 0), `${r.game} measured both ways`);
  assert.equal(await page.getByTestId('bench-problem').count(), 0, 'every rule file was sent');
  assert.equal(value('bench-draw'), 1, 'the solve finds the draw');
  app.assertNoErrors();

  if (!hasCli) {
    console.log(`wasm/native: not compared, no native CLI at ${CLI} (cargo build --release -p tablecraft-cli)`);
    return;
  }
  native.push(await nativeBench());

  // Each figure: wasm, native (the mean of the two runs; ± half their
  // difference, how noisy the machine was) and how many times the time of
  // native wasm takes. Hand-written code has no goal: its ratio tells
  // whether a gap is the engine's or WebAssembly's own.
  const columns = (label, wasm, nat, noise, times, goal) =>
    `wasm/native ${label.padEnd(38)} ${wasm.padStart(10)} ${nat.padStart(10)} ` +
    `${noise.padStart(5)} ${times.padStart(10)}   ${goal}`.trimEnd();
  const compare = (label, wasm, nativeOf, { perSecond = false, goal = false } = {}) => {
    const [a, b] = native.map(nativeOf);
    const nat = (a + b) / 2;
    const times = perSecond ? nat / wasm : wasm / nat;
    const show = perSecond ? rate : (ms) => `${ms.toFixed(1)} ms`;
    const noise = `±${Math.round((50 * Math.abs(a - b)) / nat)}%`;
    const met = goal ? `within ${GOAL}× ${times <= GOAL ? 'reached' : 'not yet'}` : '';
    console.log(columns(label, show(wasm), show(nat), noise, `${times.toFixed(2)}×`, met));
  };
  console.log('wasm/native: the page beside `tablecraft bench` run before and after it (their mean, ± half the gap)');
  console.log(columns('', 'wasm', 'native', '±', 'wasm takes', 'goal'));
  for (const [i, game] of GAMES.entries()) {
    compare(`${game} engine playouts`, rows[i].values[0], (n) => n.games[game].engine, { perSecond: true, goal: true });
  }
  for (const [i, game] of GAMES.entries()) {
    compare(`${game} hand-written playouts`, rows[i].values[1], (n) => n.games[game].hand, { perSecond: true });
  }
  compare('Tic-Tac-Toe full solve', value('bench-solve-ms'), (n) => n.solveMs, { goal: true });
});
