/**
 * One nesting limit for every JSON text the server accepts (request bodies, device payloads, RPC
 * params). PostgreSQL's jsonb parser recurses per level, and in the embedded store a value nested
 * ~2,000 levels deep overruns the WebAssembly stack and breaks the store for every tenant; 256 is
 * far above any real document (dashboards nest < 20) and far below that.
 */
export const MAX_JSON_DEPTH = 256;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * True when the JSON text opens more than `max` arrays or objects inside each other. A linear scan
 * that skips string contents, run before parsing so nothing deeper reaches a recursive parser.
 */
export function exceedsJsonDepth(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

export const tooDeepMessage = `Invalid request body: JSON nested deeper than ${MAX_JSON_DEPTH} levels`;
