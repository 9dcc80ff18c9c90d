import { describe, expect, it } from 'vitest';
import { DASHBOARD_IMAGE_WIDTH_PX, thumbnailScale } from './dashboard-screenshot';

describe('dashboard screenshot', () => {
  it('scales a wide dashboard down to the thumbnail width and never enlarges a narrow one', () => {
    expect(thumbnailScale(1280) * 1280).toBe(DASHBOARD_IMAGE_WIDTH_PX);
    expect(thumbnailScale(DASHBOARD_IMAGE_WIDTH_PX)).toBe(1);
    expect(thumbnailScale(300)).toBe(1);
  });
});
