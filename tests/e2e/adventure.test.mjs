// Adventure Quest on a phone: the game record of the report it comes from
// (crates/engine/tests/adventure_quest.record.json) played by dragging, as
// a child would: explorers walk, keys go into the bags, and both explorers
// on the star with four keys win.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { AppSession, REPO_ROOT, SCREENSHOT_DIR } from './harness.mjs';
import { PlayPage } from './play-page.mjs';

const RECORD = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'crates', 'engine', 'tests', 'adventure_quest.record.json'), 'utf8'),
);

let app;
before(async () => {
  app = await AppSession.start();
});
after(async () => {
  await app?.stop();
});

test('Adventure Quest on a phone: the report’s execution played by dragging ends in the win', async () => {
  const page = await app.newPage({ viewport: { width: 390, height: 844 } });
  const play = new PlayPage(page, app.url);
  await play.goto('#example=adventure-quest.game.xml');
  await page.getByTestId('play-mode').waitFor({ state: 'visible' });
  await page.getByTestId('intro-start').click();
  await page.getByTestId('intro-start').waitFor({ state: 'detached' });

  // Walls and the star are drawn as what they are; two keys lie on each key place.
  const table = page.getByTestId('table');
  for (const wall of ['map.1.3', 'map.2.3', 'map.4.1', 'map.4.2']) {
    assert.match(await table.locator(`[data-place="${wall}"]`).getAttribute('class'), /look-wall/);
  }
  assert.match(await table.locator('[data-place="map.1.4"]').getAttribute('class'), /look-goal/);
  assert.deepEqual((await play.figuresOn('map.1.1')).sort(), ['blue-key.1', 'red-key.1']);

  // A wall is no target for an explorer.
  let targets = [];
  await play.dragToPlace('red', 'map.2.3', async () => {
    targets = await play.targets();
  });
  assert.deepEqual(targets.sort(), ['map.1.2', 'map.2.1', 'map.3.2']);
  assert.equal(await play.placeOf('red'), 'map.2.2');

  const steps = RECORD.played;
  assert.equal(steps.length, 23);
  for (const [i, { figure, to }] of steps.entries()) {
    await play.dragToPlace(figure, to);
    await page.waitForFunction(
      ([f, p]) => document.querySelector(`[data-figure="${f}"]`)?.dataset.placeOf === p,
      [figure, to],
    );
    if (i === 1) {
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'adventure-phone.png') });
    }
    if (i < steps.length - 1) {
      assert.equal(await play.byTestId('game-over').count(), 0, `over after step ${i + 1}`);
    }
  }
  await play.byTestId('game-over').waitFor({ state: 'visible' });
  assert.match(await play.byTestId('game-over-text').textContent(), /Solved!/);
  assert.deepEqual((await play.figuresOn('map.1.4')).sort(), ['blue', 'red']);
  app.assertNoErrors();
  await page.close();
});
