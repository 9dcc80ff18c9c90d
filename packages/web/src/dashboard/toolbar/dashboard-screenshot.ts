import { STORED_IMAGE_MAX_LENGTH } from '../../components/image-input/stored-image';

/** Width of the thumbnail a screenshot is scaled to: large enough for a dashboards list's card. */
export const DASHBOARD_IMAGE_WIDTH_PX = 640;

/** JPEG quality of the thumbnail: a dashboard is mostly flat colour, which JPEG keeps small. */
const JPEG_QUALITY = 0.8;

/** The screenshot is larger than the server stores (a very tall dashboard). */
export class ScreenshotTooLargeError extends Error {}

/** The scale a page of `width` CSS pixels is drawn at to become a thumbnail (never enlarged). */
export function thumbnailScale(width: number): number {
  return width > DASHBOARD_IMAGE_WIDTH_PX ? DASHBOARD_IMAGE_WIDTH_PX / width : 1;
}

/**
 * A thumbnail of what `node` shows, as a `data:image/jpeg` URL (reference "update dashboard
 * image"). The renderer is loaded on first use: most viewers never take one. Custom widgets live
 * in sandboxed frames of another origin and come out blank, as they would in any page capture.
 * Rejects when the result is larger than the server stores.
 */
export async function takeDashboardScreenshot(node: HTMLElement, background: string): Promise<string> {
  const { domToJpeg } = await import('modern-screenshot');
  const image = await domToJpeg(node, {
    scale: thumbnailScale(node.clientWidth),
    quality: JPEG_QUALITY,
    backgroundColor: background,
  });
  if (image.length > STORED_IMAGE_MAX_LENGTH) throw new ScreenshotTooLargeError(`${image.length} characters`);
  return image;
}
