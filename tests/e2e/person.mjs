// A person at the screen, counted: each drag, click, tap, choice from a
// list and key press is one action (a choice from a list is two: open it,
// pick one). Shared by the tests that make games by showing.

import assert from 'node:assert/strict';

/** Counts what a person does on `page`. */
export function person(page) {
  const me = {
    page,
    actions: 0,
    async click(testid) {
      me.actions += 1;
      await page.getByTestId(testid).first().click();
    },
    async clickLocator(locator) {
      me.actions += 1;
      await locator.click();
    },
    /** Opens a list and picks the choice whose value is `value`: two taps. */
    async choose(testid, value) {
      me.actions += 2;
      await page.getByTestId(testid).first().selectOption(value);
    },
    async centre(locatorOrTestid) {
      // Figures and places on the table (the rule cards draw small copies).
      const loc =
        typeof locatorOrTestid === 'string'
          ? page.getByTestId('table').getByTestId(locatorOrTestid).or(page.getByTestId(locatorOrTestid)).first()
          : locatorOrTestid;
      const box = await loc.boundingBox();
      assert.ok(box, `${locatorOrTestid} is not on the screen`);
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    },
    /** Press, move in several steps, release: one action. */
    async dragPoints(from, to) {
      me.actions += 1;
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      for (let i = 1; i <= 8; i += 1) {
        await page.mouse.move(from.x + ((to.x - from.x) * i) / 8, from.y + ((to.y - from.y) * i) / 8);
      }
      await page.mouse.up();
    },
    async drag(from, to) {
      await me.dragPoints(await me.centre(from), await me.centre(to));
    },
  };
  return me;
}

/** Waits until `read()` returns something `ok` accepts. */
export async function until(read, ok, what) {
  const end = Date.now() + 8000;
  let last;
  for (;;) {
    last = await read();
    if (ok(last)) return last;
    if (Date.now() > end) assert.fail(`${what}: last saw ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

/** The text of the first element with this test id. */
export const text = (page, testid) => page.getByTestId(testid).first().textContent();

/** A spot inside a place where no figure lies (to grab everything on it). */
export async function freeSpot(page, place) {
  const rect = await page.locator(`[data-testid="place-${place}"] rect`).first().boundingBox();
  const figures = await page
    .locator(`[data-testid="table"] [data-place-of="${place}"]`)
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })));
  for (let y = rect.y + 6; y < rect.y + rect.height; y += 6) {
    for (let x = rect.x + 6; x < rect.x + rect.width; x += 6) {
      if (!figures.some((f) => x >= f.x - 2 && x <= f.x + f.w + 2 && y >= f.y - 2 && y <= f.y + f.h + 2)) return { x, y };
    }
  }
  assert.fail(`no free spot in ${place}`);
}
