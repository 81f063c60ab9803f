// One drag with several outcomes: a pawn dropped on the last square asks
// "Which one?" next to the place, each outcome drawn as the figure it
// becomes; Esc puts the pawn back, and a choice made with the keyboard
// plays it.

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

const PROMOTION = `<?xml version="1.0" encoding="UTF-8"?>
<game format="2" players="2">
  <title>Promotion</title>
  <description>Bring the pawn to the last square and choose what it becomes: a knight wins.</description>
  <rules>
    <equipment><board name="lane" rows="1" columns="3"/></equipment>
    <figures><figure name="pawn" type="pawn" origin="lane.1.2" owner="1"/></figures>
    <steps>
      <step name="to-queen"><what type="pawn" owner="on-move"/><from type="square"/><to type="square"/>
        <when>column(to) = 3</when><effect>change figure to queen</effect></step>
      <step name="to-knight"><what type="pawn" owner="on-move"/><from type="square"/><to type="square"/>
        <when>column(to) = 3</when><effect>change figure to knight</effect></step>
    </steps>
    <game-over>
      <end name="knight" winner="1"><when>not empty(lane.1.3) and type(top(lane.1.3)) = "knight"</when></end>
      <end name="queen" winner="2"><when>not empty(lane.1.3) and type(top(lane.1.3)) = "queen"</when></end>
    </game-over>
  </rules>
  <layout width="600" height="260">
    <place name="lane" x="60" y="60" width="480" height="160"/>
  </layout>
</game>
`;

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
