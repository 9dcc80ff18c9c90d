/** Exit status of a server stopped because its embedded store broke: a supervisor restarts it. */
export const STORE_BROKEN_EXIT_CODE = 70;

/**
 * What the server does when the embedded store breaks beyond repair: say why and stop, instead of
 * staying alive and answering every request with 500. The store reopens cleanly on restart.
 */
export function stopOnBrokenStore(
  error: Error,
  log: (message: string) => void = console.error,
  exit: (code: number) => void = process.exit,
): void {
  log(
    `Meridian stops: the embedded store failed and cannot answer any further query (${error.name}: ${error.message}). ` +
      'Restart the server to reopen it.',
  );
  exit(STORE_BROKEN_EXIT_CODE);
}
