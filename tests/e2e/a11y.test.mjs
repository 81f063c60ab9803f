// Every child can use it: NIM12 played with the keyboard alone while a
// screen reader's live region is listened to; axe-core on every screen;
// tap-tap with a finger in Play, Rules and Design.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { writeFileSync, mkdirSync } from 'node:fs';

import { AppSession, REPO_ROOT, VIEWPORT } from './harness.mjs';
import { PlayPage } from './play-page.mjs';

const AXE = path.join(REPO_ROOT, 'node_modules', 'axe-core', 'axe.min.js');

let app;
before(async () => {
  app = await AppSession.start();
});
after(async () => {
  await app?.stop();
});

/**
 * Records, in order, every message added to the polite live region (what a
 * screen reader reads) in `window.__said`.
 */
async function listen(page) {
  await page.evaluate(() => {
    window.__said = [];
    const region = document.querySelector('[data-testid=announcer]');
    const seen = new Set([...region.children].map((p) => p.dataset.serial));
    new MutationObserver(() => {
      for (const p of region.children) {
        if (!seen.has(p.dataset.serial)) {
          seen.add(p.dataset.serial);
          window.__said.push(p.textContent.trim());
        }
      }
    }).observe(region, { childList: true, subtree: true });
  });
}

const said = (page) => page.evaluate(() => window.__said.slice());

/** Waits until the live region has said something matching `re` (after `from` sayings). */
async function waitToSay(page, re, from = 0) {
  try {
    await page.waitForFunction(
      ([source, flags, from]) => window.__said.slice(from).some((t) => new RegExp(source, flags).test(t)),
      [re.source, re.flags, from],
      { timeout: 10_000 },
    );
  } catch (e) {
    assert.fail(`never said ${re}; said:\n  ${(await said(page)).slice(from).join('\n  ')}`);
  }
}

/** The item the keyboard is on: its element's data attributes and accessible name. */
async function active(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('[data-testid=table]');
    const id = svg.getAttribute('aria-activedescendant');
    const el = id && document.getElementById(id);
    return el
      ? {
          figure: el.dataset.figure ?? null,
          place: el.dataset.place ?? null,
          placeOf: el.dataset.placeOf ?? null,
          label: el.getAttribute('aria-label'),
        }
      : null;
  });
}

const tableFocused = (page) =>
  page.evaluate(() => document.activeElement?.dataset.testid === 'table');

/** Presses Tab until the table has the focus. */
async function tabToTable(page) {
  for (let i = 0; i < 60 && !(await tableFocused(page)); i++) await page.keyboard.press('Tab');
  assert.ok(await tableFocused(page), 'Tab reaches the table');
}

/** Moves the keyboard's attention with `key` until `ok(item)`. */
async function arrowTo(page, key, ok, what) {
  for (let i = 0; i < 40; i++) {
    if (ok(await active(page))) return;
    await page.keyboard.press(key);
  }
  assert.fail(`${key} never reached ${what}; on ${JSON.stringify(await active(page))}`);
}

/** Takes one match with the keyboard: to a match in the group, Space, → to the basket, Enter. */
async function takeMatch(page) {
  const before = (await said(page)).length;
  await arrowTo(page, 'ArrowLeft', (a) => a?.figure && a.placeOf === 'matchgroup', 'a match in the group');
  const match = (await active(page)).figure;
  await page.keyboard.press('Space');
  await waitToSay(page, /picked up: it may go to basket/, before);
  assert.equal((await active(page)).place, 'matchgroup', 'the attention starts where the match lies');
  await page.keyboard.press('ArrowRight');
  const target = await active(page);
  assert.equal(target.place, 'basket', 'the arrow goes to the only legal place');
  assert.match(target.label, /it may go here/);
  await page.keyboard.press('Enter');
  await waitToSay(page, /Player \d took a match from the heap/, before);
  assert.equal(await page.locator(`[data-figure="${match}"]`).getAttribute('data-place-of'), 'basket');
  return match;
}

async function takeMatches(page, n) {
  for (let i = 0; i < n; i++) await takeMatch(page);
}

test('NIM12 with the keyboard only, every turn, refusal and the winner said in the live region', async () => {
  const play = await PlayPage.open(app, 'nim12.game.xml');
  const { page } = play;
  await listen(page);
  const region = page.getByTestId('announcer');
  assert.equal(await region.getAttribute('aria-live'), 'polite');
  const description = page.getByTestId('table-description');
  assert.equal((await description.textContent()).trim(), 'matchgroup: 12 matches; basket: empty.');
  assert.equal(await page.getByTestId('table').getAttribute('aria-describedby'), 'table-description');

  await tabToTable(page);
  const first = await active(page);
  assert.ok(first?.figure && first.placeOf === 'matchgroup', `Tab lands on a match: ${JSON.stringify(first)}`);
  assert.match(first.label, /^match m\.\d+ on matchgroup$/);
  // The focus ring is drawn around it, inside the table.
  const ring = page.getByTestId('focus-ring');
  await ring.waitFor({ state: 'visible' });
  const [ringBox, tableBox] = [await ring.boundingBox(), await page.getByTestId('table').boundingBox()];
  assert.ok(ringBox.width >= 20 && ringBox.height >= 20, 'a ring you can see');
  assert.ok(ringBox.y >= tableBox.y - 6 && ringBox.y + ringBox.height <= tableBox.y + tableBox.height + 6);

  // Esc puts a picked-up match back.
  await page.keyboard.press('Space');
  await waitToSay(page, /picked up/);
  await page.keyboard.press('ArrowRight');
  await play.screenshot('a11y-keyboard-nim12');
  await page.keyboard.press('Escape');
  await waitToSay(page, /was put back/);
  assert.equal(await tableFocused(page), true, 'the focus stays on the table');

  // Player 1 takes one match, takes it back with Alt+B, takes one again and ends the move with Alt+E.
  await takeMatch(page);
  await page.keyboard.press('Alt+KeyB');
  await waitToSay(page, /Took back a step/);
  assert.equal((await description.textContent()).trim(), 'matchgroup: 12 matches; basket: empty.');
  await takeMatch(page);
  await page.keyboard.press('Alt+KeyE');
  await waitToSay(page, /Player 1 ended the move\. Player 2 to move/);
  assert.equal((await description.textContent()).trim(), 'matchgroup: 11 matches; basket: 1 match.');

  // A match in the basket can't be picked up: the refusal says why.
  await arrowTo(page, 'ArrowRight', (a) => a?.figure && a.placeOf === 'basket', 'a match in the basket');
  const n = (await said(page)).length;
  await page.keyboard.press('Space');
  await waitToSay(page, /A match can't move now/, n);
  assert.match(await play.noticeTone(), /problem/);

  // Player 2 takes three (the move ends by itself), player 1 three, player 2
  // three; player 1 takes one of the last two, and player 2 must take the last.
  await takeMatches(page, 3);
  await waitToSay(page, /Player 1 to move/, n);
  await takeMatches(page, 3);
  await takeMatches(page, 3);
  assert.equal((await description.textContent()).trim(), 'matchgroup: 2 matches; basket: 10 matches.');
  await takeMatch(page);
  const m = (await said(page)).length;
  await page.keyboard.press('Alt+KeyE');
  await waitToSay(page, /Player 1 ended the move\. Player 2 to move/, m);
  await takeMatch(page);
  await waitToSay(page, /Game over: Player 1 wins!/);
  await page.getByTestId('game-over').waitFor({ state: 'visible' });

  const all = await said(page);
  const order = [/Player 2 to move/, /A match can't move now/, /Player 1 to move/, /Player 1 wins!/];
  let at = 0;
  for (const re of order) {
    const i = all.findIndex((t, k) => k >= at && re.test(t));
    assert.ok(i >= 0, `${re} is said after the earlier announcements:\n${all.join('\n')}`);
    at = i + 1;
  }
  app.assertNoErrors();
});

/** Runs axe-core on the page; returns the violations. */
async function axe(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) {
    await page.addScriptTag({ path: AXE });
  }
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
      count: v.nodes.length,
    }));
  });
}

test('axe-core finds nothing serious or critical in any mode, the Examples menu or a problems dialog', async () => {
  let page = await app.newPage();
  await page.goto(new URL('#example=nim12.game.xml', app.url).href, { waitUntil: 'load' });
  await page.getByTestId('play-mode').waitFor({ state: 'visible' });
  const report = {};
  const check = async (name) => {
    const found = await axe(page);
    report[name] = found;
    const bad = found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(bad, [], `${name}: serious or critical violations`);
  };
  await check('play');
  await page.getByTestId('mode-design').click();
  await page.getByTestId('design-mode').waitFor({ state: 'visible' });
  await check('design');
  await page.getByTestId('mode-rules').click();
  await page.getByTestId('rules-mode').waitFor({ state: 'visible' });
  await check('rules');
  await page.getByTestId('keys-help').click();
  await page.getByTestId('keys-card').waitFor({ state: 'visible' });
  await check('keys card');
  await page.getByTestId('keys-close').click();
  await page.getByTestId('examples').click();
  await page.locator('[data-testid=examples-menu] .example-item').first().waitFor({ state: 'visible' });
  await check('examples menu');
  await page.keyboard.press('Escape');
  await page.getByTestId('open-input').setInputFiles({
    name: 'broken.game.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from('<?xml version="1.0"?>\n<game format="1">\n  <title>Broken</title>\n  <rules>\n'),
  });
  await page.getByTestId('file-problems').waitFor({ state: 'visible' });
  await check('problems dialog');
  await page.getByTestId('file-problems-close').click();
  app.assertNoErrors();
  // Tic-Tac-Toe's board in Play, a figure held with the keyboard.
  page = await app.newPage();
  await page.goto(new URL('#example=tic-tac-toe.game.xml', app.url).href, { waitUntil: 'load' });
  await page.getByTestId('turn').waitFor({ state: 'visible' });
  await tabToTable(page);
  await page.keyboard.press('Space');
  await page.waitForSelector('[data-testid=table] .place.target');
  await check('play tic-tac-toe, a figure held');
  const out = path.join(REPO_ROOT, 'target', 'test-logs');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'axe-report.json'), JSON.stringify(report, null, 2));
  app.assertNoErrors();
});

test('every button, field and mode tab is at least 44×44 px at 1024×768', async () => {
  const page = await app.newPage();
  await page.goto(new URL('#example=nim12.game.xml', app.url).href, { waitUntil: 'load' });
  await page.getByTestId('play-mode').waitFor({ state: 'visible' });
  const small = async (name) => {
    const found = await page.evaluate(() =>
      [...document.querySelectorAll('button, select, input:not([type=file]), [role=tab], a[href]')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          const visible = r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
          return visible && !el.closest('.visually-hidden') && (r.width < 43.5 || r.height < 43.5);
        })
        .map((el) => `${el.dataset.testid ?? el.getAttribute('aria-label') ?? el.textContent.trim()} ${Math.round(el.getBoundingClientRect().width)}×${Math.round(el.getBoundingClientRect().height)}`),
    );
    assert.deepEqual(found, [], `${name}: targets smaller than 44×44`);
  };
  await small('play');
  // The matches on the table are targets of 44 px too.
  const matches = await page
    .locator('[data-testid=table] > g[data-figure] .hit')
    .evaluateAll((hits) => hits.map((h) => h.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
  assert.ok(matches.length === 12 && matches.every((side) => side >= 43.5), `match targets: ${matches.join(', ')}`);
  await page.getByTestId('mode-design').click();
  await page.getByTestId('design-mode').waitFor({ state: 'visible' });
  await small('design');
  await page.getByTestId('mode-rules').click();
  await page.getByTestId('rules-mode').waitFor({ state: 'visible' });
  await small('rules');
  app.assertNoErrors();
});

/** A page in a context with a touch screen. */
async function touchPage(hash) {
  await app.context?.close();
  app.errors = [];
  app.context = await app.browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, hasTouch: true });
  const page = await app.context.newPage();
  page.on('pageerror', (err) => app.errors.push(`page error: ${err.message}`));
  page.on('console', (msg) => msg.type() === 'error' && app.errors.push(`console error: ${msg.text()}`));
  await page.goto(new URL(hash, app.url).href, { waitUntil: 'load' });
  return page;
}

async function tap(page, locator) {
  const box = await locator.boundingBox();
  assert.ok(box, 'on screen');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

test('tap-tap with a finger: play a match, teach a step, put a box item on the table', async () => {
  const page = await touchPage('#example=nim12.game.xml');
  await page.getByTestId('play-mode').waitFor({ state: 'visible' });
  await listen(page);
  // Play: tap a match, then the basket.
  await tap(page, page.locator('[data-testid=table] [data-figure="m.5"]'));
  await page.waitForSelector('[data-testid=table] [data-place=basket].target');
  await tap(page, page.locator('[data-testid=table] [data-place=basket]'));
  await page.waitForFunction(() => document.querySelector('[data-figure="m.5"]')?.dataset.placeOf === 'basket');
  await waitToSay(page, /Player 1 took a match from the heap/);

  // Rules: tap a match, then the basket: a step is recorded.
  await page.getByTestId('mode-rules').click();
  await page.getByTestId('rules-mode').waitFor({ state: 'visible' });
  const teach = page.getByTestId('teach');
  await tap(page, page.locator('[data-testid=table] [data-figure="m.2"]'));
  await page.waitForFunction(() => /tap the place/.test(document.querySelector('[data-testid=teach-hint]').textContent));
  await tap(page, page.locator('[data-testid=table] [data-place=basket]'));
  await page.waitForFunction(() => document.querySelector('[data-testid=teach]').dataset.teach === 'step');
  assert.equal(await teach.getAttribute('data-teach'), 'step');

  // Design: tap the square in the box, then the table: a square is added.
  await page.getByTestId('mode-design').click();
  await page.getByTestId('design-mode').waitFor({ state: 'visible' });
  const squares = () => page.locator('[data-testid=table] .place.square').count();
  const before = await squares();
  const item = page.getByTestId('box-square');
  await tap(page, item);
  const table = await page.getByTestId('table').boundingBox();
  await page.touchscreen.tap(table.x + table.width * 0.5, table.y + table.height * 0.9);
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=table] .place.square').length === n + 1, before);
  app.assertNoErrors();
});

test('Design and Rules with the keyboard: choose, move a figure to a place, record a step', async () => {
  const play = await PlayPage.open(app, 'tic-tac-toe.game.xml');
  const { page } = play;
  await listen(page);
  await page.keyboard.press('Alt+Digit1');
  await page.getByTestId('design-mode').waitFor({ state: 'visible' });
  await waitToSay(page, /Design mode/);
  await tabToTable(page);
  // Space on a figure picks it up; the arrows reach every square; Enter puts it there.
  const fig = (await active(page)).figure;
  assert.ok(fig, 'the attention starts on a figure');
  await page.keyboard.press('Space');
  await waitToSay(page, /picked up\. Arrow keys choose a place/);
  await arrowTo(page, 'ArrowRight', (a) => a?.place?.startsWith('grid.'), 'a square');
  const square = (await active(page)).place;
  await page.keyboard.press('Enter');
  await waitToSay(page, new RegExp(`${fig.replace('.', '\\.')} is now on ${square.replace(/\./g, '\\.')}`));
  assert.equal(await page.locator(`[data-testid=table] [data-figure="${fig}"]`).getAttribute('data-place-of'), square);
  await page.keyboard.press('Control+z');
  await waitToSay(page, /Undone/);

  // Rules: Alt+2, record a step with the keyboard.
  await page.keyboard.press('Alt+Digit2');
  await page.getByTestId('rules-mode').waitFor({ state: 'visible' });
  await tabToTable(page);
  const f = (await active(page)).figure;
  assert.ok(f);
  await page.keyboard.press('Space');
  await waitToSay(page, /picked up/);
  await arrowTo(page, 'ArrowRight', (a) => a?.place?.startsWith('grid.'), 'a square');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=teach]').dataset.teach === 'step');
  app.assertNoErrors();
});

test("the computer's moves are said in the live region, and a keyboard player's turn comes back", async () => {
  const play = await PlayPage.open(app, 'tic-tac-toe.game.xml');
  const { page } = play;
  await listen(page);
  await page.getByTestId('player-2-select').selectOption('beginner');
  await tabToTable(page);
  await page.keyboard.press('Space');
  await waitToSay(page, /picked up: it may go to 9 places|picked up: it may go to/);
  await page.keyboard.press('ArrowRight');
  const square = (await active(page)).place;
  assert.match(square, /^grid\./);
  await page.keyboard.press('Enter');
  await waitToSay(page, /Player 1 put a cross on the square at row \d, column \d.*Player 2 to move/);
  await waitToSay(page, /Player 2 \(computer\) is thinking/);
  await waitToSay(page, /Player 2 \(computer\) put a circle on the square at row \d, column \d.*Player 1 to move/);
  assert.equal(await tableFocused(page), true, 'the focus stays on the table while the computer plays');
  app.assertNoErrors();
});
