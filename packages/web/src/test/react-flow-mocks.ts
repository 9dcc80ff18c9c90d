/**
 * Test-only: what the rule chain canvas (React Flow) needs of a browser and jsdom lacks — a
 * ResizeObserver that reports each observed element once, DOMMatrixReadOnly for the viewport's
 * zoom, element sizes (so that nodes count as measured and links are drawn), SVG boxes and
 * elementFromPoint. Call
 * from test files that render the editor; it changes jsdom globals for the whole file.
 */
export function installReactFlowMocks(): void {
  class ResizeObserverMock {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver);
    }
    unobserve() {}
    disconnect() {}
  }
  class DOMMatrixReadOnlyMock {
    m22: number;
    constructor(transform?: string) {
      const scale = transform?.match(/scale\(([0-9.]+)\)/)?.[1];
      this.m22 = scale === undefined ? 1 : Number(scale);
    }
  }
  Object.assign(globalThis, { ResizeObserver: ResizeObserverMock, DOMMatrixReadOnly: DOMMatrixReadOnlyMock });
  Object.defineProperties(HTMLElement.prototype, {
    offsetHeight: {
      configurable: true,
      get(this: HTMLElement) {
        return Number.parseFloat(this.style.height) || 40;
      },
    },
    offsetWidth: {
      configurable: true,
      get(this: HTMLElement) {
        return Number.parseFloat(this.style.width) || 150;
      },
    },
  });
  Object.assign(SVGElement.prototype, { getBBox: () => ({ x: 0, y: 0, width: 0, height: 0 }) });
  // Click-to-connect looks for a handle under the pointer first; jsdom has no layout to find one.
  Object.assign(document, { elementFromPoint: () => null });
}

/** Links two nodes as a user clicking the first one's output and then the second one's input does. */
export function clickConnect(
  fromNode: HTMLElement,
  toNode: HTMLElement,
  fire: (element: Element) => void,
): void {
  const source = fromNode.querySelector('.react-flow__handle.source');
  const target = toNode.querySelector('.react-flow__handle.target');
  if (!source || !target) throw new Error('no handles to connect');
  fire(source);
  fire(target);
}
