// The page object of Design mode: the box, the table, the properties
// panel and the problem list, driven with the pointer as a person does.

import { AppPage } from './harness.mjs';

/** How many small moves a drag is made of. */
const DRAG_STEPS = 12;

export class DesignPage extends AppPage {
  /** Opens the app on a fresh page (a blank game) and waits for Design mode. */
  static async open(app) {
    const page = await app.newPage();
    const design = new DesignPage(page, app.url);
    await design.goto();
    await design.screen().waitFor({ state: 'visible' });
    return design;
  }

  screen() {
    return this.page.getByTestId('design-mode');
  }

  table() {
    return this.page.getByTestId('table');
  }

  boxItem(id) {
    return this.page.getByTestId(`box-${id}`);
  }

  place(name) {
    return this.table().locator(`[data-place="${name}"]`);
  }

  figure(name) {
    return this.table().locator(`[data-figure="${name}"]`);
  }

  trigger(name) {
    return this.table().locator(`[data-trigger="${name}"]`);
  }

  notice() {
    return this.page.getByTestId('notice');
  }

  field(testid) {
    return this.page.getByTestId(testid);
  }

  /** The names of every place that is a piece of equipment (no board squares, no dots). */
  async equipment() {
    return this.table()
      .locator('[data-place]')
      .evaluateAll((els) =>
        els
          .filter((e) => !/\b(cell|point)\b/.test(e.getAttribute('class')))
          .map((e) => e.dataset.place),
      );
  }

  /** The figures on the table: name → the place it lies on. */
  async figures() {
    const list = await this.table()
      .locator('[data-figure]')
      .evaluateAll((els) => els.map((e) => [e.dataset.figure, e.dataset.placeOf]));
    return Object.fromEntries(list);
  }

  /** The names of the selected elements on the table. */
  async selected() {
    return this.table()
      .locator('.selected')
      .evaluateAll((els) =>
        els.map((e) => e.dataset.place ?? e.dataset.figure ?? e.dataset.trigger),
      );
  }

  async centre(locator) {
    const box = await locator.boundingBox();
    if (!box) throw new Error(`${locator} is not on the screen`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  /** A point of the table given as fractions of its width and height. */
  async tablePoint(fx, fy) {
    const box = await this.table().boundingBox();
    return { x: box.x + box.width * fx, y: box.y + box.height * fy };
  }

  /** Presses at `from`, moves to `to` in several steps, releases. */
  async drag(from, to, { steps = DRAG_STEPS, modifier } = {}) {
    const mouse = this.page.mouse;
    if (modifier) await this.page.keyboard.down(modifier);
    await mouse.move(from.x, from.y);
    await mouse.down();
    for (let i = 1; i <= steps; i++) {
      await mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
    }
    await mouse.up();
    if (modifier) await this.page.keyboard.up(modifier);
  }

  /** Drags an item of the box to a point of the screen. */
  async dragFromBox(id, to) {
    await this.drag(await this.centre(this.boxItem(id)), to);
  }

  /** A click at a point with no movement, as a tap. */
  async tap(at, modifier) {
    if (modifier) await this.page.keyboard.down(modifier);
    await this.page.mouse.click(at.x, at.y);
    if (modifier) await this.page.keyboard.up(modifier);
  }

  async tapElement(locator, modifier) {
    await this.tap(await this.centre(locator), modifier);
  }

  /** Types into a panel field and presses Enter (applies the change). */
  async setField(testid, value) {
    const input = this.field(testid);
    await input.fill(String(value));
    await input.press('Enter');
  }

  async undo() {
    await this.page.getByTestId('undo').click();
  }

  async redo() {
    await this.page.getByTestId('redo').click();
  }
}
