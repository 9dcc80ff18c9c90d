import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.js';

describe('formatFileSize', () => {
  it('shows bytes without decimals', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1023)).toBe('1023 bytes');
  });

  it('shows KB to GB with one decimal', () => {
    expect(formatFileSize(1024)).toBe('1.0 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(50 * 1024 * 1024)).toBe('50.0 MB');
    expect(formatFileSize(1024 ** 3 * 2.25)).toBe('2.3 GB');
  });

  it('shows TB and PB with two decimals and stops at PB', () => {
    expect(formatFileSize(1024 ** 4 * 1.5)).toBe('1.50 TB');
    expect(formatFileSize(1024 ** 5)).toBe('1.00 PB');
    expect(formatFileSize(1024 ** 6)).toBe('1024.00 PB');
  });

  it('gives ? for impossible sizes', () => {
    expect(formatFileSize(-1)).toBe('?');
    expect(formatFileSize(Number.NaN)).toBe('?');
    expect(formatFileSize(Number.POSITIVE_INFINITY)).toBe('?');
  });
});
