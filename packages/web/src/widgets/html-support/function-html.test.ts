import { describe, expect, it } from 'vitest';
import { rawText, safeFunctionHtml } from './function-html';

describe('tenant function HTML', () => {
  it('keeps markup and the reference’s Angular Material elements, drops what runs or loads', () => {
    const html = safeFunctionHtml(
      '<mat-icon class="mat-icon" style="color: #000"><svg viewBox="0 0 24 24"><path d="M6,2V8Z"></path></svg></mat-icon>' +
        '<mat-progress-bar class="mat-accent"><div class="mat-progress-bar-primary" style="transform: scale3d(0.5, 1, 1);"></div></mat-progress-bar>' +
        '<img src="x" onerror="alert(1)"><script>alert(2)</script><iframe src="/"></iframe><a href="javascript:alert(3)">a</a>',
    );
    expect(html).toContain('<mat-icon class="mat-icon" style="color: #000"><svg viewBox="0 0 24 24">');
    expect(html).toContain('<mat-progress-bar class="mat-accent">');
    expect(html).toContain('scale3d(0.5, 1, 1)');
    expect(html).not.toMatch(/onerror|script|iframe|javascript|alert/);
  });

  it('writes values as the reference’s string concatenation does', () => {
    expect(rawText(undefined)).toBe('');
    expect(rawText(null)).toBe('');
    expect(rawText(1.5)).toBe('1.5');
    expect(rawText({ a: 1 })).toBe('{"a":1}');
  });
});
