// Dice at the table: in Snakes and Ladders the die is lit and the banner
// asks for a roll; a tap rolls it (a short tumble, none under reduced
// motion), the roll is announced and logged, the person moves by it by
// dragging with the pointer, and the computer rolls and moves by itself.
// In Pig the computer rolls again in the middle of its turn.

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

/** The announcements of the live region. */
const spoken = (play) => play.page.locator('[data-testid="announcer"] p').allTextContents();

/**
 * Records, each time the die starts to tumble, the animation its face runs
 * then (read at once: the tumble is short).
 */
async function watchTumble(page) {
  await page.evaluate(() => {
    window.__tumbles = [];
    let was = false;
    // The dice are drawn again after a roll: watch the whole play screen.
    new MutationObserver(() => {
      const die = document.querySelector('[data-testid="die-die"]');
      const now = Boolean(die?.classList.contains('rolling'));
      if (now && !was) {
        window.__tumbles.push(getComputedStyle(die.querySelector('.die-face')).animationName);
      }
      was = now;
    }).observe(document.querySelector('[data-testid="play-mode"]'), {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class'],
    });
  });
}

const tumbles = (page) => page.evaluate(() => window.__tumbles);

/** Waits for `f()` to be true, with what was expected in the failure. */
async function until(f, what, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await f())) {
    if (Date.now() > end) assert.fail(what);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('roll the die by tapping it and move the counter by the number with the pointer; the computer rolls by itself', async () => {
  const play = await PlayPage.open(app, 'snakes-and-ladders.game.xml');
  const page = play.page;
  await play.byTestId('intro-start').click();
  await play.choosePlayer(2, 'beginner');

  // A roll is due: the die is lit and the banner asks for it.
  const die = play.byTestId('die-die');
  await die.waitFor({ state: 'visible' });
  assert.match(await die.getAttribute('class'), /\bdue\b/);
  assert.equal(await die.getAttribute('aria-label'), 'The die shows 1: tap it to roll.');
  assert.equal((await play.byTestId('roll-due').textContent()).trim(), 'Tap the die to roll');
  assert.equal(await play.byTestId('roll').count(), 1, 'a Roll button beside the banner');
  const box = await die.boundingBox();
  assert.ok(box.width >= 44 && box.height >= 44, `the die is big enough to tap: ${JSON.stringify(box)}`);

  // Dragging before rolling is refused in words.
  await play.dragToPlace('counter.1', 'board.1.3');
  assert.equal(await play.placeOf('counter.1'), 'board.1.1');
  assert.match(await play.notice(), /Roll the dice first: tap the die\./);

  // Tap: it tumbles, shows a number with its pips, and says so.
  await watchTumble(page);
  await die.click();
  await until(async () => (await tumbles(page)).length > 0, 'the die tumbled');
  assert.deepEqual(await tumbles(page), ['tumble']);
  const value = Number(await die.getAttribute('data-value'));
  assert.ok(value >= 1 && value <= 6, `rolled ${value}`);
  assert.equal(await die.locator('.die-face circle').count(), value, 'as many pips as the number');
  await until(
    async () => (await spoken(play)).some((t) => t.startsWith(`Player 1 rolled a ${value}.`)),
    `"Player 1 rolled a ${value}" announced`,
  );
  assert.doesNotMatch(await die.getAttribute('class'), /\bdue\b/, 'no second roll');
  assert.equal(await play.byTestId('roll').count(), 0);
  const log = await play.log();
  assert.deepEqual(log[0].lines, [`Rolled a ${value}`]);

  // Move by it: while the counter is held, the one square lit is `value` on.
  const from = await play.centre(play.figure('counter.1'));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 6, from.y - 4, { steps: 3 });
  const targets = await play.targets();
  assert.equal(targets.length, 1, `one place to go: ${targets}`);
  const square = targets[0];
  assert.equal(
    await play.place(square).evaluate((el) => el.closest('svg')?.tagName.toLowerCase()),
    'svg',
  );
  const to = await play.centre(play.place(square));
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  // On the square, or up its ladder.
  await until(async () => (await play.placeOf('counter.1')) !== 'board.1.1', 'the counter moved');
  const moved = (await play.log())[0].lines;
  assert.equal(moved[0], `Rolled a ${value}`);
  assert.match(moved[1], /counter/i);

  // The computer rolls and moves by itself, then the turn is the person's again.
  await until(
    async () => (await play.log()).some((m) => m.player === 2 && m.lines[0]?.startsWith('Rolled a')),
    'player 2 (computer) rolled',
  );
  await until(
    async () =>
      (await play.turnText()) === 'Player 1 to move' &&
      /\bdue\b/.test((await die.getAttribute('class')) ?? ''),
    'the turn came back to player 1 with the die lit',
  );
  assert.ok(
    (await spoken(play)).some((t) => /^Player 2 \(computer\) rolled an? \d+\./.test(t)),
    JSON.stringify(await spoken(play)),
  );

  // The keyboard: Enter on the die rolls too.
  await die.focus();
  await page.keyboard.press('Enter');
  await until(async () => !/\bdue\b/.test((await die.getAttribute('class')) ?? ''), 'Enter rolled');
  assert.equal((await play.log()).at(-1).lines[0].startsWith('Rolled a'), true);
  app.assertNoErrors();
});

test('in Pig the computer rolls again in the middle of its turn; the person rolls and stops', async () => {
  const play = await PlayPage.open(app, 'pig.game.xml');
  await play.byTestId('intro-start').click();
  await play.choosePlayer(2, 'good');
  const die = play.byTestId('die-die');
  const lit = async () => /\bdue\b/.test((await die.getAttribute('class')) ?? '');
  const rollsIn = (move) => move.lines.filter((l) => l.startsWith('Rolled a')).length;
  const over = async () => (await play.byTestId('game-over').count()) > 0;
  // Read without waiting: the turn line goes when the computer's roll ends
  // the game between two looks.
  const turnNow = async () => (await play.byTestId('turn').locator('.turn-text').allTextContents()).join('').trim();
  // The person rolls and, after a good roll, drags the pig across to stop
  // and keep the points; after a 1, the cup (the turn is lost). Until the
  // computer has rolled twice in one turn; a game that ends first is
  // played again.
  for (let turn = 0; turn < 24; turn += 1) {
    await until(lit, 'the die is lit for player 1', 60_000);
    await die.click();
    await until(async () => !(await lit()), 'rolled');
    const value = Number(await die.getAttribute('data-value'));
    if (value === 1) {
      const at = await play.placeOf('red-cup');
      await play.dragToPlace('red-cup', at === 'red-cup-left' ? 'red-cup-right' : 'red-cup-left');
    } else {
      const at = await play.placeOf('red-pig');
      await play.dragToPlace('red-pig', at === 'red-pig-left' ? 'red-pig-right' : 'red-pig-left');
    }
    await until(async () => (await over()) || (await play.log()).at(-1)?.player === 2, 'the computer began');
    await until(
      async () => (await over()) || ((await turnNow()) === 'Player 1 to move' && (await lit())),
      'the computer played its turn',
      60_000,
    );
    const theirs = (await play.log()).filter((m) => m.player === 2);
    if (theirs.some((m) => rollsIn(m) >= 2)) {
      const again = theirs.find((m) => rollsIn(m) >= 2);
      assert.ok(again.lines.some((l) => /cup/i.test(l)), JSON.stringify(again));
      app.assertNoErrors();
      return;
    }
    if (await over()) await play.byTestId('play-again').click();
  }
  assert.fail(`the computer never rolled again: ${JSON.stringify(await play.log())}`);
});

test('under prefers-reduced-motion the die does not tumble', async () => {
  const play = await PlayPage.open(app, 'snakes-and-ladders.game.xml');
  await play.page.emulateMedia({ reducedMotion: 'reduce' });
  await play.byTestId('intro-start').click();
  await watchTumble(play.page);
  await play.byTestId('roll').click();
  const die = play.byTestId('die-die');
  await until(async () => (await tumbles(play.page)).length > 0, 'the die was rolled');
  assert.deepEqual(await tumbles(play.page), ['none']);
  assert.doesNotMatch(await die.getAttribute('class'), /\bdue\b/);
  app.assertNoErrors();
});

test('Design adds a die to a blank game, sets its faces from 2 to 20 and takes it away', async () => {
  const page = await app.newPage();
  await page.goto(app.url, { waitUntil: 'load' });
  await page.getByTestId('design-mode').waitFor({ state: 'visible' });
  assert.equal(await page.getByTestId('die-faces-die').count(), 0);
  await page.getByTestId('add-die').click();
  const faces = page.getByTestId('die-faces-die');
  await faces.waitFor({ state: 'visible' });
  assert.equal(await faces.inputValue(), '6');
  const choices = await faces.locator('option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(choices, Array.from({ length: 19 }, (_, i) => String(i + 2)));
  await faces.selectOption('20');
  assert.equal(await page.getByTestId('die-faces-die').inputValue(), '20');
  await page.getByTestId('add-die').click();
  await page.getByTestId('die-faces-die.2').waitFor({ state: 'visible' });
  await page.getByTestId('remove-die-die').click();
  assert.equal(await page.getByTestId('die-faces-die').count(), 0);
  assert.equal(await page.getByTestId('die-faces-die.2').inputValue(), '6');
  app.assertNoErrors();
});
