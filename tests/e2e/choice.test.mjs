// One drag with several outcomes: a pawn dropped on the last square asks
// "Which one?" next to the place, each outcome drawn as the figure it
// becomes; Esc puts the pawn back, and a choice made with the keyboard
// plays it.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { readFileSync } from 'node:fs';
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

/** A pawn that becomes a queen or a knight on the last square. */
const PROMOTION = readFileSync(path.join(REPO_ROOT, 'tests', 'fixtures', 'promotion.game.xml'), 'utf8');

test('a drop with several outcomes asks which one; Esc puts it back, a choice by keyboard plays it', async () => {
  const page = await app.openGame(PROMOTION, { name: 'promotion.game.xml' });
  await page.getByTestId('mode-play').click();
  await page.getByTestId('turn').waitFor({ state: 'visible' });
  const play = new PlayPage(page, app.url);

  // Dragged with the pointer onto the last square: the chooser opens next to it.
  await play.dragToPlace('pawn', 'lane.1.3');
  const chooser = page.getByTestId('chooser');
  await chooser.waitFor({ state: 'visible' });
  assert.match(await chooser.textContent(), /Which one\?/);
  const words = await chooser.locator('.choice > span').evaluateAll((els) => els.map((e) => e.textContent.trim()));
  assert.deepEqual(words, ['A queen', 'A knight']);
  // Each outcome is drawn as the figure it becomes.
  assert.equal(await chooser.locator('.choice .kind-queen').count(), 1);
  assert.equal(await chooser.locator('.choice .kind-knight').count(), 1);
  const box = await chooser.boundingBox();
  const square = await play.place('lane.1.3').boundingBox();
  assert.ok(Math.abs(box.x + box.width / 2 - (square.x + square.width / 2)) < 160, 'next to the place');
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'choice-0');
  assert.equal(await play.placeOf('pawn'), 'lane.1.2', 'nothing is played before a choice');

  // Esc cancels: the pawn is back where it was.
  await page.keyboard.press('Escape');
  await chooser.waitFor({ state: 'detached' });
  assert.equal(await play.placeOf('pawn'), 'lane.1.2');
  assert.equal(await play.turnText(), 'Player 1 to move');

  // Again, choosing the knight with the keyboard.
  await play.dragToPlace('pawn', 'lane.1.3');
  await chooser.waitFor({ state: 'visible' });
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'choice-0');
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'choice-1');
  await page.keyboard.press('Enter');
  await chooser.waitFor({ state: 'detached' });
  await page.waitForFunction(
    () => document.querySelector('[data-figure="pawn"]')?.dataset.placeOf === 'lane.1.3',
  );
  assert.equal(await page.locator('[data-figure="pawn"].kind-knight').count(), 1);
  await page.getByTestId('game-over').waitFor({ state: 'visible' });
  assert.match(await page.getByTestId('game-over').textContent(), /Player 1/);
  app.assertNoErrors();
});
