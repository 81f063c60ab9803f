// What a child sees on a screen of any size, measured in the page: text
// that lies on top of other text or of the table, text that is cut,
// controls and figures too small to tap, a page wider than the screen.
//
//   const report = await layoutReport(page);   // plain data
//   assert.deepEqual(report.problems, []);

/** The screen sizes every layout check runs at. */
export const SIZES = {
  phone: { width: 390, height: 844 },
  'tablet-portrait': { width: 768, height: 1024 },
  'tablet-landscape': { width: 1024, height: 768 },
  desktop: { width: 1920, height: 1080 },
};

/** The smallest target for a child's finger, in CSS pixels. */
export const TARGET = 44;

/**
 * Measures the page as it is now. `problems` lists, in words, every piece
 * of text on top of another or of the table, every text cut by its box,
 * every control smaller than 44 × 44 px, the page wider than the screen,
 * and every figure smaller than 44 px when its place, as drawn, would let
 * it be that large (or smaller than 85 % of what its place allows when it
 * would not); `figures` gives each figure's side on screen and the side
 * its place allows; `table` is the table's box and `table.drawn` the size
 * of the drawing in it. `over` names (by CSS selectors) what is open on top
 * of the page, a menu or a card: the text of the page under it is not
 * counted as covered (its own text is, by the page).
 */
export async function layoutReport(page, { over = [] } = {}) {
  return page.evaluate(([TARGET, over]) => {
    const problems = [];
    const above = over.flatMap((selector) => [...document.querySelectorAll(selector)]);
    const isAbove = (el) => above.some((a) => a.contains(el));
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const name = (el) => {
      const id = el.closest('[data-testid]')?.dataset.testid;
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${text}"`;
    };
    const hidden = (el) => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.display === 'none' || s.visibility === 'hidden' || s.opacity === '0') return true;
        if (e.classList.contains('visually-hidden')) return true;
        if (e.hidden) return true;
      }
      return false;
    };
    const intersect = (a, b) => {
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      return w > 1 && h > 1 ? { w, h } : null;
    };
    const onScreen = (r) => r.bottom > 0 && r.right > 0 && r.top < vh && r.left < vw;
    // The part of `r` that the screen and every box that scrolls or clips
    // `el` let one see; null when none (scrolled away).
    const visiblePart = (el, r) => {
      let v = { left: Math.max(r.left, 0), top: Math.max(r.top, 0), right: Math.min(r.right, vw), bottom: Math.min(r.bottom, vh) };
      for (let e = el.parentElement; e && e !== document.documentElement; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        // What overflows is clipped at the inside of the border.
        const o = e.getBoundingClientRect();
        const b = { left: o.left + e.clientLeft, top: o.top + e.clientTop };
        b.right = b.left + e.clientWidth;
        b.bottom = b.top + e.clientHeight;
        v = { left: Math.max(v.left, b.left), top: Math.max(v.top, b.top), right: Math.min(v.right, b.right), bottom: Math.min(v.bottom, b.bottom) };
      }
      return v.right - v.left > 1 && v.bottom - v.top > 1 ? v : null;
    };

    // Every visible line of text outside the table: its element and boxes.
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const el = n.parentElement;
      if (!el || el.closest('svg') || el.closest('option') || hidden(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        if (r.width < 1 || r.height < 1) continue;
        texts.push({ el, r });
      }
    }

    // Text cut by a box that hides what overflows, or wider than the screen.
    const clipping = (el) => {
      const out = [];
      for (let e = el.parentElement ?? el; e && e !== document.documentElement; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') out.push(e);
      }
      return out;
    };
    for (const { el, r } of texts) {
      if (r.right > vw + 1 || r.left < -1) {
        problems.push(`text off the side of the screen: ${name(el)}`);
        continue;
      }
      for (const box of clipping(el)) {
        const s = getComputedStyle(box);
        const scrolls = (v) => v === 'auto' || v === 'scroll';
        const b = box.getBoundingClientRect();
        const cutX = !scrolls(s.overflowX) && (r.left < b.left - 1 || r.right > b.right + 1);
        const cutY = !scrolls(s.overflowY) && (r.top < b.top - 1 || r.bottom > b.bottom + 1);
        if (cutX || cutY) {
          problems.push(`text cut by its box: ${name(el)} in ${name(box)}`);
          break;
        }
      }
    }
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest('svg') || hidden(el)) continue;
      const s = getComputedStyle(el);
      if (s.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`text cut short with "…": ${name(el)}`);
      }
    }

    // Text on top of text, or on the table: what the screen shows at the
    // middle of each line must be that line's own element.
    for (const { el, r } of texts) {
      const seen = visiblePart(el, r);
      if (!seen) continue;
      const x = (seen.left + seen.right) / 2;
      const y = (seen.top + seen.bottom) / 2;
      const top = document.elementFromPoint(x, y);
      if (!top) continue;
      if (top === el || el.contains(top) || top.contains(el)) continue;
      // A label's text lies on its control's box (a select shows its value).
      const control = top.closest('button, label, select, a, summary');
      if (control && (control.contains(el) || el.contains(control))) continue;
      if (isAbove(top) && !isAbove(el)) continue;
      problems.push(`text covered: ${name(el)} lies under ${name(top)}`);
    }
    for (let i = 0; i < texts.length; i += 1) {
      for (let j = i + 1; j < texts.length; j += 1) {
        const a = texts[i];
        const b = texts[j];
        if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
        if (isAbove(a.el) !== isAbove(b.el)) continue;
        const va = visiblePart(a.el, a.r);
        const vb = va && visiblePart(b.el, b.r);
        if (vb && intersect(va, vb)) {
          problems.push(`text on text: ${name(a.el)} and ${name(b.el)}`);
        }
      }
    }

    // Controls a finger can hit.
    for (const el of document.querySelectorAll('button, a[href], select, input:not([type=file]), [role=button]:not(svg *), [role=tab], [role=menuitem]')) {
      if (hidden(el) || el.disabled) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const small = el.type === 'checkbox' || el.type === 'radio'
        ? (el.closest('label')?.getBoundingClientRect().height ?? 0) < TARGET - 0.5
        : r.width < TARGET - 0.5 || r.height < TARGET - 0.5;
      if (small) {
        problems.push(`control smaller than ${TARGET} px: ${name(el)} is ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }

    // The page is no wider than the screen.
    if (document.documentElement.scrollWidth > vw + 1) {
      problems.push(`the page is wider than the screen: ${document.documentElement.scrollWidth} px for ${vw}`);
    }

    // The table and its figures.
    const svg = document.querySelector('[data-testid="table"]');
    let table = null;
    const figures = [];
    if (svg && !hidden(svg)) {
      const t = svg.getBoundingClientRect();
      table = { x: t.x, y: t.y, width: t.width, height: t.height };
      const vb = svg.viewBox.baseVal;
      const scale = Math.min(t.width / vb.width, t.height / vb.height);
      const drawn = [...svg.querySelectorAll(':scope > g[data-figure]')];
      const count = {};
      for (const g of drawn) count[g.dataset.placeOf] = (count[g.dataset.placeOf] ?? 0) + 1;
      for (const g of drawn) {
        const hit = g.querySelector('.hit') ?? g;
        const r = hit.getBoundingClientRect();
        const place = svg.querySelector(`g[data-place="${CSS.escape(g.dataset.placeOf)}"] rect`);
        const p = place?.getBoundingClientRect();
        // The largest square each of the place's figures could have, in a grid.
        const n = count[g.dataset.placeOf];
        let allows = 0;
        for (let c = 1; p && c <= n; c += 1) {
          allows = Math.max(allows, Math.min(p.width / c, p.height / Math.ceil(n / c)));
        }
        const side = Math.min(r.width, r.height);
        const needed = Math.min(TARGET, 0.85 * allows);
        figures.push({ name: g.dataset.figure, place: g.dataset.placeOf, side, allows, scale });
        if (side < needed - 0.5) {
          problems.push(
            `figure ${g.dataset.figure} is a ${Math.round(side)} px target; ` +
              `${g.dataset.placeOf} lets it be ${Math.round(allows)} px`,
          );
        }
      }
      // The part of the box the table is drawn in (it keeps its shape).
      const shown = { width: vb.width * scale, height: vb.height * scale };
      table.drawn = shown;
      for (const { el, r } of texts) {
        const seen = visiblePart(el, r);
        if (!seen) continue;
        if (intersect(seen, t) && !el.closest('.table-area, .play-table, .design-table')) {
          // A text beside the table must not run under it.
          const x = (Math.max(seen.left, t.left) + Math.min(seen.right, t.right)) / 2;
          const y = (Math.max(seen.top, t.top) + Math.min(seen.bottom, t.bottom)) / 2;
          const top = document.elementFromPoint(x, y);
          if (top && svg.contains(top)) problems.push(`text under the table: ${name(el)}`);
        }
      }
    }
    return { problems: [...new Set(problems)], table, figures, viewport: { width: vw, height: vh } };
  }, [TARGET, over]);
}
