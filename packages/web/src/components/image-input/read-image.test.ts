import { describe, expect, it } from 'vitest';
import { readImageFile } from './read-image';

describe('reading an image file for the image input (spec 3 §5)', () => {
  it('gives the data URL of an image', async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    await expect(readImageFile(png)).resolves.toEqual({
      kind: 'ok',
      dataUrl: 'data:image/png;base64,iVBORw==',
    });
  });

  it('refuses a file larger than the maximum size without reading it', async () => {
    const png = new Blob([new Uint8Array(11)], { type: 'image/png' });
    await expect(readImageFile(png, 10)).resolves.toEqual({ kind: 'tooLarge' });
    await expect(readImageFile(png, 11)).resolves.toMatchObject({ kind: 'ok' });
  });

  it('refuses what does not read as a data:image/ URL', async () => {
    await expect(readImageFile(new Blob(['{}'], { type: 'application/json' }))).resolves.toEqual({
      kind: 'notImage',
    });
  });
});
