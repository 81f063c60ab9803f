// Files and keeping work: the Examples menu, Save as XML/JSON, New, Open
// with the file picker, broken files, dropping a file on the page, and the
// work kept in the browser across reloads (corrupt values, a full storage,
// two tabs).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { AppSession, REPO_ROOT } from './harness.mjs';

const GAMES_DIR = path.join(REPO_ROOT, 'public', 'games');
const WORK_KEY = 'tablecraft.work';
const NIM12 = readFileSync(path.join(GAMES_DIR, 'nim12.game.xml'), 'utf8');

/** Records the type and text of every Blob the page turns into a download. */
function recordBlobs() {
  window.__blobs = [];
  const create = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (blob) => {
    const entry = { type: blob.type, text: null };
    window.__blobs.push(entry);
    blob.text().then((t) => (entry.text = t));
    return create(blob);
  };
}

let app;
before(async () => {
  app = await AppSession.start();
});
after(async () => {
  await app?.stop();
});

/** A fresh page with the app started; `prepare(page)` runs before loading. */
async function openApp(prepare = async () => {}) {
  const home = await app.openHome(async (page) => {
    await page.addInitScript(recordBlobs);
    await prepare(page);
  });
  await home.page.getByTestId('app').waitFor();
  return home;
}

const title = (page) => page.getByTestId('game-title');

async function waitForTitle(page, expected) {
  await page.waitForFunction(
    (t) => document.querySelector('[data-testid=game-title]')?.textContent.trim() === t,
    expected,
    { timeout: 10_000 },
  );
}

async function openExample(page, id, expectedTitle) {
  await page.getByTestId('examples').click();
  const menu = page.getByTestId('examples-menu');
  await menu.waitFor({ state: 'visible' });
  const item = page.getByTestId(`example-${id}`);
  await item.waitFor({ state: 'visible' });
  await item.click();
  await waitForTitle(page, expectedTitle);
  assert.equal(await menu.isVisible(), false, 'the menu closes after a choice');
}

/** Clicks a save button and returns the download's name, text and MIME type. */
async function save(page, testid) {
  const before = await page.evaluate(() => window.__blobs.length);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(testid).click(),
  ]);
  const file = await download.path();
  const text = readFileSync(file, 'utf8');
  const type = await page.evaluate((n) => window.__blobs[n]?.type, before);
  return { name: download.suggestedFilename(), file, text, type };
}

async function kept(page) {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key)), WORK_KEY);
}

async function waitForKept(page, predicate, arg) {
  await page.waitForFunction(
    ([key, src, a]) => {
      const raw = localStorage.getItem(key);
      if (!raw) return false;
      // eslint-disable-next-line no-new-func
      return new Function('work', 'arg', `return (${src})(work, arg)`)(JSON.parse(raw), a);
    },
    [WORK_KEY, predicate.toString(), arg],
    { timeout: 10_000 },
  );
}

test('an example saved as XML and JSON opens again as the same game', async () => {
  const { page } = await openApp();
  await page.getByTestId('examples').click();
  const items = page.locator('[data-testid=examples-menu] [role=menuitem]');
  await page.getByTestId('example-tic-tac-toe').waitFor();
  const index = JSON.parse(readFileSync(path.join(GAMES_DIR, 'index.json'), 'utf8'));
  assert.equal(await items.count(), index.length, 'one item per example game');
  const titles = (await items.locator('.example-title').allTextContents()).map((t) => t.trim());
  assert.ok(titles.includes('NIM12') && titles.includes('Tic-Tac-Toe'), titles.join(', '));
  // The menu closes with Esc and gives the focus back to its button.
  await page.keyboard.press('Escape');
  assert.equal(await page.getByTestId('examples-menu').isVisible(), false);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'examples');

  await openExample(page, 'nim12', 'NIM12');
  const xml = await save(page, 'save-xml');
  assert.equal(xml.name, 'nim12.game.xml');
  assert.equal(xml.type, 'application/xml');
  assert.match(xml.text, /<title>NIM12<\/title>/);
  const json = await save(page, 'save-json');
  assert.equal(json.name, 'nim12.game.json');
  assert.equal(json.type, 'application/json');
  assert.equal(JSON.parse(json.text).game.title, 'NIM12');

  await page.getByTestId('new').click();
  await waitForTitle(page, 'New game');

  await page.getByTestId('open-input').setInputFiles(xml.file);
  await waitForTitle(page, 'NIM12');
  const again = await save(page, 'save-xml');
  assert.equal(again.text, xml.text, 'the game opened is the game saved');

  // Opening is undoable: Undo brings back the new game.
  await page.getByTestId('undo').click();
  await waitForTitle(page, 'New game');

  await page.getByTestId('open-input').setInputFiles(json.file);
  await waitForTitle(page, 'NIM12');
  assert.equal((await save(page, 'save-xml')).text, xml.text, 'the JSON file is the same game');
  await page.getByTestId('notice').waitFor();
  await home_screenshot(page, 'files-examples-menu');
  app.assertNoErrors();
});

async function home_screenshot(page, name) {
  await page.getByTestId('examples').click();
  await page.getByTestId('example-nim12').waitFor({ state: 'visible' });
  await page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'screenshots', `${name}.png`) });
  await page.keyboard.press('Escape');
}

test('a broken file opens nothing and shows every problem with its line', async () => {
  const { page } = await openApp();
  await openExample(page, 'tic-tac-toe', 'Tic-Tac-Toe');
  const dialog = page.getByTestId('file-problems');

  // A syntax error.
  const broken = [
    '<?xml version="1.0"?>',
    '<game format="1" players="2">',
    '  <title>Broken</title>',
    '  <rules>',
    '    <equipment>',
    '      <basket name="b"',
    '    </equipment>',
    '  </rules>',
    '</game>',
  ].join('\n');
  await page.getByTestId('open-input').setInputFiles({
    name: 'broken.game.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(broken),
  });
  await dialog.waitFor({ state: 'visible' });
  assert.match(await dialog.locator('h2').textContent(), /broken\.game\.xml.*could not be opened/);
  let problems = await dialog.getByTestId('file-problem').evaluateAll((items) =>
    items.map((li) => ({ line: li.dataset.line, text: li.textContent })),
  );
  assert.ok(problems.length >= 1, 'at least one problem');
  for (const p of problems) assert.ok(p.line, `a problem without a line: ${p.text}`);
  assert.match(problems[0].text, /^Line 7/);
  // The focus is in the dialog; Esc closes it; the game is unchanged.
  assert.equal(
    await page.evaluate(() => !!document.activeElement?.closest('[data-testid=file-problems]')),
    true,
    'the focus moved into the dialog',
  );
  assert.equal((await title(page).textContent()).trim(), 'Tic-Tac-Toe');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  // Unknown names in the rules: one problem per name, each at its line.
  const unknown = NIM12.replace('<from name="matchgroup"/>', '<from name="heap"/>').replace(
    '<to name="basket"/>',
    '<to name="bin"/>',
  );
  const lines = unknown.split('\n');
  const lineOf = (s) => String(lines.findIndex((l) => l.includes(s)) + 1);
  await page.getByTestId('open-input').setInputFiles({
    name: 'unknown.game.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(unknown),
  });
  await dialog.waitFor({ state: 'visible' });
  problems = await dialog.getByTestId('file-problem').evaluateAll((items) =>
    items.map((li) => ({ line: li.dataset.line, text: li.textContent })),
  );
  assert.equal(problems.length, 2, JSON.stringify(problems));
  assert.equal(problems[0].line, lineOf('name="heap"'));
  assert.match(problems[0].text, /heap/);
  assert.equal(problems[1].line, lineOf('name="bin"'));
  assert.match(problems[1].text, /bin/);
  await page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'screenshots', 'files-problems.png') });
  await page.getByTestId('file-problems-close').click();
  await dialog.waitFor({ state: 'hidden' });
  assert.equal((await title(page).textContent()).trim(), 'Tic-Tac-Toe');
  assert.equal(await page.getByTestId('undo').isEnabled(), true);

  // A file that is not text says so; the game stays.
  await page.getByTestId('open-input').setInputFiles({
    name: 'cat.png',
    mimeType: 'image/png',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0xff]),
  });
  await page.waitForFunction(() =>
    document.querySelector('[data-testid=notice]')?.textContent.includes('not text'),
  );
  assert.equal((await title(page).textContent()).trim(), 'Tic-Tac-Toe');
  app.assertNoErrors();
});

test('a game file dropped on the page opens', async () => {
  const { page } = await openApp();
  await waitForTitle(page, 'New game');
  const hint = page.getByTestId('drop-hint');
  assert.equal(await hint.isVisible(), false);
  await page.evaluate((xml) => {
    const dt = new DataTransfer();
    dt.items.add(new File([xml], 'nim12.game.xml', { type: 'application/xml' }));
    window.__dt = dt;
    document.querySelector('main').dispatchEvent(
      new DragEvent('dragenter', { dataTransfer: dt, bubbles: true, cancelable: true }),
    );
  }, NIM12);
  await hint.waitFor({ state: 'visible' });
  const prevented = await page.evaluate(() => {
    const drop = new DragEvent('drop', { dataTransfer: window.__dt, bubbles: true, cancelable: true });
    document.querySelector('main').dispatchEvent(drop);
    return drop.defaultPrevented;
  });
  assert.equal(prevented, true, 'the browser must not open the file itself');
  await waitForTitle(page, 'NIM12');
  assert.equal(await hint.isVisible(), false);
  app.assertNoErrors();
});

test('a reload mid-design loses nothing; a corrupt kept game is set aside', async () => {
  const { page } = await openApp();
  await waitForTitle(page, 'New game');
  await openExample(page, 'nim12', 'NIM12');
  await openExample(page, 'tic-tac-toe', 'Tic-Tac-Toe');
  await page.getByTestId('mode-rules').click();
  await waitForKept(page, (w) => w.title === 'Tic-Tac-Toe' && w.mode === 'rules');
  const revision = (await kept(page)).stamp.revision;
  assert.ok(revision >= 2, `revision ${revision}`);

  await page.reload();
  await waitForTitle(page, 'Tic-Tac-Toe');
  assert.equal(await page.getByTestId('mode-rules').getAttribute('aria-selected'), 'true');
  // Nothing changed, so nothing was written; the next change goes on counting.
  assert.equal((await kept(page)).stamp.revision, revision);
  await page.getByTestId('new').click();
  await waitForKept(page, (w, r) => w.title === 'New game' && w.stamp.revision > r, revision);

  // A corrupt value is moved to another key, with a message.
  const corrupt = '{"format":1,"stamp":{"tab":"x","revision":';
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [WORK_KEY, corrupt]);
  await page.reload();
  await waitForTitle(page, 'New game');
  await page.waitForFunction(() =>
    document.querySelector('[data-testid=notice]')?.textContent.includes('put aside'),
  );
  const aside = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('tablecraft.set-aside.'))
      .map((k) => localStorage.getItem(k)),
  );
  assert.deepEqual(aside, [corrupt], 'the corrupt value is kept under another key');
  await page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'screenshots', 'files-set-aside.png') });
  app.assertNoErrors();
});

test('a full storage says so loudly', async () => {
  const { page } = await openApp(async (p) => {
    await p.addInitScript((key) => {
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (k === key && window.__full) {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        return set.call(this, k, v);
      };
    }, WORK_KEY);
  });
  await page.evaluate(() => (window.__full = true));
  await openExample(page, 'nim12', 'NIM12');
  const banner = page.getByTestId('keep-failed');
  await banner.waitFor({ state: 'visible' });
  assert.equal(await banner.getAttribute('role'), 'alert');
  assert.match(await banner.textContent(), /NOT kept/);
  const rescue = await save(page, 'keep-failed-save');
  assert.equal(rescue.name, 'nim12.game.xml');
  // Room again: the next change is kept and the banner goes.
  await page.evaluate(() => (window.__full = false));
  await page.getByTestId('mode-rules').click();
  await banner.waitFor({ state: 'hidden' });
  assert.equal((await kept(page)).title, 'NIM12');
  app.assertNoErrors();
});

test('two tabs do not destroy each other’s work', async () => {
  const { page: first } = await openApp();
  await openExample(first, 'nim12', 'NIM12');
  await waitForKept(first, (w) => w.title === 'NIM12');

  const second = await first.context().newPage();
  await second.goto(first.url());
  await waitForTitle(second, 'NIM12');
  // Opening the same work in a second tab disturbs nobody.
  await first.waitForTimeout(300);
  assert.equal(await first.getByTestId('keep-conflict').count(), 0);

  await openExample(second, 'tic-tac-toe', 'Tic-Tac-Toe');
  const banner = first.getByTestId('keep-conflict');
  await banner.waitFor({ state: 'visible' });
  assert.match(await banner.textContent(), /changed in another tab/);

  // The older tab changes its game: the newer work stays, its own is kept aside.
  await first.getByTestId('new').click();
  await waitForTitle(first, 'New game');
  await first.waitForTimeout(200);
  assert.equal((await kept(first)).title, 'Tic-Tac-Toe');
  const own = await first.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('tablecraft.set-aside.tab-')),
  );
  assert.equal(own.length, 1, 'the older tab keeps its work under its own key');

  await first.getByTestId('conflict-open-newer').click();
  await waitForTitle(first, 'Tic-Tac-Toe');
  await banner.waitFor({ state: 'hidden' });
  await second.close();
  app.assertNoErrors();
});
