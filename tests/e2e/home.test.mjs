// The page loads with no errors, and its Examples menu lists the title of
// every example game in public/games/index.json.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { AppSession, DIST_DIR, REPO_ROOT } from './harness.mjs';

const GAMES_DIR = path.join(REPO_ROOT, 'public', 'games');

/** The text of a file's first <title> element, with XML escapes undone. */
function titleOf(xml, file) {
  const match = /<title>([\s\S]*?)<\/title>/.exec(xml);
  assert.ok(match, `${file} has no <title> element`);
  return match[1]
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#([0-9]+);/g, (_, d) => String.fromCodePoint(parseInt(d, 10)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

function readIndex(dir) {
  return JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8'));
}

let app;
before(async () => {
  app = await AppSession.start();
});
after(async () => {
  await app?.stop();
});

test('public/games/index.json lists exactly the game files in public/games', () => {
  const listed = readIndex(GAMES_DIR);
  assert.ok(Array.isArray(listed), 'index.json must be a JSON list of file names');
  const present = readdirSync(GAMES_DIR).filter((f) => f.endsWith('.game.xml'));
  assert.deepEqual(
    [...listed].sort(),
    [...present].sort(),
    'public/games/index.json and the *.game.xml files in public/games differ',
  );
  assert.equal(new Set(listed).size, listed.length, 'a file is listed twice');
  assert.deepEqual(
    readIndex(path.join(DIST_DIR, 'games')),
    listed,
    'dist/games/index.json is not the current list: rebuild',
  );
});

test('the page loads and the Examples menu lists every example title, with no errors', async () => {
  const files = readIndex(GAMES_DIR);
  const expected = files.map((f) => titleOf(readFileSync(path.join(GAMES_DIR, f), 'utf8'), f));

  const home = await app.openHome();
  const ready = await home.waitForApp();
  console.log(
    `load to interactive: ${ready.drawn} ms (navigation start to the first frame drawn with ` +
      `the top bar and the table; the page's wasm had arrived at ${ready.wasm} ms, ` +
      `the screen was built at ${ready.built} ms)`,
  );
  assert.ok(ready.wasm <= ready.built && ready.built <= ready.drawn, JSON.stringify(ready));
  assert.equal(await home.page.title(), 'Tablecraft');
  for (const mode of ['design', 'rules', 'play']) {
    await home.page.getByTestId(`mode-${mode}`).waitFor({ state: 'visible' });
  }

  await home.openExamples(files.length);
  const examples = await home.examples();
  assert.deepEqual(
    examples.map((e) => e.file),
    files,
    'one item per listed file, in the listed order',
  );
  assert.deepEqual(
    examples.map((e) => e.title.trim()),
    expected,
  );
  assert.ok(examples.every((e) => e.usable));

  const shot = await home.screenshot('home');
  console.log(`screenshot: ${path.relative(REPO_ROOT, shot)}`);
  app.assertNoErrors();
});

test('a broken or missing game file is listed as a problem', async () => {
  const home = await app.openHome(async (page) => {
    await page.route('**/games/index.json', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify(['broken.game.xml', 'missing.game.xml']),
      }),
    );
    await page.route('**/games/broken.game.xml', (route) =>
      route.fulfill({ contentType: 'application/xml', body: 'this is <<< not a game' }),
    );
    await page.route('**/games/missing.game.xml', (route) =>
      route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
    );
  });
  await home.waitForApp();
  await home.openExamples(2);

  const [broken, missing] = await home.examples();
  assert.equal(broken.usable, false);
  assert.match(broken.title, /broken\.game\.xml could not be opened/);
  assert.equal(missing.usable, false);
  assert.match(missing.title, /missing\.game\.xml could not be opened/);
  assert.match(missing.title, /404/);

  // The browser reports the 404 of missing.game.xml; nothing else may go wrong.
  const unexpected = app.errors.filter((e) => !e.includes('missing.game.xml'));
  assert.deepEqual(unexpected, [], `unexpected errors:\n  ${unexpected.join('\n  ')}`);
});

test('a list of examples that is not a list says so', async () => {
  const home = await app.openHome((page) =>
    page.route('**/games/index.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: '{"games": 3}' }),
    ),
  );
  await home.waitForApp();
  await home.page.getByTestId('examples').click();
  const status = home.page.locator('[data-testid="examples-menu"] .examples-status');
  await status.waitFor({ state: 'visible' });
  assert.match(await status.textContent(), /not a list of file names/);
  assert.equal(await home.exampleItems().count(), 0);
  app.assertNoErrors();
});
