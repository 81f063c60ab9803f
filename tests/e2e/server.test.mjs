// The test server itself: right MIME types, nothing outside its folder.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { startStaticServer, resolveInside } from './server.mjs';

let root;
let server;
before(async () => {
  const base = mkdtempSync(path.join(tmpdir(), 'tablecraft-server-'));
  root = path.join(base, 'site');
  mkdirSync(path.join(root, 'games'), { recursive: true });
  writeFileSync(path.join(base, 'secret.txt'), 'secret');
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(path.join(root, 'app_bg.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
  writeFileSync(path.join(root, 'app.js'), 'export {}');
  writeFileSync(path.join(root, 'games', 'index.json'), '[]');
  writeFileSync(path.join(root, 'games', 'nim 12.game.xml'), '<game/>');
  server = await startStaticServer(root);
});
after(async () => {
  await server?.close();
  rmSync(path.dirname(root), { recursive: true, force: true });
});

async function get(urlPath) {
  const res = await fetch(new URL(urlPath, server.url));
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

test('serves files with their MIME types', async () => {
  assert.equal((await get('/')).type, 'text/html; charset=utf-8');
  assert.equal((await get('/app_bg.wasm')).type, 'application/wasm');
  assert.equal((await get('/app.js')).type, 'text/javascript; charset=utf-8');
  assert.equal((await get('/games/index.json')).type, 'application/json; charset=utf-8');
  const game = await get('/games/nim%2012.game.xml');
  assert.equal(game.status, 200);
  assert.equal(game.type, 'application/xml; charset=utf-8');
});

test('answers 404 for what is not there', async () => {
  assert.equal((await get('/nothing.js')).status, 404);
});

test('never serves a file outside its folder', async () => {
  for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/games/%2e%2e%2f..%2fsecret.txt']) {
    const res = await get(p);
    assert.notEqual(res.status, 200, p);
    assert.ok(!res.body.includes('secret'), p);
  }
  assert.equal(resolveInside(root, '/%2e%2e/secret.txt'), path.join(root, 'secret.txt'));
  assert.equal(resolveInside(root, '/%E0%A4%A'), null);
});
