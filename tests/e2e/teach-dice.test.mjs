// Teaching Snakes and Ladders' move with the die: the child taps the die
// to the number rolled (or rolls it) before dragging the counter, twice,
// and the proposed rule moves as many squares as the die shows.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AppSession, exampleXml, withoutRules } from './harness.mjs';
import { person, until, text } from './person.mjs';

let app;
before(async () => {
  app = await AppSession.start();
});
after(async () => {
  await app?.stop();
});

test('Snakes and Ladders: set the die, drag the counter, twice; the rule reads the die', async () => {
  const page = await app.openGame(withoutRules(exampleXml('snakes-and-ladders')));
  const me = person(page);
  const counter = 'figure-counter.1';
  const at = async () => page.getByTestId('table').getByTestId(counter).getAttribute('data-place-of');
  const die = async () => Number(await page.getByTestId('teach-die').first().getAttribute('data-value'));
  const setDie = async (value) => {
    for (let i = 0; i < 6 && (await die()) !== value; i += 1) {
      const before = await die();
      await me.click('teach-die');
      await until(die, (v) => v !== before, 'the die tapped');
    }
    assert.equal(await die(), value);
  };
  await me.click('mode-rules');
  await page.getByTestId('teach-die').waitFor();
  assert.equal(await die(), 1);

  // A roll shows a number and says it.
  await me.click('teach-roll');
  await until(() => text(page, 'teach-hint'), (t) => /^You rolled [1-6]\./.test(t), 'the roll said');

  // Square 2, the die set to 3: to square 5.
  await me.click('arrange');
  await me.drag(counter, 'place-board.1.2');
  await until(at, (p) => p === 'board.1.2', 'the counter put on square 2');
  await setDie(3);
  await me.drag(counter, 'place-board.1.5');
  await page.getByTestId('step-card').waitFor();
  // Square 5, the die set to 6: to square 11, round the end of the row.
  await setDie(6);
  await me.drag(counter, 'place-board.2.10');
  await page.getByTestId('accept-proposal').waitFor();
  assert.match(await text(page, 'card-conditions'), /value\(die\)/);
  assert.match(await text(page, 'card-sentence'), /as many squares as the die shows/);
  await me.click('accept-proposal');
  await until(() => page.getByTestId('accept-proposal').count(), (c) => c === 0, 'the proposal used');
  await page.close();
});
