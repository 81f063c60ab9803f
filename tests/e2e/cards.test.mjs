// Crazy Eights for two people sharing one screen: a cover comes between
// their turns, and each sees only their own hand; the other hand, the deck
// and the cards' names stay hidden.

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

/** The kinds drawn on a place: 'card' for a face, 'back' for a back. */
async function kindsOn(page, place) {
  return page
    .locator(`[data-testid="table"] > g[data-figure][data-place-of="${place}"]`)
    .evaluateAll((els) => els.map((e) => (e.classList.contains('kind-back') ? 'back' : e.classList.contains('kind-card') ? 'card' : '?')));
}

/** Every tooltip on the table: a back's never names the card. */
async function tooltipsOn(page, place) {
  return page
    .locator(`[data-testid="table"] > g[data-figure][data-place-of="${place}"] > title`)
    .evaluateAll((els) => els.map((e) => e.textContent));
}

test('a hidden hand is shown only to its owner, behind a cover between turns', async () => {
  const page = await app.newPage({ viewport: { width: 768, height: 1024 } });
  const play = new PlayPage(page, app.url);
  await play.goto('#example=crazy-eights.game.xml');
  const cover = page.getByTestId('cover');
  await cover.waitFor({ state: 'visible' });
  assert.match(await cover.textContent(), /Pass the tablet to Player 1/);
  await page.getByTestId('cover-show').click();
  await cover.waitFor({ state: 'detached' });

  // Player 1 deals: the deck's top card onto the pile deals seven to each.
  await play.dragPlaceToPlace('deck', 'pile');
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="table"] > g[data-place-of="hand.1"]').length === 7,
  );
  assert.deepEqual(await kindsOn(page, 'hand.1'), Array(7).fill('card'), 'Player 1 sees their hand');
  assert.deepEqual(await kindsOn(page, 'hand.2'), Array(7).fill('back'), "and only the backs of Player 2's");
  assert.ok((await kindsOn(page, 'deck')).every((k) => k === 'back'), 'the deck shows its backs');
  assert.deepEqual(await kindsOn(page, 'pile'), ['card'], 'the pile is face up');
  assert.ok((await tooltipsOn(page, 'hand.2')).every((t) => t === 'a card, face down'));
  const log = JSON.stringify(await play.log());
  assert.ok(!/hearts|spades|clubs|diamonds/.test(log), `the log names no card: ${log}`);

  // Player 1 plays a card that fits the pile, or else draws from the deck.
  const mine = await play.figuresOn('hand.1');
  let played = false;
  for (const card of mine) {
    let fits = false;
    await play.dragToPlace(card, 'pile', async () => {
      fits = (await play.targets()).includes('pile');
    });
    if (fits) {
      played = true;
      break;
    }
    await page.waitForFunction((c) => document.querySelector(`[data-figure="${c}"]`)?.dataset.placeOf === 'hand.1', card);
  }
  if (!played) {
    await play.dragPlaceToPlace('deck', 'hand.1');
  }

  // The turn passes: the cover comes at once, for Player 2.
  await cover.waitFor({ state: 'visible' });
  assert.match(await cover.textContent(), /Pass the tablet to Player 2/);
  assert.match(await page.getByTestId('turn').textContent(), /Player 2/, 'the turn banner above the cover says whose turn it is');
  assert.ok(await page.getByTestId('hint').isDisabled(), 'no hint behind the cover: it would show their cards');
  assert.ok(
    (await kindsOn(page, 'hand.1')).every((k) => k === 'back') && (await kindsOn(page, 'hand.2')).every((k) => k === 'back'),
    'under the cover no hand shows',
  );
  await page.getByTestId('cover-show').click();
  await cover.waitFor({ state: 'detached' });
  assert.ok((await kindsOn(page, 'hand.2')).every((k) => k === 'card'), 'Player 2 sees their hand');
  assert.ok((await kindsOn(page, 'hand.1')).every((k) => k === 'back'), "and only the backs of Player 1's");
  app.assertNoErrors();
});
