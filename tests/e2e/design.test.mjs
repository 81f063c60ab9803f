// Design mode in a real browser: things are dragged from the box onto the
// table with the pointer, chosen, moved, renamed, deleted, undone and redone.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';

import { AppSession, REPO_ROOT } from './harness.mjs';
import { DesignPage } from './design-page.mjs';

let app;
before(async () => {
  app = await AppSession.start();
});
after(async () => {
  await app?.stop();
});

/** Polls `read` until it deep-equals `expected` (the page updates a frame later). */
async function expectSoon(read, expected, message) {
  const until = Date.now() + 5000;
  let last;
  for (;;) {
    last = await read();
    try {
      assert.deepEqual(last, expected);
      return;
    } catch (e) {
      if (Date.now() > until) {
        assert.deepEqual(last, expected, message);
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Where a place is drawn, in table units. */
async function where(design, name) {
  const rect = design.place(name).locator('rect').first();
  return { x: Number(await rect.getAttribute('x')), y: Number(await rect.getAttribute('y')) };
}

/** NIM12's table, built from the box: a group of 12 matches and a basket. */
async function buildNim12(design) {
  await design.dragFromBox('group', await design.tablePoint(0.3, 0.45));
  await design.dragFromBox('basket', await design.tablePoint(0.75, 0.45));
  await expectSoon(() => design.equipment(), ['group.1', 'basket']);

  await design.tapElement(design.place('group.1'));
  await expectSoon(() => design.selected(), ['group.1']);
  await design.field('create-count').fill('12');
  await design.field('create-type').fill('match');
  await design.field('create-figures').click();
  await expectSoon(async () => Object.keys(await design.figures()).length, 12);

  await design.setField('prop-name', 'matchgroup');
  await expectSoon(() => design.equipment(), ['matchgroup', 'basket']);

  await design.page.keyboard.press('Escape');
  await expectSoon(() => design.selected(), []);
  await design.setField('game-title-input', 'NIM12');
  await expectSoon(async () => (await design.page.getByTestId('game-title').textContent()).trim(), 'NIM12');
}

test("NIM12's table is built by dragging from the box", async () => {
  const design = await DesignPage.open(app);
  assert.deepEqual(await design.equipment(), [], 'a blank game to start with');
  await buildNim12(design);

  const figures = await design.figures();
  const names = Array.from({ length: 12 }, (_, i) => `m.${i + 1}`);
  assert.deepEqual(Object.keys(figures).sort(), [...names].sort());
  for (const name of names) {
    assert.equal(figures[name], 'matchgroup', `${name} lies in the group`);
    assert.equal(await design.figure(name).getAttribute('class').then((c) => /kind-match/.test(c)), true);
  }
  assert.equal(await design.place('basket').count(), 1, 'the basket exists');
  assert.equal(await design.table().locator('[data-place-of="basket"]').count(), 0, 'the basket is empty');

  // Each match lies inside the group as drawn.
  const group = await design.place('matchgroup').locator('rect').first().boundingBox();
  for (const name of names) {
    const m = await design.figure(name).locator('rect.hit').boundingBox();
    assert.ok(m.x >= group.x - 1 && m.x + m.width <= group.x + group.width + 1, `${name} inside`);
  }
  app.assertNoErrors();
});

test('design edits undo and redo one at a time', async () => {
  const design = await DesignPage.open(app);

  // Add: a square dropped on the table.
  await design.dragFromBox('square', await design.tablePoint(0.4, 0.4));
  await expectSoon(() => design.equipment(), ['s.1']);
  const start = await where(design, 's.1');

  // Move: dragged to the right and down.
  const from = await design.centre(design.place('s.1'));
  await design.drag(from, { x: from.x + 120, y: from.y + 60 });
  await expectSoon(async () => (await where(design, 's.1')).x > start.x + 100, true, 'the square moved');
  const moved = await where(design, 's.1');

  // Rename in the panel.
  await design.setField('prop-name', 'home');
  await expectSoon(() => design.equipment(), ['home']);

  // Delete with the key.
  await design.page.keyboard.press('Delete');
  await expectSoon(() => design.equipment(), []);

  const states = [
    async () => assert.deepEqual(await design.equipment(), []),
    async () => {
      assert.deepEqual(await design.equipment(), ['home']);
      assert.deepEqual(await where(design, 'home'), moved);
    },
    async () => {
      assert.deepEqual(await design.equipment(), ['s.1']);
      assert.deepEqual(await where(design, 's.1'), moved);
    },
    async () => {
      assert.deepEqual(await design.equipment(), ['s.1']);
      assert.deepEqual(await where(design, 's.1'), start);
    },
    async () => assert.deepEqual(await design.equipment(), []),
  ];
  const settle = (check) =>
    expectSoon(async () => {
      try {
        await check();
        return true;
      } catch (e) {
        return e.message;
      }
    }, true);

  // Undo four times (buttons and Ctrl+Z), checking the table after each.
  await design.undo();
  await settle(states[1]);
  await design.page.keyboard.press('Control+z');
  await settle(states[2]);
  await design.undo();
  await settle(states[3]);
  await design.undo();
  await settle(states[4]);
  assert.equal(await design.page.getByTestId('undo').isDisabled(), true, 'nothing more to undo');

  // Redo four times (buttons and Ctrl+Y).
  await design.redo();
  await settle(states[3]);
  await design.page.keyboard.press('Control+y');
  await settle(states[2]);
  await design.redo();
  await settle(states[1]);
  await design.redo();
  await settle(states[0]);
  assert.equal(await design.page.getByTestId('redo').isDisabled(), true, 'nothing more to redo');
  app.assertNoErrors();
});

test('figures need a place; a rectangle chooses several; Delete and Undo', async () => {
  const design = await DesignPage.open(app);
  await design.dragFromBox('group', await design.tablePoint(0.3, 0.4));
  await design.dragFromBox('basket', await design.tablePoint(0.7, 0.4));
  await expectSoon(() => design.equipment(), ['group.1', 'basket']);

  // A figure dropped on the empty table is refused, with a hint.
  await design.dragFromBox('stone', await design.tablePoint(0.5, 0.85));
  await expectSoon(async () => (await design.notice().textContent()).includes('drop it onto a square'), true);
  assert.match(await design.notice().getAttribute('class'), /problem/);
  assert.deepEqual(await design.figures(), {});

  // Dropped onto the group, it lies there.
  await design.dragFromBox('stone', await design.centre(design.place('group.1')));
  await expectSoon(() => design.figures(), { 's.1': 'group.1' });

  // Tap a box item, then tap the table: a ball on the basket.
  await design.tapElement(design.boxItem('ball'));
  assert.equal(await design.boxItem('ball').getAttribute('aria-pressed'), 'true');
  await design.tapElement(design.place('basket'));
  await expectSoon(() => design.figures(), { 's.1': 'group.1', 'b.1': 'basket' });

  // "other…" asks for a type first.
  await design.dragFromBox('other', await design.centre(design.place('basket')));
  await expectSoon(async () => (await design.notice().textContent()).includes('Write a type'), true);
  await design.field('box-other-type').fill('coin');
  await design.dragFromBox('other', await design.centre(design.place('basket')));
  await expectSoon(async () => (await design.figures())['c.1'], 'basket');

  // A figure dragged onto another place moves there.
  await design.drag(await design.centre(design.figure('s.1')), await design.centre(design.place('basket')));
  await expectSoon(async () => (await design.figures())['s.1'], 'basket');

  // A rectangle drawn on the empty table chooses everything inside it.
  await design.drag(await design.tablePoint(0.02, 0.03), await design.tablePoint(0.98, 0.75));
  const all = ['group.1', 'basket', 's.1', 'b.1', 'c.1'];
  await expectSoon(async () => (await design.selected()).sort(), [...all].sort());
  await expectSoon(
    async () => (await design.page.getByTestId('properties').locator('h2').textContent()).trim(),
    '5 things chosen',
  );

  // Delete deletes them all; Undo brings them back.
  await design.page.getByTestId('delete').click();
  await expectSoon(() => design.equipment(), []);
  assert.deepEqual(await design.figures(), {});
  await design.undo();
  await expectSoon(() => design.equipment(), ['group.1', 'basket']);
  await expectSoon(() => design.figures(), { 's.1': 'basket', 'b.1': 'basket', 'c.1': 'basket' });

  // Shift-click takes one out of the selection; a plain click chooses one.
  await design.drag(await design.tablePoint(0.02, 0.03), await design.tablePoint(0.98, 0.75));
  await expectSoon(async () => (await design.selected()).length, 5);
  await design.tapElement(design.place('group.1'), 'Shift');
  await expectSoon(async () => (await design.selected()).includes('group.1'), false);
  await design.tapElement(design.place('group.1'));
  await expectSoon(() => design.selected(), ['group.1']);
  app.assertNoErrors();
});

test('problems are shown on the element and in a list that chooses it', async () => {
  const design = await DesignPage.open(app);
  await design.dragFromBox('square', await design.tablePoint(0.3, 0.4));
  await design.dragFromBox('pawn', await design.centre(design.place('s.1')));
  await expectSoon(() => design.figures(), { 'p.1': 's.1' });
  await design.field('prop-owner').selectOption('2');
  await design.tap(await design.tablePoint(0.95, 0.95));
  await design.field('game-players').selectOption('1');

  const count = design.page.getByTestId('problem-count');
  await expectSoon(async () => (await count.textContent()).trim(), '1 problem');
  await expectSoon(async () => /\bproblem\b/.test(await design.figure('p.1').getAttribute('class')), true);
  const item = design.page.getByTestId('problem');
  assert.equal(await item.count(), 1);
  assert.match(await item.textContent(), /figure 'p\.1'/);

  // Work goes on while there is a problem; the list chooses the element.
  await design.dragFromBox('basket', await design.tablePoint(0.7, 0.4));
  await expectSoon(() => design.selected(), ['basket']);
  await item.click();
  await expectSoon(() => design.selected(), ['p.1']);

  await design.tap(await design.tablePoint(0.95, 0.95));
  await design.field('game-players').selectOption('2');
  await expectSoon(async () => (await count.textContent()).trim(), 'No problems');
  assert.equal(await design.page.getByTestId('problem-list').count(), 0);
  app.assertNoErrors();
});

test('the box works with the keyboard too', async () => {
  const design = await DesignPage.open(app);
  await design.boxItem('group').focus();
  await design.page.keyboard.press('Enter');
  await expectSoon(() => design.equipment(), ['group.1']);
  await expectSoon(() => design.selected(), ['group.1']);
  // A figure goes onto the chosen place.
  await design.boxItem('match').focus();
  await design.page.keyboard.press('Enter');
  await expectSoon(() => design.figures(), { 'm.1': 'group.1' });
  // With nothing chosen, a figure has nowhere to go and says so.
  await design.page.keyboard.press('Escape');
  await expectSoon(() => design.selected(), []);
  await design.boxItem('stone').focus();
  await design.page.keyboard.press('Enter');
  await expectSoon(async () => (await design.notice().textContent()).includes('First choose'), true);
  assert.deepEqual(await design.figures(), { 'm.1': 'group.1' });
  app.assertNoErrors();
});

test('a screenshot of a designed game for the README', async () => {
  const design = await DesignPage.open(app);
  await buildNim12(design);
  // Bigger, as NIM12's own file has them.
  await design.tapElement(design.place('basket'));
  await design.setField('prop-width', 200);
  await design.setField('prop-height', 200);
  await design.tapElement(design.place('matchgroup'));
  await expectSoon(() => design.selected(), ['matchgroup']);
  await design.setField('prop-width', 380);
  await design.setField('prop-height', 240);
  await expectSoon(
    async () => Number(await design.place('matchgroup').locator('rect').first().getAttribute('width')),
    380,
  );
  await design.page.mouse.move(5, 760);
  const shot = await design.screenshot('design');
  console.log(`screenshot: ${path.relative(REPO_ROOT, shot)}`);
  app.assertNoErrors();
});
