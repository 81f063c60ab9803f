// Draws the app icons public/icon-192.png and public/icon-512.png: the same
// picture as public/favicon.svg (a board with a blue stone and a red piece),
// drawn pixel by pixel so that no image tool is needed.
// Run: node scripts/make-icons.mjs
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
// Shapes in the favicon's 64×64 units, painted in order.
const inRoundRect = (x, y, r) => (px, py) => {
  const [x0, y0, w, h, rad] = r;
  if (px < x0 || py < y0 || px > x0 + w || py > y0 + h) return false;
  const cx = Math.min(Math.max(px, x0 + rad), x0 + w - rad);
  const cy = Math.min(Math.max(py, y0 + rad), y0 + h - rad);
  return (px - cx) ** 2 + (py - cy) ** 2 <= rad * rad;
};
const shapes = [
  [hex("#8b5a2b"), inRoundRect(0, 0, [4, 4, 56, 56, 10])],
  [hex("#f3d9a4"), inRoundRect(0, 0, [10, 10, 44, 44, 4])],
  [hex("#8b5a2b"), (x, y) => (Math.abs(y - 32) <= 1.5 && x >= 10 && x <= 54) || (Math.abs(x - 32) <= 1.5 && y >= 10 && y <= 54)],
  [hex("#1f4e9c"), (x, y) => (x - 21) ** 2 + (y - 21) ** 2 <= 49],
  [hex("#c0392b"), inRoundRect(0, 0, [37, 37, 13, 13, 2])],
];

function crc32(buf) {
  let c, crc = 0xffffffff;
  for (const b of buf) {
    c = (crc ^ b) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function png(size) {
  const S = 4; // samples per pixel side
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let sy = 0; sy < S; sy++) for (let sx = 0; sx < S; sx++) {
        const px = ((x + (sx + 0.5) / S) / size) * 64;
        const py = ((y + (sy + 0.5) / S) / size) * 64;
        let colour = null;
        for (const [c, inside] of shapes) if (inside(px, py)) colour = c;
        if (colour) { r += colour[0]; g += colour[1]; b += colour[2]; a += 1; }
      }
      const o = y * (size * 4 + 1) + 1 + x * 4;
      const n = S * S;
      raw[o] = a ? Math.round(r / a) : 0;
      raw[o + 1] = a ? Math.round(g / a) : 0;
      raw[o + 2] = a ? Math.round(b / a) : 0;
      raw[o + 3] = Math.round((a / n) * 255);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

for (const size of [192, 512]) {
  const file = new URL(`../public/icon-${size}.png`, import.meta.url);
  writeFileSync(file, png(size));
  console.log(`wrote public/icon-${size}.png`);
}
