import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first render of a test file loads the lazy routes cold; on a loaded CI machine with all
// test files running in parallel that alone can pass the library's default one second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom has no matchMedia: evaluate min/max-width queries against window.innerWidth so the
// responsive layout (side menu mode, breadcrumb) behaves like a desktop browser of that width.
// The system colour scheme is light unless a test says otherwise.
function matches(query: string): boolean {
  if (query.includes('prefers-color-scheme')) {
    return query.includes('light');
  }
  const width = window.innerWidth;
  return query
    .replace(/^@media\s*/, '')
    .split(/\s+and\s+/)
    .every((part) => {
      const min = /min-width:\s*([\d.]+)px/.exec(part);
      const max = /max-width:\s*([\d.]+)px/.exec(part);
      return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    });
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList,
});

// CodeMirror measures text through ranges, which jsdom does not lay out: empty rectangles do.
const emptyRects = () => {
  const list: DOMRect[] = [];
  return Object.assign(list, { item: (index: number) => list[index] ?? null }) as unknown as DOMRectList;
};
Range.prototype.getClientRects = emptyRects;
Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
if (!document.elementFromPoint) document.elementFromPoint = () => null;
