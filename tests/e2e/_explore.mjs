import { AppSession } from './harness.mjs';
import { DesignPage } from './design-page.mjs';
const app = await AppSession.start();
try {
  const d = await DesignPage.open(app);
  await d.dragFromBox('board', await d.tablePoint(0.25, 0.3));
  await d.dragFromBox('yesno', await d.tablePoint(0.7, 0.2));
  await d.dragFromBox('track', await d.tablePoint(0.5, 0.8));
  await d.dragFromBox('crown', await d.centre(d.place('board.2.2')));
  await d.field('prop-owner').selectOption('2');
  await d.tapElement(d.place('board'));
  await d.page.screenshot({ path: '/tmp/explore/4.png' });
  await d.tapElement(d.trigger('counter'));
  await d.page.screenshot({ path: '/tmp/explore/5.png' });
  await d.tap(await d.tablePoint(0.97, 0.97));
  await d.field('game-players').selectOption('1');
  await d.page.waitForTimeout(200);
  await d.page.screenshot({ path: '/tmp/explore/6.png' });
  // a drag in progress from the box
  const from = await d.centre(d.boxItem('stone'));
  const to = await d.centre(d.place('board.1.1'));
  await d.page.mouse.move(from.x, from.y); await d.page.mouse.down();
  for (let i = 1; i <= 10; i++) await d.page.mouse.move(from.x + (to.x - from.x) * i / 10, from.y + (to.y - from.y) * i / 10);
  await d.page.screenshot({ path: '/tmp/explore/7.png' });
  await d.page.mouse.up();
  console.log(app.errors);
} finally { await app.stop(); }
