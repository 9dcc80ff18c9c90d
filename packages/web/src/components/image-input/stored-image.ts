/**
 * Largest image file an entity's `image` takes (dashboards, widgets bundles, widget types): the
 * server keeps at most 1,000,000 characters of data URL, as the reference does, and base64 writes
 * 4 characters for every 3 bytes.
 */
export const STORED_IMAGE_MAX_BYTES = 740_000;

/** Longest data URL the server stores in an entity's `image`. */
export const STORED_IMAGE_MAX_LENGTH = 1_000_000;
