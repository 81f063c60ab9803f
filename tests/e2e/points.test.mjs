// A board of points and lines: Nine Men's Morris is drawn as points joined
// by lines, and a piece dragged from the hand onto a point stays there.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';

import { AppSession, SCREENSHOT_DIR } from './harness.mjs';
import { PlayPage } from './play-page.mjs';

let app;
before(async () => {
  app = await AppSession.start();
});
after(async () => {
  await app?.stop();
});

const SIZES = {
  phone: { width: 390, height: 844 },
  tablet: { width: 1024, height: 768 },
};

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`Nine Men's Morris on a ${size}: points and lines, a piece dragged onto a point`, async () => {
    const page = await app.newPage({ viewport });
    const play = new PlayPage(page, app.url);
    await play.goto('#example=nine-mens-morris.game.xml');
    await page.getByTestId('play-mode').waitFor({ state: 'visible' });
    await page.getByTestId('turn').waitFor({ state: 'visible' });

    // 24 points drawn as circles, 32 pieces of line between them.
    const table = page.getByTestId('table');
    assert.equal(await table.locator('.place.point circle').count(), 24);
    assert.equal(await table.locator('line.point-line').count(), 32);

    const [piece] = await play.figuresOn('hand.1');
    assert.ok(piece, 'white has pieces in hand');
    let targets = [];
    await play.dragToPlace(piece, 'board.d7', async () => {
      targets = await play.targets();
    });
    assert.ok(targets.includes('board.d7') && targets.length >= 24, `every empty point is a target: ${targets}`);
    await page.waitForFunction(
      (f) => document.querySelector(`[data-figure="${f}"]`)?.dataset.placeOf === 'board.d7',
      piece,
    );
    assert.equal(await play.turnText(), 'Player 2 to move');

    // A point stays big enough to hit on a phone (the whole board is small there).
    const box = await play.place('board.a1').boundingBox();
    assert.ok(box.width >= 28 && box.height >= 28, `a point is big enough to hit: ${JSON.stringify(box)}`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `morris-${size}.png`) });
    await page.close();
  });
}
