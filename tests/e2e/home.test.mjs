// The start page: it loads, names the app and shows the title of every
// example game listed in public/games/index.json, with no errors.

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

test('the home page shows every example title, with no errors', async () => {
  const files = readIndex(GAMES_DIR);
  const expected = files.map((f) => titleOf(readFileSync(path.join(GAMES_DIR, f), 'utf8'), f));

  const home = await app.openHome();
  const readyAt = await home.waitForExamples(files.length);
  console.log(`load to interactive: ${readyAt} ms (navigation start to every example title shown)`);

  assert.equal(await home.page.title(), 'Tablecraft');
  assert.equal((await home.heading().textContent()).trim(), 'Tablecraft');
  const examples = await home.examples();
  assert.deepEqual(
    examples.map((e) => e.file),
    files,
    'one card per listed file, in the listed order',
  );
  for (const e of examples) {
    assert.equal(e.state, 'ready', `${e.file} was not read: ${e.problem}`);
  }
  assert.deepEqual(
    examples.map((e) => e.title.trim()),
    expected,
  );
  for (const title of expected) {
    await home.page.getByRole('heading', { name: title, exact: true }).waitFor({ state: 'visible' });
  }

  const shot = await home.screenshot('home');
  console.log(`screenshot: ${path.relative(REPO_ROOT, shot)}`);
  app.assertNoErrors();
});

test('a broken or missing game file is shown as a problem on its card', async () => {
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
  await home.waitForExamples(2);

  const [broken, missing] = await home.examples();
  assert.equal(broken.state, 'problem');
  assert.match(broken.problem, /broken\.game\.xml could not be opened/);
  assert.equal(missing.state, 'problem');
  assert.match(missing.problem, /missing\.game\.xml could not be opened/);
  assert.match(missing.problem, /404/);

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
  const alert = home.page.getByRole('alert');
  await alert.waitFor({ state: 'visible' });
  assert.match(await alert.textContent(), /not a list of file names/);
  assert.equal(await home.exampleCards().count(), 0);
  app.assertNoErrors();
});
