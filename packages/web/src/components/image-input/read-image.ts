/** What reading a chosen image file came to. */
export type ImageRead = { kind: 'ok'; dataUrl: string } | { kind: 'tooLarge' } | { kind: 'notImage' };

/**
 * Reads a file as a data URL for the image input: refused when larger than `maxSizeBytes` (if set)
 * or when the result is not a `data:image/` URL (spec 3 §5).
 */
export function readImageFile(file: Blob, maxSizeBytes?: number): Promise<ImageRead> {
  if (maxSizeBytes !== undefined && file.size > maxSizeBytes) {
    return Promise.resolve({ kind: 'tooLarge' });
  }
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      resolve(result.startsWith('data:image/') ? { kind: 'ok', dataUrl: result } : { kind: 'notImage' });
    };
    reader.onerror = () => resolve({ kind: 'notImage' });
    reader.readAsDataURL(file);
  });
}
