// The end-to-end harness: headless Chromium driven by playwright-core
// against the built app (dist/) served by tests/e2e/server.mjs.
//
//   const app = await AppSession.start();     // server + browser
//   const home = await app.openHome();        // a page object
//   ...
//   app.assertNoErrors();                     // console errors, page errors, failed requests
//   await app.stop();

import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { startStaticServer } from './server.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST_DIR = path.resolve(process.env.TABLECRAFT_DIST ?? path.join(REPO_ROOT, 'dist'));
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'docs', 'screenshots');
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

// Without the networking flags Chromium keeps trying to reach Google's
// services, which a closed network refuses.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A screen as a child's tablet might have it. */
export const VIEWPORT = { width: 1024, height: 768 };

/** One browser and one server, shared by the tests of a file. */
export class AppSession {
  static async start() {
    assert.ok(
      existsSync(path.join(DIST_DIR, 'index.html')),
      `${DIST_DIR}/index.html is missing: build first with \`trunk build --release --offline\``,
    );
    const session = new AppSession();
    session.server = await startStaticServer(DIST_DIR);
    session.browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    return session;
  }

  constructor() {
    this.server = null;
    this.browser = null;
    this.context = null;
    /** Everything that went wrong in the page, as sentences. */
    this.errors = [];
  }

  get url() {
    return this.server.url;
  }

  /**
   * A fresh page (in a fresh context) that records every error, with a
   * screen of `viewport` (a tablet's, 1024 × 768, unless told). The service
   * worker is blocked unless `serviceWorkers: 'allow'` is asked for: it
   * would answer requests that tests replace with `page.route`.
   */
  async newPage({ serviceWorkers = 'block', viewport = VIEWPORT } = {}) {
    await this.context?.close();
    this.errors = [];
    this.context = await this.browser.newContext({
      viewport,
      deviceScaleFactor: 1,
      serviceWorkers,
    });
    const page = await this.context.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error') {
        const where = msg.location()?.url ? ` (${msg.location().url})` : '';
        this.errors.push(`console error: ${msg.text()}${where}`);
      }
    });
    page.on('pageerror', (err) => this.errors.push(`page error: ${err.stack ?? err.message}`));
    // A request still on its way when the page navigates (a reload, a new
    // address) is cut short by the browser: that is leaving, not an error.
    // The browser reports the cut request and the new navigation in either
    // order, so which document a cut request belonged to cannot be told:
    // a cut request counts as an error only on a page that never navigated
    // again after its first load.
    this.navigations = 0;
    this.aborted = [];
    page.on('request', (req) => {
      if (req.isNavigationRequest() && req.frame() === page.mainFrame()) this.navigations += 1;
    });
    page.on('requestfailed', (req) => {
      const error = req.failure()?.errorText;
      const text = `request failed: ${req.url()} (${error})`;
      if (error === 'net::ERR_ABORTED') this.aborted.push(text);
      else this.errors.push(text);
    });
    page.on('response', (res) => {
      if (res.status() >= 400) this.errors.push(`HTTP ${res.status()} for ${res.url()}`);
    });
    return page;
  }

  /**
   * Opens the start page and returns its page object. `prepare(page)` runs
   * before the navigation, e.g. to replace responses with `page.route`.
   */
  async openHome(prepare = async () => {}) {
    const page = await this.newPage();
    await page.addInitScript(watchReady);
    await prepare(page);
    const home = new HomePage(page, this.url);
    await home.goto();
    return home;
  }

  /**
   * A new page with the game file `xml` opened through the Open button's
   * file picker, as a person opens a file; waits for its title.
   */
  async openGame(xml, { name = 'game.game.xml', viewport } = {}) {
    const page = await this.newPage(viewport ? { viewport } : {});
    await page.goto(this.url, { waitUntil: 'load' });
    await page.getByTestId('app').waitFor();
    const title = /<title>([^<]*)<\/title>/.exec(xml)?.[1] ?? '';
    await page.getByTestId('open-input').setInputFiles({
      name,
      mimeType: 'application/xml',
      buffer: Buffer.from(xml),
    });
    await page.getByTestId('game-title').filter({ hasText: title }).waitFor();
    return page;
  }

  assertNoErrors() {
    const cut = this.navigations > 1 ? [] : this.aborted;
    const errors = [...this.errors, ...cut];
    assert.deepEqual(errors, [], `the page reported errors:\n  ${errors.join('\n  ')}`);
  }

  async stop() {
    await this.context?.close().catch(() => {});
    await this.browser?.close().catch(() => {});
    await this.server?.close();
  }
}

/** The text of the example `public/games/NAME.game.xml`. */
export function exampleXml(name) {
  return readFileSync(path.join(REPO_ROOT, 'public', 'games', `${name}.game.xml`), 'utf8');
}

/** A game file without its step rules, moves and game-over conditions: a game to teach. */
export function withoutRules(xml) {
  return xml
    .replace(/<steps>[\s\S]*?<\/steps>/, '')
    .replace(/<moves>[\s\S]*?<\/moves>/, '')
    .replace(/<game-over>[\s\S]*?<\/game-over>/, '');
}

/**
 * Runs in the page before its own scripts (`openHome` adds it): notes when
 * the top bar, the table and the Examples button are first in the page
 * (`built`), and when the first frame showing them has been drawn (`drawn`:
 * the second animation frame after, as the first runs before that frame is
 * laid out and painted), in ms from navigation start.
 */
function watchReady() {
  const ready = () =>
    document.querySelector('[data-testid="app"]') &&
    document.querySelector('[data-testid="table"]') &&
    document.querySelector('[data-testid="examples"]');
  const seen = new MutationObserver(() => {
    if (!ready()) return;
    seen.disconnect();
    const built = performance.now();
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        window.__tablecraftReady = { built, drawn: performance.now() };
      }),
    );
  });
  seen.observe(document, { childList: true, subtree: true });
}

/** Base of the page objects: navigation and screenshots. */
export class AppPage {
  constructor(page, baseUrl) {
    this.page = page;
    this.baseUrl = baseUrl;
  }

  async goto(relative = '') {
    await this.page.goto(new URL(relative, this.baseUrl).href, { waitUntil: 'load' });
  }

  /** Saves docs/screenshots/NAME.png and returns its path. */
  async screenshot(name) {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = path.join(SCREENSHOT_DIR, `${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }
}

/** The start page: the app's name, a short text and the example games. */
export class HomePage extends AppPage {
  /**
   * Waits until the page is ready for a child: the top bar and the table
   * are drawn. Returns, in ms from navigation start, when the first frame
   * showing them was drawn, when they were built, and when the page's wasm
   * had arrived (timed inside the page, so the test's own polling is not
   * counted).
   */
  async waitForApp(timeout = 30_000) {
    const handle = await this.page.waitForFunction(
      () => {
        const ready = window.__tablecraftReady;
        if (!ready) return false;
        const wasm = performance
          .getEntriesByType('resource')
          .find((e) => e.name.endsWith('_bg.wasm') && e.name.includes('tablecraft-page'));
        return { ...ready, wasm: wasm ? wasm.responseEnd : NaN };
      },
      null,
      { polling: 'raf', timeout },
    );
    const times = await handle.jsonValue();
    return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Math.round(v)]));
  }

  exampleItems() {
    return this.page.locator('[data-testid="examples-menu"] .example-item');
  }

  /** Opens the Examples menu and waits until `count` examples are listed. */
  async openExamples(count, timeout = 30_000) {
    await this.page.getByTestId('examples').click();
    await this.page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="examples-menu"] .example-item').length === n,
      count,
      { timeout },
    );
  }

  /** Each listed example's file, title text and whether it can be opened. */
  async examples() {
    return this.exampleItems().evaluateAll((items) =>
      items.map((i) => ({
        file: i.dataset.file,
        title: i.querySelector('.example-title')?.textContent ?? '',
        usable: !i.disabled,
      })),
    );
  }
}
