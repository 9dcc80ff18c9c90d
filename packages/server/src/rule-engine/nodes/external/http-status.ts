import { STATUS_CODES } from 'node:http';

/**
 * The name and reason phrase of an HTTP status as the reference reports them in message metadata
 * (Spring's HttpStatus: `NOT_FOUND` / `Not Found`). Node's table matches Spring's for all but a
 * few codes, listed here.
 */
const SPRING_REASONS: Readonly<Record<number, string>> = {
  413: 'Payload Too Large',
  416: 'Requested range not satisfiable',
  418: "I'm a teapot",
};
const SPRING_NAMES: Readonly<Record<number, string>> = {
  416: 'REQUESTED_RANGE_NOT_SATISFIABLE',
  418: 'I_AM_A_TEAPOT',
};

export function statusReason(code: number): string {
  return SPRING_REASONS[code] ?? STATUS_CODES[code] ?? String(code);
}

export function statusName(code: number): string {
  const named = SPRING_NAMES[code];
  if (named !== undefined) return named;
  const reason = STATUS_CODES[code];
  if (reason === undefined) return String(code);
  return reason
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}
