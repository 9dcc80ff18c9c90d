/**
 * Spring's StringToBooleanConverter, which binds the reference's boolean request parameters: any
 * case of true/on/yes/1 and false/off/no/0 (the Python REST client sends `True`). Ajv's coercion
 * knows only `true` and `false`.
 */
const SPRING_BOOLEANS: Record<string, 'true' | 'false'> = {
  true: 'true',
  on: 'true',
  yes: 'true',
  '1': 'true',
  false: 'false',
  off: 'false',
  no: 'false',
  '0': 'false',
};

type Schema = { type?: unknown; anyOf?: Schema[]; properties?: Record<string, Schema> };

const acceptsBoolean = (schema: Schema | undefined): boolean =>
  !!schema &&
  (schema.type === 'boolean' ||
    (Array.isArray(schema.type) && schema.type.includes('boolean')) ||
    (schema.anyOf ?? []).some(acceptsBoolean));

/** The names of the schema's boolean parameters. */
export function booleanParameters(schema: unknown): string[] {
  const properties = (schema as Schema | undefined)?.properties ?? {};
  return Object.keys(properties).filter((name) => acceptsBoolean(properties[name]));
}

/** Rewrites the named parameters' Spring spellings to `true`/`false` in place, before validation. */
export function normalizeBooleans(values: unknown, names: readonly string[]): void {
  if (names.length === 0 || typeof values !== 'object' || values === null) return;
  const record = values as Record<string, unknown>;
  for (const name of names) {
    const value = record[name];
    if (typeof value !== 'string') continue;
    const normalized = SPRING_BOOLEANS[value.trim().toLowerCase()];
    if (normalized) record[name] = normalized;
  }
}
