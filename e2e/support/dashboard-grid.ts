import type { Locator, Page } from 'playwright-core';

/** Where a widget is on the page, in whole pixels. */
export async function position(chrome: Locator) {
  const box = await chrome.boundingBox();
  if (!box) throw new Error('widget not shown');
  return { x: Math.round(box.x), y: Math.round(box.y) };
}

/** Drags the widget by whole cells of its grid (the pitch measured from its own size in cells). */
export async function dragBy(
  page: Page,
  chrome: Locator,
  cells: { x: number; y: number },
  size: { x: number; y: number },
) {
  const box = await chrome.boundingBox();
  if (!box) throw new Error('widget not shown');
  const gap = 10;
  const pitchX = (box.width + gap) / size.x;
  const pitchY = (box.height + gap) / size.y;
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + (cells.x * pitchX) / 2, start.y + (cells.y * pitchY) / 2, { steps: 4 });
  await page.mouse.move(start.x + cells.x * pitchX, start.y + cells.y * pitchY, { steps: 4 });
  await page.mouse.up();
}
