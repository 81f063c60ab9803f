// Sharing and never losing anything: share links, looking back at the
// moves of a game (stepping, Continue from here, replay), a game in
// progress resumed after a reload, the app working offline, an old-format
// file, and asking before leaving with changes that are in no file.

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

const WORK_KEY = 'tablecraft.work';

async function inBasket(play) {
  return (await play.figuresOn('basket')).length;
}

/** Takes matches m.FROM..m.TO in NIM12; a move of fewer than 3 is ended. */
async function take(play, from, to) {
  for (let i = from; i <= to; i++) {
    await play.dragToPlace(`m.${i}`, 'basket');
    await play.page.waitForFunction(
      (name) => document.querySelector(`[data-figure="${name}"]`)?.dataset.placeOf === 'basket',
      `m.${i}`,
    );
  }
  if (to - from + 1 < 3) await play.endMove();
}

async function label(play) {
  return (await play.byTestId('history-label').textContent()).trim();
}

async function waitForBasket(play, n) {
  await play.page.waitForFunction(
    (count) =>
      document.querySelectorAll('[data-testid="table"] > g[data-figure][data-place-of="basket"]')
        .length === count,
    n,
  );
}

test('a share link opens the same game in Play, and Make your own copy makes it your work', async () => {
  const play = await PlayPage.open(app, 'nim12.game.xml');
  const page = play.page;
  // Opening the example took `#example=` off the address.
  assert.equal(new URL(page.url()).hash, '');

  await play.byTestId('share').click();
  const dialog = play.byTestId('share-dialog');
  await dialog.waitFor({ state: 'visible' });
  await page.waitForFunction(
    () => document.querySelector('[data-testid="share-status"]')?.dataset.copied !== undefined,
  );
  const link = await play.byTestId('share-link').inputValue();
  assert.ok(link.startsWith(`${app.url}#play=`), link);
  assert.ok(link.length < 2000, `a NIM12 link is short (${link.length})`);
  await play.screenshot('share-dialog');
  await play.byTestId('share-copy').click();
  await play.byTestId('share-close').click();
  await dialog.waitFor({ state: 'hidden' });
  app.assertNoErrors();

  // A friend opens the link in their own browser, with work of their own kept.
  const friend = await app.newPage();
  await friend.goto(app.url);
  await friend.getByTestId('design-mode').waitFor();
  await friend.getByTestId('examples').click();
  await friend.locator('[data-testid="examples-menu"] .example-item[data-file="tic-tac-toe.game.xml"]').click();
  await friend.waitForFunction(
    (key) => JSON.parse(localStorage.getItem(key) ?? '{}').title === 'Tic-Tac-Toe',
    WORK_KEY,
  );
  const keptBefore = await friend.evaluate((key) => localStorage.getItem(key), WORK_KEY);

  await friend.goto(link);
  const shared = new PlayPage(friend, app.url);
  await friend.getByTestId('play-mode').waitFor();
  await friend.getByTestId('shared-banner').waitFor();
  assert.equal(await friend.getByTestId('game-title').textContent(), 'NIM12');
  assert.equal((await shared.figuresOn('matchgroup')).length, 12);
  assert.equal(await friend.getByTestId('mode-play').getAttribute('aria-selected'), 'true');
  // It can be played at once.
  await take(shared, 1, 3);
  assert.equal(await inBasket(shared), 3);
  await shared.screenshot('share-opened');
  // Only playing a shared game does not touch the friend's own kept work.
  assert.equal(await friend.evaluate((key) => localStorage.getItem(key), WORK_KEY), keptBefore);

  await friend.getByTestId('make-copy').click();
  await friend.getByTestId('design-mode').waitFor();
  assert.equal(await friend.getByTestId('shared-banner').count(), 0);
  assert.equal(new URL(friend.url()).hash, '', 'the link is off the address');
  await friend.waitForFunction(
    (key) => JSON.parse(localStorage.getItem(key) ?? '{}').title === 'NIM12',
    WORK_KEY,
  );
  // The friend's own game before is one Undo away.
  assert.match(await friend.getByTestId('undo').getAttribute('aria-label'), /shared game NIM12/);
  await friend.getByTestId('undo').click();
  await friend.waitForFunction(
    () => document.querySelector('[data-testid="game-title"]')?.textContent === 'Tic-Tac-Toe',
  );
  app.assertNoErrors();
});

test('a broken share link says so and keeps the work', async () => {
  const page = await app.newPage();
  await page.goto(`${app.url}#play=AAAA-not-a-game`);
  await page.getByTestId('design-mode').waitFor();
  await page.waitForFunction(() =>
    document.querySelector('[data-testid=notice]')?.textContent.includes('link is broken'),
  );
  assert.equal(await page.getByTestId('shared-banner').count(), 0);
  app.assertNoErrors();
});

test('stepping through the moves, Continue from here and bringing them back', async () => {
  const play = await PlayPage.open(app, 'nim12.game.xml');
  await play.byTestId('intro-start').click();
  await take(play, 1, 2); // move 1: player 1 takes 2
  await take(play, 3, 3); // move 2: player 2 takes 1
  await take(play, 4, 6); // move 3: player 1 takes 3
  assert.equal(await label(play), 'Now: after move 3 of 3');
  assert.equal(await play.byTestId('history-forward').isDisabled(), true);

  await play.byTestId('history-back').click();
  await waitForBasket(play, 3);
  assert.equal(await label(play), 'After move 2 of 3');
  assert.match(await play.byTestId('looking-banner').textContent(), /After move 2 of 3/);
  await play.byTestId('history-first').click();
  await waitForBasket(play, 0);
  assert.equal(await play.byTestId('history-back').isDisabled(), true);
  await play.byTestId('history-forward').click();
  await waitForBasket(play, 2);
  await play.screenshot('play-looking-back');

  // Looking is view only: the table takes no move.
  await play.dragToPlace('m.7', 'basket');
  assert.match(await play.notice(), /looking back/);
  await waitForBasket(play, 2);

  await play.byTestId('history-last').click();
  await waitForBasket(play, 6);
  assert.equal(await play.byTestId('looking-banner').count(), 0);

  // Back to move 1 and play on from there.
  await play.byTestId('history-first').click();
  await play.byTestId('history-forward').click();
  await play.byTestId('continue-here').click();
  await waitForBasket(play, 2);
  assert.equal(await label(play), 'Now: after move 1 of 1');
  assert.match(await play.turnText(), /2/);
  assert.equal((await play.log()).length, 1);

  // One change, undone at once.
  await play.byTestId('bring-back').click();
  await waitForBasket(play, 6);
  assert.equal(await label(play), 'Now: after move 3 of 3');
  assert.equal((await play.log()).length, 3);

  // After playing on from an earlier move, the later ones are gone for good.
  await play.byTestId('history-back').click();
  await play.byTestId('continue-here').click();
  await waitForBasket(play, 3);
  await take(play, 4, 4);
  assert.equal(await play.byTestId('bring-back').count(), 0);
  assert.equal(await label(play), 'Now: after move 3 of 3');
  app.assertNoErrors();
});

test('a finished game is replayed move by move, with a pause', async () => {
  const play = await PlayPage.open(app, 'nim12.game.xml');
  await play.byTestId('intro-start').click();
  for (let first = 1; first <= 12; first += 3) await take(play, first, first + 2);
  await play.byTestId('game-over').waitFor();

  const started = Date.now();
  await play.byTestId('replay').click();
  assert.equal(await play.byTestId('replay').getAttribute('aria-pressed'), 'true');
  await waitForBasket(play, 0);
  await waitForBasket(play, 3);
  await waitForBasket(play, 6);
  // A pace a child can follow: at least a second a move.
  assert.ok(Date.now() - started >= 2000, `replayed too fast (${Date.now() - started} ms)`);
  await play.byTestId('replay').click();
  assert.equal(await play.byTestId('replay').getAttribute('aria-pressed'), 'false');
  const paused = await label(play);
  await play.page.waitForTimeout(2000);
  assert.equal(await label(play), paused, 'a paused replay stays');
  await play.screenshot('play-replay');

  await play.byTestId('replay').click();
  await play.page.waitForFunction(
    () => document.querySelector('[data-testid="replay"]')?.getAttribute('aria-pressed') === 'false',
    null,
    { timeout: 15_000 },
  );
  assert.equal(await play.byTestId('looking-banner').count(), 0);
  await waitForBasket(play, 12);
  await play.byTestId('game-over').waitFor();
  app.assertNoErrors();
});

test('an unfinished game resumes after a reload at the same move, with its history', async () => {
  const play = await PlayPage.open(app, 'nim12.game.xml');
  await play.byTestId('intro-start').click();
  await take(play, 1, 2);
  await take(play, 3, 3);
  await play.dragToPlace('m.4', 'basket'); // a move half made
  await waitForBasket(play, 4);
  await play.page.waitForFunction(
    (key) => JSON.parse(localStorage.getItem(key) ?? '{}').play?.record.played.length === 6,
    WORK_KEY,
  );
  const turn = await play.turnText();

  await play.page.reload();
  await play.byTestId('play-mode').waitFor();
  await waitForBasket(play, 4);
  assert.equal(await play.turnText(), turn);
  assert.equal((await play.log()).length, 3);
  assert.equal(await label(play), 'Now: after move 3 of 3');
  await play.endMove();
  assert.match(await play.turnText(), /2/);
  app.assertNoErrors();
});

test('a file in the oldest format (no format, <winner> inside <end>) opens as the same game', async () => {
  const page = await app.newPage();
  await page.goto(app.url);
  await page.getByTestId('design-mode').waitFor();
  const old = `<?xml version="1.0" encoding="UTF-8"?>
<game players="2">
  <title>Old NIM</title>
  <rules>
    <equipment><group name="matchgroup"/><wastebasket name="basket"/></equipment>
    <figures>
      <figure name="m.1" type="match" origin="matchgroup"/>
      <figure name="m.2" type="match" origin="matchgroup"/>
      <figure name="m.3" type="match" origin="matchgroup"/>
    </figures>
    <steps><step name="take"><what type="match"/><from name="matchgroup"/><to name="basket"/></step></steps>
    <moves><move name="turn">take x1-3</move></moves>
    <game-over><end name="last-match"><when>empty(matchgroup)</when><winner>player</winner></end></game-over>
  </rules>
</game>`;
  await page.getByTestId('open-input').setInputFiles({
    name: 'old-nim.game.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(old),
  });
  await page.waitForFunction(
    () => document.querySelector('[data-testid="game-title"]')?.textContent === 'Old NIM',
  );
  assert.equal(await page.getByTestId('problem-count').textContent(), 'No problems');
  // It plays: taking all three ends the game.
  await page.getByTestId('mode-play').click();
  const play = new PlayPage(page, app.url);
  await play.byTestId('turn').waitFor();
  for (let i = 1; i <= 3; i++) await play.dragToPlace(`m.${i}`, 'basket');
  await play.byTestId('game-over').waitFor();
  app.assertNoErrors();
});

test('leaving with changes that are in no file asks first', async () => {
  const page = await app.newPage();
  await page.goto(app.url);
  await page.getByTestId('design-mode').waitFor();
  const unsaved = () => page.evaluate(() => document.documentElement.dataset.unsaved);
  assert.equal(await unsaved(), 'no', 'an empty new game asks nothing');
  await page.getByTestId('examples').click();
  await page.locator('[data-testid="examples-menu"] .example-item[data-file="nim12.game.xml"]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="game-title"]')?.textContent === 'NIM12');
  assert.equal(await unsaved(), 'no', 'a game just opened from a file is in that file');

  // An example opens in Play; its title is changed in Design.
  await page.getByTestId('mode-design').click();
  const title = page.getByTestId('game-title-input');
  await title.fill('My NIM');
  await title.press('Enter');
  await page.waitForFunction(() => document.documentElement.dataset.unsaved === 'yes');

  // The browser asks before the page goes.
  const asked = new Promise((resolve) => {
    page.once('dialog', async (dialog) => {
      resolve(dialog.type());
      await dialog.accept();
    });
  });
  const closed = page.waitForEvent('close');
  await page.close({ runBeforeUnload: true });
  assert.equal(await asked, 'beforeunload');
  await closed;

  // Saving a file clears it, across a reload too (same browser).
  const again = await app.context.newPage();
  await again.goto(app.url);
  await again.waitForFunction(() => document.querySelector('[data-testid="game-title"]')?.textContent === 'My NIM');
  assert.equal(await again.evaluate(() => document.documentElement.dataset.unsaved), 'yes');
  const download = again.waitForEvent('download');
  await again.getByTestId('save-xml').click();
  assert.equal((await download).suggestedFilename(), 'my-nim.game.xml');
  await again.waitForFunction(() => document.documentElement.dataset.unsaved === 'no');
  await again.reload();
  await again.getByTestId('design-mode').waitFor();
  await again.waitForFunction(() => document.documentElement.dataset.unsaved === 'no');
  app.assertNoErrors();
});

test('a first visit keeps the app for offline only once its first screen is built', async () => {
  const own = await AppSession.start();
  try {
    const page = await own.newPage({ serviceWorkers: 'allow' });
    // Notes, when the page registers its service worker, whether the top bar
    // and the table were in the page by then.
    await page.addInitScript(() => {
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (...args) {
        window.__registered = {
          at: performance.now(),
          built: Boolean(
            document.querySelector('[data-testid="app"]') &&
              document.querySelector('[data-testid="table"]'),
          ),
        };
        return register.apply(this, args);
      };
    });
    await page.goto(own.url);
    const handle = await page.waitForFunction(() => window.__registered, null, { timeout: 30_000 });
    const registered = await handle.jsonValue();
    assert.ok(registered.built, `registered before the first screen: ${JSON.stringify(registered)}`);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, {
      timeout: 30_000,
    });
    own.assertNoErrors();
  } finally {
    await own.stop();
  }
});

test('offline: after one visit the app, an example and the computer work with the server stopped', async () => {
  const own = await AppSession.start();
  try {
    const page = await own.newPage({ serviceWorkers: 'allow' });
    await page.goto(own.url);
    await page.getByTestId('design-mode').waitFor();
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, {
      timeout: 30_000,
    });
    // Everything the page needs is kept, every example game included (so no
    // request is still on its way when the server stops).
    await page.waitForFunction(
      async () => {
        const name = (await caches.keys()).find((k) => k.startsWith('tablecraft-'));
        if (!name) return false;
        const cache = await caches.open(name);
        const keys = (await cache.keys()).map((r) => new URL(r.url).pathname);
        const games = await (await fetch('games/index.json')).json();
        return (
          keys.some((k) => k.endsWith('_bg.wasm') && k.includes('tablecraft-page')) &&
          keys.some((k) => k.endsWith('tablecraft-worker_bg.wasm')) &&
          games.every((g) => keys.some((k) => k.endsWith(`games/${g}`)))
        );
      },
      null,
      { timeout: 30_000, polling: 250 },
    );
    // The manifest makes the app installable: icons of 192 and 512 pixels.
    const manifest = await page.evaluate(async () => (await fetch('manifest.webmanifest')).json());
    const sizes = manifest.icons.map((i) => i.sizes);
    assert.ok(sizes.includes('192x192') && sizes.includes('512x512'), sizes.join());
    assert.equal(manifest.display, 'standalone');

    // The Examples menu has read every game too.
    await page.getByTestId('examples').click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="examples-menu"] .example-item').length >= 6,
    );
    await page.keyboard.press('Escape');
    const url = own.url;
    await own.server.close();
    own.server = null;
    await page.reload();
    await page.getByTestId('design-mode').waitFor();
    await page.getByTestId('examples').click();
    await page.locator('[data-testid="examples-menu"] .example-item[data-file="nim12.game.xml"]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="game-title"]')?.textContent === 'NIM12');
    await page.getByTestId('mode-play').click();
    const play = new PlayPage(page, url);
    await play.byTestId('turn').waitFor();
    await play.byTestId('player-2-select').selectOption('beginner');
    await play.dragToPlace('m.1', 'basket');
    await play.endMove();
    // The computer (in its worker, loaded from the cache) answers.
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="log-move"]').length >= 2 &&
        /1/.test(document.querySelector('[data-testid="turn"]')?.textContent ?? ''),
      null,
      { timeout: 20_000 },
    );
    own.assertNoErrors();
  } finally {
    await own.stop();
  }
});

test('update: a new build keeps its own cache, deletes the older ones, and an open page reloads onto it', async () => {
  const own = await AppSession.start();
  try {
    const page = await own.newPage({ serviceWorkers: 'allow' });
    await page.goto(own.url);
    await page.getByTestId('design-mode').waitFor();
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
    const buildOf = () => new URL(navigator.serviceWorker.controller.scriptURL).searchParams.get('v');
    // The service worker is named for the build: the hash in the page's wasm file name.
    const build = await page.evaluate(buildOf);
    const wasm = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => e.name).find((n) => /tablecraft-page-[0-9a-z]+_bg\.wasm/.test(n)));
    assert.ok(wasm && wasm.includes(`tablecraft-page-${build}_bg.wasm`), `${build} / ${wasm}`);
    const ours = () => caches.keys().then((keys) => keys.filter((k) => k.startsWith('tablecraft-')));
    await page.waitForFunction(async (b) => {
      const keys = (await (await caches.open(`tablecraft-${b}`)).keys()).map((r) => r.url);
      return keys.some((k) => k.endsWith('tablecraft-worker_bg.wasm')) && keys.some((k) => k.includes('tablecraft-page-'));
    }, build, { timeout: 30_000, polling: 250 });
    // A cache an older build left behind (as the first version, "tablecraft-v1", did).
    await page.evaluate(async () => {
      const old = await caches.open('tablecraft-v1');
      await old.put('index.html', new Response('<p>an old page</p>', { headers: { 'content-type': 'text/html' } }));
    });

    // Another build's service worker takes over the open page: it keeps a
    // whole set of files of its own, deletes the other caches, and the page
    // (of the older build) reloads rather than mix files of two builds.
    // The page, reloaded, would register its own build again: as the real
    // newer build is only simulated here, that registration is refused.
    await page.context().route(
      (url) => url.pathname.endsWith('/sw.js') && url.searchParams.get('v') === build,
      (route) => route.abort(),
    );
    await page.evaluate(() => { window.beforeUpdate = true; });
    const reloaded = page.waitForEvent('framenavigated', { timeout: 60_000 });
    await page.evaluate(() => navigator.serviceWorker.register('sw.js?v=next'));
    await reloaded;
    await page.waitForLoadState('load');
    // The page reloaded under the newer build's worker, whose cache is the
    // only one left, and complete.
    const state = async () => {
        if (window.beforeUpdate) return false;
        const c = navigator.serviceWorker.controller;
        if (!c) return false;
        const name = `tablecraft-${new URL(c.scriptURL).searchParams.get('v')}`;
        const keys = (await caches.keys()).filter((k) => k.startsWith('tablecraft-'));
        if (keys.length !== 1 || keys[0] !== name) return false;
        const kept = (await (await caches.open(name)).keys()).map((r) => r.url);
        return kept.some((k) => k.endsWith('tablecraft-worker_bg.wasm')) && kept.some((k) => k.includes('tablecraft-page-'))
          ? name : false;
    };
    let name = false;
    for (const end = Date.now() + 60_000; !name && Date.now() < end; ) {
      await page.waitForTimeout(250);
      name = await page.evaluate(state).catch(() => false);
    }
    assert.ok(!(await page.evaluate(ours)).includes('tablecraft-v1'));
    assert.equal(name, 'tablecraft-next');
    // And the page works, offline too, from that one build's files.
    await page.getByTestId('design-mode').waitFor();
    await own.server.close();
    own.server = null;
    await page.reload();
    await page.getByTestId('design-mode').waitFor();
    // Only the refused registrations of the simulated older build complain.
    own.errors = own.errors.filter((e) => !e.includes('An unknown error occurred when fetching the script'));
    own.assertNoErrors();
  } finally {
    await own.stop();
  }
});
