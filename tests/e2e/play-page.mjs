// Page object for Play mode: open an example by address, drag figures with
// the mouse as a person does, read the turn, the message line and the log.

import assert from 'node:assert/strict';
import { AppPage } from './harness.mjs';

export class PlayPage extends AppPage {
  /** Opens the page with `#example=FILE` and waits for the play screen. */
  static async open(app, file) {
    const page = await app.newPage();
    const play = new PlayPage(page, app.url);
    await play.goto(`#example=${file}`);
    await page.getByTestId('play-mode').waitFor({ state: 'visible' });
    await page.getByTestId('turn').waitFor({ state: 'visible' });
    return play;
  }

  byTestId(id) {
    return this.page.getByTestId(id);
  }

  figure(name) {
    return this.page.locator(`[data-testid="table"] [data-figure="${name}"]`).first();
  }

  place(name) {
    return this.page.locator(`[data-testid="table"] [data-place="${name}"]`).first();
  }

  /** Where a figure lies now. */
  async placeOf(name) {
    return this.figure(name).getAttribute('data-place-of');
  }

  /** The figures lying on a place. */
  async figuresOn(place) {
    return this.page
      .locator(`[data-testid="table"] > g[data-figure][data-place-of="${place}"]`)
      .evaluateAll((els) => els.map((e) => e.dataset.figure));
  }

  async turnText() {
    return (await this.byTestId('turn').locator('.turn-text').textContent()).trim();
  }

  /** The message line's text (without its close button). */
  async notice() {
    return this.byTestId('notice').evaluate((el) =>
      [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join('')
        .trim(),
    );
  }

  async noticeTone() {
    return this.byTestId('notice').getAttribute('class');
  }

  /**
   * The centre of an element on the screen. The table is drawn again after a change (a roll, a
   * move), so the element may be between two drawings for a moment: look again, as a person
   * would, for up to two seconds.
   */
  async centre(locator) {
    const end = Date.now() + 2_000;
    let box = await locator.boundingBox();
    while (!box && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
      box = await locator.boundingBox();
    }
    assert.ok(box, 'the element is not on screen');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  /** A point of the table in table coordinates, on the screen. */
  async tablePoint(x, y) {
    return this.byTestId('table').evaluate(
      (svg, [tx, ty]) => {
        // The table may show only the part things are on (its viewBox).
        const [x0, y0, w, h] = svg.getAttribute('viewBox').split(/\s+/).map(Number);
        const r = svg.getBoundingClientRect();
        const s = Math.min(r.width / w, r.height / h);
        const left = r.left + (r.width - w * s) / 2;
        const top = r.top + (r.height - h * s) / 2;
        return { x: left + (tx - x0) * s, y: top + (ty - y0) * s };
      },
      [x, y],
    );
  }

  /**
   * Drags a figure to a point with the mouse: press on its centre, move in
   * several steps, then (after `whileHeld`, e.g. to look at the targets)
   * release.
   */
  async dragTo(figure, to, whileHeld = async () => {}) {
    await this.dragFrom(await this.centre(this.figure(figure)), to, whileHeld);
  }

  /** A pointer drag from a point of the screen to another, as in dragTo. */
  async dragFrom(from, to, whileHeld = async () => {}) {
    const mouse = this.page.mouse;
    await mouse.move(from.x, from.y);
    await mouse.down();
    await mouse.move(from.x + 4, from.y + 3, { steps: 2 });
    await mouse.move(to.x, to.y, { steps: 8 });
    await whileHeld();
    await mouse.up();
  }

  /** Drags a figure onto the centre of a place. */
  async dragToPlace(figure, place, whileHeld) {
    await this.dragTo(figure, await this.centre(this.place(place)), whileHeld);
  }

  /**
   * Drags whatever a press in the middle of place `from` picks up (the top
   * of a pile) onto the middle of place `to`.
   */
  async dragPlaceToPlace(from, to) {
    await this.dragFrom(await this.centre(this.place(from)), await this.centre(this.place(to)));
  }

  /** The places marked as targets. */
  async targets() {
    return this.page
      .locator('[data-testid="table"] .place.target')
      .evaluateAll((els) => els.map((e) => e.dataset.place));
  }

  async endMove() {
    await this.byTestId('end-move').click();
  }

  async log() {
    return this.page.locator('[data-testid="log-move"]').evaluateAll((moves) =>
      moves.map((m) => ({
        player: Number(m.dataset.player),
        heading: m.querySelector('.log-heading').textContent,
        lines: [...m.querySelectorAll('.log-lines li')].map((l) => l.textContent),
      })),
    );
  }

  async choosePlayer(player, value) {
    await this.byTestId(`player-${player}-select`).selectOption(value);
  }
}
