/**
 * Random identifiers: access tokens (20 chars), activation and reset tokens (30), edge secrets (20).
 */

export const ALPHANUMERIC_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A random alphanumeric string. `randomIndex(n)` must return an integer in [0, n); pass a
 * cryptographically secure source for anything that authenticates (tokens, secrets).
 */
export function randomAlphanumeric(length: number, randomIndex: (n: number) => number): string {
  let result = '';
  for (let i = 0; i < length; i++) {
    const index = randomIndex(ALPHANUMERIC_CHARACTERS.length);
    const char = ALPHANUMERIC_CHARACTERS[index];
    if (char === undefined || !Number.isInteger(index)) {
      throw new RangeError(
        `randomIndex returned ${index}, expected an integer in [0, ${ALPHANUMERIC_CHARACTERS.length})`,
      );
    }
    result += char;
  }
  return result;
}
