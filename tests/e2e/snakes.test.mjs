// Snakes and Ladders looks like Snakes and Ladders: square 1 at the bottom
// left and 100 at the top left, every square's number in its corner, the
// ladders and snakes drawn from the file's links under the counters, and on
// a phone each of four counters on one square can still be tapped.

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

test('the board is numbered from the bottom left and its ladders and snakes are drawn', async () => {
  const play = await PlayPage.open(app, 'snakes-and-ladders.game.xml');
  const page = play.page;
  await play.byTestId('intro-start').click();
  const box = (id) => play.byTestId(id).boundingBox();
  const board = await box('place-board');
  const one = await box('place-board.1.1');
  const hundred = await box('place-board.10.1');
  const ten = await box('place-board.1.10');
  // Square 1 is in the bottom row on the left, 10 on the right, 100 on top.
  assert.ok(one.y > hundred.y && Math.abs(one.x - hundred.x) < 1, JSON.stringify({ one, hundred }));
  assert.ok(one.y + one.height > board.y + board.height - 30, 'square 1 is in the bottom row');
  assert.ok(ten.x > one.x && Math.abs(ten.y - one.y) < 1, 'square 10 is at the right of the bottom row');

  // Each square shows its number, small, inside its corner.
  for (const [square, n] of [['board.1.1', '1'], ['board.1.10', '10'], ['board.2.10', '11'], ['board.10.1', '100']]) {
    const label = play.byTestId(`label-${square}`);
    assert.equal((await label.textContent()).trim(), n);
    const l = await label.boundingBox();
    const s = await box(`place-${square}`);
    assert.ok(l.x >= s.x - 1 && l.y >= s.y - 1 && l.x + l.width <= s.x + s.width + 1, `${n} inside its square`);
    assert.ok(l.width < s.width * 0.8 && l.height < s.height * 0.6, `${n} is small`);
  }
  assert.equal(await page.locator('[data-testid^="label-"]').count(), 100);

  // The file's 8 ladders and 10 snakes are drawn, under the counters.
  assert.equal(await page.locator('.link[data-look="ladder"]').count(), 8);
  assert.equal(await page.locator('.link[data-look="snake"]').count(), 10);
  assert.equal(await page.locator('[data-testid="link-board.1.4-board.2.7"] .ladder-wood').count() > 3, true);
  assert.equal(await page.locator('[data-testid="link-board.9.7-board.3.4"] .snake-head').count(), 1);
  const order = await page.evaluate(() => {
    const links = document.querySelector('[data-testid="table"] .links');
    const counter = document.querySelector('[data-testid="figure-counter.1"]');
    return links.compareDocumentPosition(counter) & Node.DOCUMENT_POSITION_FOLLOWING;
  });
  assert.ok(order, 'the counters are drawn after (over) the ladders and snakes');

  // A tap on a ladder goes through to the square under it.
  const rung = await page.locator('[data-testid="link-board.3.8-board.9.4"] .ladder-wood').nth(6).boundingBox();
  const under = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest('[data-place]')?.dataset.place ?? '',
    [rung.x + rung.width / 2, rung.y + rung.height / 2],
  );
  assert.match(under, /^board\.\d+\.\d+$/);
  assert.deepEqual(app.errors, []);
});

test('on a phone each of four counters on square 1 can be tapped, and none is under a picture', async () => {
  const page = await app.newPage({ viewport: { width: 390, height: 844 } });
  const play = new PlayPage(page, app.url);
  await play.goto('#example=snakes-and-ladders-4.game.xml');
  await page.getByTestId('turn').waitFor();
  await page.getByTestId('intro-start').click();
  for (let i = 1; i <= 4; i++) {
    const c = await play.byTestId(`figure-counter.${i}`).boundingBox();
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('[data-figure]')?.dataset.figure ?? '',
      [c.x + c.width / 2, c.y + c.height / 2],
    );
    assert.equal(hit, `counter.${i}`, `counter ${i} is on top where it is drawn`);
  }
  // Every counter on the table is drawn over the pictures wherever it is.
  const covered = await page.evaluate(() => {
    const out = [];
    for (const f of document.querySelectorAll('[data-testid="table"] [data-figure]')) {
      const r = f.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      if (!f.contains(top)) out.push(f.dataset.figure);
    }
    return out;
  });
  assert.deepEqual(covered, []);
  assert.deepEqual(app.errors, []);
});
