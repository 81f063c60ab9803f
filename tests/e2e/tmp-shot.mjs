import { AppSession } from './harness.mjs';
const app = await AppSession.start();
for (const [w, h, tag] of [[390, 844, 'phone'], [1024, 768, 'tablet']]) {
  for (const g of ['reversi', 'connect-four']) {
    const page = await app.newPage({ viewport: { width: w, height: h } });
    await page.goto(`${app.url}#example=${g}.game.xml`, { waitUntil: 'load' });
    await page.getByTestId('turn').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shot-${g}-${tag}.png` });
  }
}
await app.stop();
