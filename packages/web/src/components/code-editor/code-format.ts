/** The "tidy" button's formatters: JSON re-indented by 2 when it parses, CSS indented by 4 (spec 3). */

/** JSON text re-indented with 2 spaces, or undefined when it does not parse. */
export function tidyJson(text: string): string | undefined {
  if (!text.trim()) return undefined;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return undefined;
  }
}

/**
 * CSS with one declaration per line and blocks indented by 4. Strings, comments and parentheses
 * (`url(data:…;base64,…)`) are copied as they are; only whitespace between tokens changes.
 */
export function tidyCss(text: string): string {
  const lines: string[] = [];
  let depth = 0;
  let current = '';
  /** A declaration (`name:value`) gets one space after its colon. */
  const flush = (declaration = false) => {
    let line = current.trim();
    if (declaration) line = line.replace(/^([-\w]+)\s*:\s*/, '$1: ');
    if (line) lines.push('    '.repeat(depth) + line);
    current = '';
  };
  let parens = 0;
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === '/' && text[index + 1] === '*') {
      const end = text.indexOf('*/', index + 2);
      const stop = end < 0 ? text.length : end + 2;
      if (current.trim()) current += text.slice(index, stop);
      else {
        current = text.slice(index, stop);
        flush();
      }
      index = stop;
      continue;
    }
    if (char === '"' || char === "'") {
      let end = index + 1;
      while (end < text.length && text[end] !== char && text[end] !== '\n') {
        end += text[end] === '\\' ? 2 : 1;
      }
      current += text.slice(index, end + 1);
      index = end + 1;
      continue;
    }
    if (/\s/.test(char)) {
      if (current && !current.endsWith(' ')) current += ' ';
      index += 1;
      continue;
    }
    if (char === '(') parens += 1;
    if (char === ')') parens = Math.max(0, parens - 1);
    if (parens > 0) {
      current += char;
    } else if (char === '{') {
      current = `${current.trim()} {`;
      flush();
      depth += 1;
    } else if (char === '}') {
      flush(true);
      depth = Math.max(0, depth - 1);
      current = '}';
      flush();
      if (depth === 0 && text.slice(index + 1).trim()) lines.push('');
    } else if (char === ';') {
      current = `${current.trim()};`;
      flush(depth > 0);
    } else {
      current += char;
    }
    index += 1;
  }
  flush();
  return lines.join('\n');
}
