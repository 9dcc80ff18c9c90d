import { redactSecrets } from './redact-secrets.js';

/** Where log lines go: stdout by default, a capturing stream in tests. */
export interface LogDestination {
  write(line: string): unknown;
}

/**
 * Wraps the logger's destination so no log line carries a token (redactSecrets). It works on the
 * finished line rather than per field because tokens reach the log in many places: the URL of
 * Fastify's request lines, Fastify's own "Route GET:/api/v1/{token}/x not found" message, error
 * messages and stacks, the URL of a failed CoAP request.
 */
export function redactingDestination(destination: LogDestination): LogDestination {
  return { write: (line) => destination.write(redactSecrets(line)) };
}
