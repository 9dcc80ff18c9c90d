import { describe, expect, it } from 'vitest';
import { sanitizeCardHtml } from './card-html';

describe('sanitizeCardHtml', () => {
  it('drops scripts, event handlers, javascript links and style elements, and keeps the rest', () => {
    const html = sanitizeCardHtml(
      '<div class="card" style="color:red"><script>alert(1)</script><img src="x" onerror="alert(2)">' +
        '<a href="javascript:alert(3)">go</a><style>body{display:none}</style><b>21</b></div>',
    );
    expect(html).not.toMatch(/script|onerror|javascript|<style|alert/);
    expect(html).toContain('<div class="card" style="color:red">');
    expect(html).toContain('<img src="x">');
    expect(html).toContain('<b>21</b>');
  });

  it('keeps inline SVG and data URI images, as the reference dashboards use them', () => {
    const html = sanitizeCardHtml(
      '<svg viewBox="0 0 24 24"><path fill="currentColor" d="M1 21H23L12 2L1 21Z"></path></svg>' +
        '<img src="data:image/png;base64,AAAA">',
    );
    expect(html).toContain('<path fill="currentColor" d="M1 21H23L12 2L1 21Z"></path>');
    expect(html).toContain('src="data:image/png;base64,AAAA"');
  });
});
