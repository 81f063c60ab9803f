// The table's words: the log, the announcements, the end banner and the
// refusals speak of what a child sees ("Player 1 took a match from the
// heap"), the game's own names stay one tap away; and what an attribute
// means is seen on the table (a wall looks like a wall).

import { after, before, test } from 'node:test';
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

/** Everything the polite live region has said. */
async function said(play) {
  return play.byTestId('announcer').locator('p').allTextContents();
}

/** Waits until the live region has said something matching `re`. */
async function waitToSay(play, re) {
  await play.page.waitForFunction(
    (source) => [...document.querySelectorAll('[data-testid="announcer"] p')].some((p) => new RegExp(source).test(p.textContent)),
    re.source,
  );
}

/** Engine names a child should not read: `m.12`, `track.?`, "approved by". */
const ENGINE_WORDS = /\b[a-z]+\.\d+\b|\.\?|approved by|matchgroup/;

test('NIM12 speaks of matches, the heap and the basket; the names are one tap away', async () => {
  const play = await PlayPage.open(app, 'nim12.game.xml');
  const [match] = await play.figuresOn('matchgroup');
  await play.dragToPlace(match, 'basket');
  await play.page.waitForFunction((m) => document.querySelector(`[data-figure="${m}"]`)?.dataset.placeOf === 'basket', match);
  assert.equal(await play.notice(), 'Player 1 took a match from the heap. Go on, or press End move.');
  await waitToSay(play, /^Player 1 took a match from the heap/);

  // The log tells the step as the table shows it; "Names" shows the game's names.
  let log = await play.log();
  assert.equal(log[0].heading, 'Move 1 — Player 1');
  assert.deepEqual(log[0].lines, ['Took a match from the heap']);
  await play.byTestId('log-names').click();
  assert.equal(await play.byTestId('log-names').getAttribute('aria-pressed'), 'true');
  log = await play.log();
  assert.deepEqual(log[0].lines, [`${match}: matchgroup → basket, rule take`]);
  await play.byTestId('log-names').click();

  // A refusal says what to do, in the same words; the rule is one tap away.
  await play.dragToPlace(match, 'matchgroup');
  assert.equal(await play.placeOf(match), 'basket');
  assert.match(await play.noticeTone(), /problem/);
  assert.equal(await play.notice(), "A match can't move now: try another figure.");
  await waitToSay(play, /^A match can't move now/);
  const detail = play.byTestId('notice-detail');
  await detail.locator('summary').click();
  assert.match(await detail.textContent(), /No rule lets a match go from basket to matchgroup/);

  for (const text of await said(play)) {
    assert.doesNotMatch(text, ENGINE_WORDS, `announced in the table's words: ${text}`);
  }
  app.assertNoErrors();
});

test('The Labyrinth: a wall looks like a wall, a refusal names it, the banner says why it ended', async () => {
  const play = await PlayPage.open(app, 'labyrinth.game.xml');
  await play.byTestId('intro-start').click();

  // Walls are drawn dark with bricks; the goal has a star; a floor square has neither.
  const wall = play.place('maze.2.1');
  assert.match(await wall.getAttribute('class'), /\blook-wall\b/);
  assert.equal(await wall.locator('[data-testid="look-fill"]').getAttribute('fill'), '#3d3f4a');
  assert.equal(await wall.locator('path[data-pattern="bricks"]').count(), 1);
  assert.match(await wall.getAttribute('aria-label'), /a wall/);
  assert.equal(await play.place('maze.5.5').locator('.look-star').count(), 1);
  assert.equal(await play.place('maze.1.2').locator('[data-testid="attribute-look"]').count(), 0);
  // Seen, not only said: what is drawn on a wall is dark, on a floor square light.
  const shade = (locator) => locator.evaluate((el) => getComputedStyle(el).fill);
  const dark = (fill) => {
    const [r, g, b] = fill.match(/\d+/g).map(Number);
    return (r + g + b) / 3 < 100;
  };
  assert.ok(dark(await shade(wall.locator('[data-testid="look-fill"]'))), 'a wall is dark');
  assert.ok(!dark(await shade(play.place('maze.1.2').locator('rect').first())), 'a floor square is light');

  // Into a wall: refused, with the wall named and a way that works.
  await play.dragToPlace('hero', 'maze.2.1');
  assert.equal(await play.placeOf('hero'), 'maze.1.1');
  assert.equal(
    await play.notice(),
    "The hero can't go to the square at row 2, column 1 (not onto a wall). It may go to the square at row 1, column 2.",
  );

  // Eight steps to the goal: the log and the banner say it in words.
  const path = ['maze.1.2', 'maze.1.3', 'maze.2.3', 'maze.3.3', 'maze.3.4', 'maze.3.5', 'maze.4.5', 'maze.5.5'];
  for (const to of path) {
    await play.dragToPlace('hero', to);
    await play.page.waitForFunction((t) => document.querySelector('[data-figure="hero"]')?.dataset.placeOf === t, to);
  }
  await play.byTestId('game-over').waitFor({ state: 'visible' });
  assert.equal(await play.byTestId('game-over-text').textContent(), 'Solved!');
  const reason = play.byTestId('game-over-reason');
  assert.equal(await reason.textContent(), 'The hero is on the square at row 5, column 5.');
  assert.equal(await reason.getAttribute('title'), 'Game over: goal', 'the end rule’s own name stays for a designer');
  const log = await play.log();
  assert.equal(log.length, 8);
  assert.deepEqual(log[0].lines, ['Moved the hero from row 1, column 1 to row 1, column 2']);
  assert.deepEqual(log[7].lines, ['Moved the hero from row 4, column 5 to row 5, column 5']);
  await waitToSay(play, /^You moved the hero from row 4, column 5 to row 5, column 5\. Game over: Solved!/);
  await play.screenshot('words-labyrinth');
  app.assertNoErrors();
});

test('A designer gives an attribute a look in the properties panel; it is saved with the game', async () => {
  const play = await PlayPage.open(app, 'labyrinth.game.xml');
  const page = play.page;
  await page.getByTestId('mode-design').click();
  await page.locator('[data-testid="design-mode"] [data-testid="table"] [data-place="maze.3.3"]').click();
  await page.getByTestId('looks').waitFor({ state: 'visible' });
  await page.getByTestId('look-wall-pattern').selectOption('stripes');
  await page.getByTestId('look-wall-colour').evaluate((input) => {
    input.value = '#8b0000';
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  const wall = page.locator('[data-testid="table"] [data-place="maze.2.1"]');
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="table"] [data-place="maze.2.1"] [data-testid="look-fill"]')?.getAttribute('fill') === '#8b0000',
  );
  assert.equal(await wall.locator('path[data-pattern="stripes"]').count(), 1);
  // Kept in the saved game's layout, and drawn the same in Play.
  const looks = await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      try {
        const work = JSON.parse(localStorage.getItem(key));
        if (typeof work.game === 'string') return JSON.parse(work.game).game.layout.looks;
      } catch {
        // not saved work
      }
    }
    return null;
  });
  assert.deepEqual(looks, [{ attribute: 'wall', value: 'yes', colour: '#8b0000', pattern: 'stripes' }]);
  await page.getByTestId('mode-play').click();
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="table"] [data-place="maze.2.1"] path[data-pattern="stripes"]'),
  );
  app.assertNoErrors();
});

test('On a phone, the end banner names the winner by number and says what the table shows', async () => {
  const page = await app.newPage({ viewport: { width: 390, height: 844 } });
  const play = new PlayPage(page, app.url);
  await play.goto('#example=tic-tac-toe.game.xml');
  await page.getByTestId('play-mode').waitFor({ state: 'visible' });
  // Player 2 fills the left column. The rule says "opponent" (the player
  // who just moved): the banner says who that is.
  const moves = [
    ['x.1', 'grid.1.2'],
    ['o.1', 'grid.1.1'],
    ['x.2', 'grid.2.2'],
    ['o.2', 'grid.2.1'],
    ['x.3', 'grid.3.3'],
    ['o.3', 'grid.3.1'],
  ];
  for (const [figure, to] of moves) {
    await play.dragToPlace(figure, to);
    await page.waitForFunction(([f, t]) => document.querySelector(`[data-figure="${f}"]`)?.dataset.placeOf === t, [figure, to]);
  }
  await play.byTestId('game-over').waitFor({ state: 'visible' });
  assert.equal(await play.byTestId('game-over-text').textContent(), 'Player 2 wins!');
  assert.equal(await play.byTestId('game-over-reason').textContent(), 'Player 2 has three in a row on the board.');
  await play.screenshot('words-tic-tac-toe-phone');
  app.assertNoErrors();
});
