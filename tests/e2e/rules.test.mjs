// Rules mode: editing rules with live checks, and teaching by showing.
//
// The games are opened with the Open button's file picker, without their
// rules where a test teaches them.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';

import { AppSession, SCREENSHOT_DIR, exampleXml as gameFile, withoutRules } from './harness.mjs';

let app;
before(async () => {
  app = await AppSession.start();
});
after(async () => {
  await app?.stop();
});

/** A page with the game `xml` opened, and a counter of the actions a person makes. */
async function open(xml) {
  const page = await app.openGame(xml);
  const ui = {
    page,
    actions: 0,
    async click(testid) {
      ui.actions += 1;
      await page.getByTestId(testid).click();
    },
    async clickLocator(locator) {
      ui.actions += 1;
      await locator.click();
    },
    /** A pointer drag between two points on the screen, as a person does. */
    async dragPoints(from, to) {
      ui.actions += 1;
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      for (let i = 1; i <= 6; i += 1) {
        await page.mouse.move(from.x + ((to.x - from.x) * i) / 6, from.y + ((to.y - from.y) * i) / 6);
      }
      await page.mouse.up();
    },
    async centre(testid) {
      const box = await page.getByTestId(testid).first().boundingBox();
      assert.ok(box, `${testid} is not on the screen`);
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    },
    async drag(fromTestid, toTestid) {
      await ui.dragPoints(await ui.centre(fromTestid), await ui.centre(toTestid));
    },
  };
  return ui;
}

test('a typo in a condition shows under the field as you type; Undo restores the rule', async () => {
  const ui = await open(gameFile('nim12'));
  const { page } = ui;
  await ui.click('mode-rules');
  await ui.click('rule-step-take');
  await ui.click('step-when-add');
  const field = page.getByTestId('step-when-1');
  const error = page.getByTestId('step-when-1-error');
  await field.click();
  await field.pressSequentially('count(contains(basket)) <');
  await assert.doesNotReject(
    page.waitForFunction(() => document.querySelector('[data-testid="step-when-1-error"]')?.textContent.trim() !== ''),
  );
  const message = await error.textContent();
  assert.match(message, /letter/i, `the mistake says where it is: ${message}`);
  assert.equal(await field.inputValue(), 'count(contains(basket)) <', 'typing was not blocked');
  await field.pressSequentially(' 12');
  await page.waitForFunction(() => document.querySelector('[data-testid="step-when-1-error"]')?.textContent.trim() === '');
  await field.press('Tab');
  await page.waitForFunction(() => document.querySelector('[data-testid="undo"]')?.getAttribute('aria-label')?.includes('take'));
  assert.equal(await page.getByTestId('step-when-1').inputValue(), 'count(contains(basket)) < 12');
  await ui.click('undo');
  await page.waitForFunction(() => document.querySelector('[data-testid="step-when-1"]')?.value === '');
  assert.equal(await page.getByTestId('problem-count').textContent(), 'No problems');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'rules-editor.png') });
  app.assertNoErrors();
});

test('NIM12 taught by showing, then played to the end by two people', async () => {
  const ui = await open(withoutRules(gameFile('nim12')));
  const { page } = ui;
  await ui.click('mode-rules');

  // Record a step: drag a match into the basket.
  await ui.drag('figure-m.1', 'place-basket');
  const card = page.getByTestId('step-card');
  await card.waitFor();
  assert.match(await page.getByTestId('card-sentence').textContent(), /^This match may go from the heap to the basket\.$/);
  assert.equal(await page.getByTestId('card-before').count(), 1);
  assert.equal(await page.getByTestId('card-after').count(), 1);
  // Generalise what to "any match": every match lights up.
  await ui.clickLocator(page.getByTestId('levels-what').getByRole('button', { name: 'any match', exact: true }));
  await page.waitForFunction(() => /^A match may go/.test(document.querySelector('[data-testid="card-sentence"]')?.textContent));
  assert.equal(await page.locator('[data-testid="table"] .figure.target').count(), 11);
  assert.equal(await page.locator('[data-testid="place-basket"].target').count(), 1);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'rules-teach-step.png') });

  // Record a move: three takes, then Done.
  await ui.click('record-move');
  for (const m of ['m.1', 'm.2', 'm.3']) await ui.drag(`figure-${m}`, 'place-basket');
  await ui.click('move-done');
  await page.getByTestId('move-sentence').waitFor();
  assert.match(await page.getByTestId('move-sentence').textContent(), /take 1 to 3 times/);
  assert.equal(await page.getByTestId('move-code').textContent(), 'take x1-3');

  // Record the end: empty the group (one drag from an empty part of it), the player on move wins.
  await ui.click('record-end');
  const group = await page.locator('[data-testid="place-matchgroup"] rect').first().boundingBox();
  const figures = await page.locator('[data-testid="table"] [data-place-of="matchgroup"]').evaluateAll((els) =>
    els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })),
  );
  let free = null;
  for (let y = group.y + 6; y < group.y + group.height && !free; y += 6) {
    for (let x = group.x + 6; x < group.x + group.width && !free; x += 6) {
      if (!figures.some((f) => x >= f.x && x <= f.x + f.w && y >= f.y && y <= f.y + f.h)) free = { x, y };
    }
  }
  assert.ok(free, 'a free spot in the group');
  await ui.dragPoints(free, await ui.centre('place-basket'));
  await page.getByTestId('end-candidates').waitFor();
  // The likely reason is proposed, ticked, with the likely winner.
  const empty = page.getByTestId('end-candidates').getByLabel('matchgroup is empty');
  await page.waitForFunction(() => /player on move wins/.test(document.querySelector('[data-testid="end-sentence"]')?.textContent));
  assert.equal(await empty.isChecked(), true);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'rules-teach-end.png') });

  // Try it: Play mode with the rules as taught; two people take three matches each.
  await ui.click('try-it');
  await page.getByTestId('play-mode').waitFor();
  let n = 1;
  for (let turn = 0; turn < 4; turn += 1) {
    const player = turn % 2 === 0 ? 1 : 2;
    await page.waitForFunction(
      (p) => document.querySelector('[data-testid="turn"] .turn-text')?.textContent.includes(`Player ${p}`),
      player,
    );
    for (let i = 0; i < 3; i += 1, n += 1) {
      await ui.drag(`figure-m.${n}`, 'place-basket');
      await page.waitForFunction(
        (m) => document.querySelector(`[data-testid="figure-${m}"]`)?.dataset.placeOf === 'basket',
        `m.${n}`,
      );
    }
  }
  await page.getByTestId('game-over').waitFor();
  assert.match(await page.getByTestId('game-over-text').textContent(), /Player 1 wins/);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'rules-try.png') });
  // Back to teaching: Rules mode as it was.
  await ui.click('back-to-teaching');
  await page.getByTestId('rules-mode').waitFor();
  assert.equal(await page.getByTestId('teach').getAttribute('data-teach'), 'end');
  console.log(`NIM12 teach-and-play actions: ${ui.actions}`);
  assert.ok(ui.actions < 30, `${ui.actions} actions`);
  app.assertNoErrors();
});

test("the ball puzzle's normal step from two examples: to = from + 1 on squares", async () => {
  const ui = await open(withoutRules(gameFile('ball-puzzle')));
  const { page } = ui;
  await ui.click('mode-rules');
  await ui.drag('figure-b', 'place-s.2');
  await page.getByTestId('step-card').waitFor();
  await ui.drag('figure-b', 'place-s.3');
  await page.getByTestId('accept-proposal').waitFor();
  const conditions = await page.getByTestId('card-conditions').textContent();
  assert.match(conditions, /to = from \+ 1/);
  assert.match(await page.getByTestId('card-sentence').textContent(), /square/);
  await ui.click('accept-proposal');
  await page.getByTestId('rule-step-step').click();
  assert.equal(await page.getByTestId('step-when-1').inputValue(), 'to = from + 1');
  assert.equal(await page.getByTestId('from-name').inputValue(), 's.?');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'rules-ball.png') });
  app.assertNoErrors();
});

test('words the rules use are listed, changed with live checks, and a word that breaks a rule says so', async () => {
  const xml = gameFile('nim12')
    .replace('<steps>', '<definitions>\n      <define name="left" of="g">count(contains(g))</define>\n    </definitions>\n    <steps>')
    .replace('<when>empty(matchgroup)</when>', '<when>left(matchgroup) = 0</when>');
  const ui = await open(xml);
  const { page } = ui;
  await ui.click('mode-rules');
  assert.equal(await page.getByTestId('problem-count').textContent(), 'No problems');
  await ui.click('rule-word-left');
  const body = page.getByTestId('word-body');
  assert.equal(await body.inputValue(), 'count(contains(g))');
  assert.equal(await page.getByTestId('word-of').inputValue(), 'g');

  // A mistake as it is typed, said with where it is.
  await body.fill('');
  await body.pressSequentially('count(contains(g)');
  await page.waitForFunction(() => document.querySelector('[data-testid="word-body-error"]')?.textContent.trim() !== '');
  assert.match(await page.getByTestId('word-body-error').textContent(), /letter/i);
  await body.press('Escape');
  await body.fill('count(contains(g))');

  // A value renamed that the word still uses: the problem is shown at the word.
  const of = page.getByTestId('word-of');
  await of.fill('heap');
  await of.press('Tab');
  await page.waitForFunction(() => document.querySelector('[data-testid="problem-count"]')?.textContent !== 'No problems');
  await page.waitForFunction(() => document.querySelector('[data-testid="word-body-error"]')?.textContent.trim() !== '');
  assert.match(await page.getByTestId('word-body-error').textContent(), /\bg\b/, 'the unknown name is named');
  await ui.click('undo');
  await page.waitForFunction(() => document.querySelector('[data-testid="problem-count"]')?.textContent === 'No problems');

  // A new word is added to the list and can be deleted again.
  await ui.click('add-word');
  await page.getByTestId('rule-word-word').waitFor();
  await ui.click('rule-word-word-delete');
  await page.getByTestId('rule-word-word').waitFor({ state: 'detached' });
  app.assertNoErrors();
});
