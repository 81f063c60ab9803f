// A board of dots drawn in Design with the pointer: it comes from the box
// as three rows of three, a dot dragged onto another joins them with a
// line, a dot dragged to an empty spot moves there, the panel adds a dot
// and takes a line away, two lists and a Join button join dots without a
// drag, and figures are put on dots.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { AppSession } from './harness.mjs';
import { DesignPage } from './design-page.mjs';

let app;
before(async () => {
  app = await AppSession.start();
});
after(async () => {
  await app?.stop();
});

/** The table's line segments between dots. */
async function segments(design) {
  return design.table().locator('line.point-line').count();
}

/** The names of the dots of the board `board`. */
async function dots(design, board) {
  return design
    .table()
    .locator(`[data-place^="${board}."]`)
    .evaluateAll((els) => els.map((e) => e.dataset.place));
}

async function soon(read, expected, message) {
  const until = Date.now() + 5000;
  for (;;) {
    const now = await read();
    if (JSON.stringify(now) === JSON.stringify(expected) || Date.now() > until) {
      assert.deepEqual(now, expected, message);
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('a board of dots is drawn by dragging from dot to dot', async () => {
  const design = await DesignPage.open(app);
  await design.dragFromBox('dots', await design.tablePoint(0.4, 0.45));
  await soon(() => design.equipment(), ['dots'], 'the board of dots is on the table');
  assert.equal((await dots(design, 'dots')).length, 9, 'three rows of three dots');
  assert.equal(await segments(design), 12, 'each row and column a line of two segments');
  assert.match(await design.page.getByTestId('design-help').textContent(), /Drag from a dot to another dot/);

  // From the bottom-left dot to the top-right one: a new line.
  const a1 = await design.centre(design.place('dots.a1'));
  const c3 = await design.centre(design.place('dots.c3'));
  await design.drag(a1, c3);
  await soon(() => segments(design), 13, 'the diagonal is joined');
  await design.undo();
  await soon(() => segments(design), 12, 'Undo takes the line back');
  await design.redo();
  await soon(() => segments(design), 13, 'Redo draws it again');

  // A dot pulled between the others moves there and keeps its lines.
  const b2 = await design.centre(design.place('dots.b2'));
  const to = { x: (a1.x + b2.x) / 2, y: (a1.y + b2.y) / 2 };
  await design.drag(a1, to);
  await design.page.waitForFunction(
    ([x, y]) => {
      const r = document.querySelector('[data-place="dots.a1"] circle')?.getBoundingClientRect();
      return r && Math.abs(r.x + r.width / 2 - x) < 3 && Math.abs(r.y + r.height / 2 - y) < 3;
    },
    [to.x, to.y],
  );
  assert.equal(await segments(design), 13, 'its lines go with it');

  // The panel adds a dot where there is room, and takes a line away.
  await design.tapElement(design.place('dots.b2'));
  await design.page.getByTestId('dot-add').click();
  await soon(async () => (await dots(design, 'dots')).length, 10, 'a tenth dot');
  await design.page.getByTestId('dots-lines').click();
  await design.page.getByTestId('line-1-remove').click();
  await soon(() => segments(design), 11, 'the first row is gone');

  // Two dots joined without dragging: the lists and Join, from the keyboard.
  const from = design.page.getByTestId('dot-join-from');
  await from.focus();
  await from.selectOption('a1');
  await design.page.getByTestId('dot-join-to').selectOption('b2');
  await design.page.getByTestId('dot-join').focus();
  await design.page.keyboard.press('Enter');
  await soon(() => segments(design), 12, 'a1 and b2 are joined by the Join button');
  assert.match(await design.page.getByTestId('notice').textContent(), /Dots a1 and b2 are joined/);
  await design.page.getByTestId('dot-join').click();
  await soon(
    async () => /joined already/.test(await design.page.getByTestId('notice').textContent()),
    true,
    'joining them again says they are joined already',
  );
  assert.equal(await segments(design), 12, 'and draws nothing more');

  // A stone from the box lies on a dot.
  await design.dragFromBox('stone', await design.centre(design.place('dots.c3')));
  await soon(async () => Object.values(await design.figures()), ['dots.c3'], 'the stone lies on c3');
  app.assertNoErrors();
});
