/** A value for a json/jsonb column written as text: its JSON, or SQL null for null and undefined. */
export const jsonText = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);
