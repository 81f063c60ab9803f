// Screens that fit, measured in the browser at a phone (390 × 844), a
// tablet held upright (768 × 1024) and on its side (1024 × 768), and a
// desktop (1920 × 1080): every example game in Play at every size; Design
// and Rules (waiting, showing a step, setting up the end, every part
// scrolled to its end) at the tablet sizes and the desktop; the Menu with
// what it opens; and a game built in the test from a blank page, at every
// size. Nothing lies on top
// of anything, no text is cut, controls and figures are targets a finger
// can hit, and the table takes the room the screen has.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { AppSession, REPO_ROOT, SCREENSHOT_DIR } from './harness.mjs';
import { DesignPage } from './design-page.mjs';
import { PlayPage } from './play-page.mjs';
import { layoutReport, SIZES } from './layout.mjs';

const EXAMPLES = JSON.parse(readFileSync(path.join(REPO_ROOT, 'public', 'games', 'index.json'), 'utf8'));
/** Where Design and Rules must be usable: a tablet either way, a desktop. */
const BIG = ['tablet-portrait', 'tablet-landscape', 'desktop'];

let app;
before(async () => {
  app = await AppSession.start();
});
after(async () => {
  await app?.stop();
});

async function fits(page, what, over = []) {
  const report = await layoutReport(page, { over });
  assert.deepEqual(report.problems, [], `${what}:\n  ${report.problems.join('\n  ')}`);
  return report;
}

/** The play table takes the room it has: the whole width when upright, down to the bottom when wide. */
async function assertPlayTableLarge(page, size, what) {
  const report = await fits(page, what);
  const { width, height } = SIZES[size];
  const t = report.table;
  assert.ok(t, `${what}: no table`);
  const bar = await page.locator('.topbar').boundingBox();
  if (height > width) {
    assert.ok(t.width >= width - 40, `${what}: the table is ${Math.round(t.width)} px wide on a ${width} px screen`);
    assert.ok(t.y < height / 2, `${what}: the table starts at ${Math.round(t.y)} px`);
  } else {
    assert.ok(t.y + t.height >= height - 40, `${what}: the table ends at ${Math.round(t.y + t.height)} px of ${height}`);
    assert.ok(t.width >= width - 420, `${what}: the table is ${Math.round(t.width)} px wide of ${width}`);
  }
  if (size === 'phone') {
    assert.ok(bar.height <= 130, `${what}: the top bar is ${bar.height} px high`);
  }
  // The drawing fills the table's box one way (it keeps its shape).
  assert.ok(
    t.drawn.width >= t.width - 1 || t.drawn.height >= t.height - 1,
    `${what}: drawn ${JSON.stringify(t.drawn)} in ${Math.round(t.width)} × ${Math.round(t.height)}`,
  );
  return report;
}

/** Scrolls every part of the page that scrolls (and the page) to `where` (0 top, 1 end). */
async function scrollAll(page, where) {
  await page.evaluate((f) => {
    for (const el of document.querySelectorAll('body *')) {
      const s = getComputedStyle(el);
      if (/(auto|scroll)/.test(s.overflowY) && el.scrollHeight > el.clientHeight + 1) {
        el.scrollTop = (el.scrollHeight - el.clientHeight) * f;
      }
    }
    window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * f);
  }, where);
  await page.waitForTimeout(50);
}

/** Checks the page at the top, half way and at the end of every scroll. */
async function fitsScrolled(page, what, over = []) {
  for (const where of [0, 0.5, 1]) await fits(page, `${what}, scrolled to ${where}`, over);
  await scrollAll(page, 0);
}

async function scrolledFits(page, what) {
  for (const where of [0.5, 1]) {
    await scrollAll(page, where);
    await fits(page, `${what}, scrolled to ${where}`);
  }
  await scrollAll(page, 0);
}

/** Drags with the mouse from the centre of one element to the centre of another. */
async function drag(page, from, to) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  const [ax, ay, bx, by] = [a.x + a.width / 2, a.y + a.height / 2, b.x + b.width / 2, b.y + b.height / 2];
  await page.mouse.move(ax, ay);
  await page.mouse.down();
  for (let i = 1; i <= 8; i += 1) await page.mouse.move(ax + ((bx - ax) * i) / 8, ay + ((by - ay) * i) / 8);
  await page.mouse.up();
}

/** A figure on the table and an empty place it does not lie on. */
async function figureAndEmptyPlace(page) {
  const [figure, place] = await page.getByTestId('table').evaluate((svg) => {
    const figures = [...svg.querySelectorAll(':scope > g[data-figure]')];
    const full = new Set(figures.map((f) => f.dataset.placeOf));
    const places = [...svg.querySelectorAll('g[data-place]')].filter(
      (p) => !/\b(board|track|points)\b/.test(p.getAttribute('class')) && !full.has(p.dataset.place) && !/\bwall\b/.test(p.getAttribute('class')),
    );
    return [figures[0]?.dataset.figure, places[0]?.dataset.place];
  });
  assert.ok(figure && place, `a figure (${figure}) and an empty place (${place})`);
  const table = page.getByTestId('table');
  return [table.locator(`g[data-figure="${figure}"]`), table.locator(`g[data-place="${place}"]`)];
}

/** Rules: waiting, after showing a step (its card), and while the end is set up; each scrolled through. */
async function checkRules(page, what) {
  await page.getByTestId('mode-rules').click();
  await page.getByTestId('rules-mode').waitFor();
  await fitsScrolled(page, `${what}, Rules`);
  await page.getByTestId('record-step').click();
  const [figure, place] = await figureAndEmptyPlace(page);
  await drag(page, figure, place);
  await page.getByTestId('step-card').waitFor();
  assert.notEqual((await page.getByTestId('teach-hint').textContent()).trim(), '', 'a sentence says what to do next');
  await fits(page, `${what}, Rules with a step shown`);
  await scrolledFits(page, `${what}, Rules with a step shown`);
  await page.getByTestId('record-end').click();
  await page.locator('[data-testid="teach"][data-teach="end"]').waitFor();
  await fits(page, `${what}, Rules while the end is set up`);
  await scrolledFits(page, `${what}, Rules while the end is set up`);
}

/** Design: the table alone, then with a figure chosen (its properties shown). */
async function checkDesign(page, what) {
  await page.getByTestId('mode-design').click();
  await page.getByTestId('design-mode').waitFor();
  await fitsScrolled(page, `${what}, Design`);
  const figure = page.getByTestId('table').locator('g[data-figure]').first();
  const box = await figure.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.getByTestId('design-panel').locator('input').first().waitFor();
  await scrolledFits(page, `${what}, Design with a figure chosen`);
}

async function openExample(size, file) {
  const page = await app.newPage({ viewport: SIZES[size] });
  await page.goto(`${app.url}#example=${file}`, { waitUntil: 'load' });
  await page.getByTestId('play-mode').waitFor();
  await page.getByTestId('turn').waitFor();
  return page;
}

for (const size of Object.keys(SIZES)) {
  test(`every example game can be played at ${size} (${SIZES[size].width}×${SIZES[size].height})`, async () => {
    const sizes = [];
    for (const file of EXAMPLES) {
      const page = await openExample(size, file);
      const what = `${file} in Play at ${size}`;
      const report = await assertPlayTableLarge(page, size, what);
      await scrolledFits(page, what);
      // After "Let's play!" and a first figure lifted, too.
      await page.getByTestId('intro-start').click();
      // A game of hidden hands between two people starts behind the cover.
      const cover = page.getByTestId('cover-show');
      if (await cover.count()) {
        await fits(page, `${what}, behind the cover`);
        await cover.click();
      }
      // The figure drawn last lies on top (of a pile, too).
      const top = page.getByTestId('table').locator('g[data-figure]').last();
      await top.click();
      await fits(page, `${what}, a figure lifted`);
      if (size === 'phone' && file === 'nim12.game.xml') {
        await page.getByTestId('intro-start').waitFor({ state: 'detached' });
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'play-phone.png') });
      }
      const smallest = Math.min(...report.figures.map((f) => f.side));
      sizes.push(`${file.replace('.game.xml', '')} ${Math.round(smallest)} px`);
      app.assertNoErrors();
    }
    console.log(`smallest figure targets in Play at ${size}: ${sizes.join(', ')}`);
  });
}

for (const size of BIG) {
  test(`Design and Rules of every example fit at ${size}`, async () => {
    for (const file of EXAMPLES) {
      const page = await openExample(size, file);
      const what = `${file} at ${size}`;
      await checkRules(page, what);
      if (size === 'tablet-portrait' && file === 'nim12.game.xml') {
        await page.getByTestId('record-step').click();
        const [figure, place] = await figureAndEmptyPlace(page);
        await drag(page, figure, place);
        await page.getByTestId('step-card').waitFor();
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'rules-tablet-portrait.png') });
      }
      await checkDesign(page, what);
      app.assertNoErrors();
    }
  });
}

test('the Menu, with the Examples or the Keys open in it, fits at every size', async () => {
  for (const size of Object.keys(SIZES)) {
    const page = await app.newPage({ viewport: SIZES[size] });
    await page.goto(app.url, { waitUntil: 'load' });
    await page.getByTestId('game-title').waitFor();
    // Narrower than a desktop, the file buttons fold into the Menu.
    const menu = page.getByTestId('menu');
    const folded = await menu.isVisible();
    for (const [opens, shows, card] of [
      ['examples', 'example-tic-tac-toe', '#examples-list'],
      ['keys-help', 'keys-card', '#keys-card'],
    ]) {
      if (folded && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
      await page.getByTestId(opens).click();
      await page.getByTestId(shows).waitFor();
      // What is open lies on top of the page: the menu, or the card alone.
      const over = folded ? ['#topbar-menu-items'] : [card];
      await fitsScrolled(page, `the Menu with ${opens} open at ${size}`, over);
      await page.keyboard.press('Escape');
    }
    app.assertNoErrors();
  }
});

test('a game built from a blank page fits at every size, in Play, Rules and Design', async () => {
  const design = await DesignPage.open(app);
  const { page } = design;
  // A heap of twelve matches, a basket, and a track of eight squares with two pawns.
  await design.dragFromBox('group', await design.tablePoint(0.2, 0.25));
  await page.getByTestId('create-figures').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="table"] [data-figure]').length === 12);
  await design.dragFromBox('basket', await design.tablePoint(0.55, 0.25));
  await design.dragFromBox('track', await design.tablePoint(0.45, 0.75));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="table"] g[data-place].cell').length > 2);
  const squares = await design.table().locator('g[data-place].cell').evaluateAll((els) => els.map((e) => e.dataset.place));
  for (const square of squares.slice(0, 2)) {
    await design.dragFromBox('pawn', await design.centre(design.place(square)));
    await page.waitForFunction(
      (s) => document.querySelector(`[data-testid="table"] [data-figure][data-place-of="${s}"]`),
      square,
    );
  }
  // A rule shown on the table: a match goes to the basket.
  await page.getByTestId('mode-rules').click();
  const match = design.table().locator('g[data-figure^="m."]').first();
  await drag(page, match, design.place('basket'));
  await page.getByTestId('step-card').waitFor();
  await page.getByTestId('mode-play').click();
  await page.getByTestId('turn').waitFor();

  for (const size of Object.keys(SIZES)) {
    await page.setViewportSize(SIZES[size]);
    await page.waitForTimeout(100);
    const what = `the game built in the test, in Play at ${size}`;
    const report = await assertPlayTableLarge(page, size, what);
    await scrolledFits(page, what);
    const pawn = Math.min(...report.figures.filter((f) => f.place.startsWith('track')).map((f) => f.side));
    const matches = Math.min(...report.figures.filter((f) => !f.place.startsWith('track')).map((f) => f.side));
    console.log(`the game built in the test at ${size}: matches ${Math.round(matches)} px, pawns ${Math.round(pawn)} px targets`);
    if (size === 'phone') await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'play-phone-own-game.png') });
  }
  for (const size of BIG) {
    await page.setViewportSize(SIZES[size]);
    await page.getByTestId('mode-play').click();
    await checkRules(page, `the game built in the test at ${size}`);
    await checkDesign(page, `the game built in the test at ${size}`);
  }
  app.assertNoErrors();
});

test('the end of a game fits a phone: Play again on screen, the words not a word a line', async () => {
  const promotion = readFileSync(path.join(REPO_ROOT, 'tests', 'fixtures', 'promotion.game.xml'), 'utf8');
  const page = await app.openGame(promotion, { name: 'promotion.game.xml', viewport: SIZES.phone });
  await page.getByTestId('mode-play').click();
  await page.getByTestId('turn').waitFor({ state: 'visible' });
  const play = new PlayPage(page, app.url);
  await play.dragToPlace('pawn', 'lane.1.3');
  await page.getByTestId('choice-0').click();
  const over = page.getByTestId('game-over');
  await over.waitFor({ state: 'visible' });
  await over.scrollIntoViewIfNeeded();
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  assert.ok(scrollWidth <= clientWidth, `the page is ${scrollWidth} px wide on a ${clientWidth} px screen`);
  const again = await page.getByTestId('play-again').boundingBox();
  assert.ok(again.x >= 0 && again.x + again.width <= clientWidth, `Play again at ${JSON.stringify(again)}`);
  const words = await page.locator('.game-over-text').boundingBox();
  assert.ok(words.width >= 150, `the words are ${Math.round(words.width)} px wide`);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'game-over-phone.png') });
  app.assertNoErrors();
});
