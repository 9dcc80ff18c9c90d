/**
 * Whether a failed load means the entity does not exist: a 404 from the server. Checked by shape,
 * as components do not import the app's HTTP client (its HttpError carries `status`).
 */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}
