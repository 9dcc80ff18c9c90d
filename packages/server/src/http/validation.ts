import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { booleanParameters, normalizeBooleans } from './query-booleans.js';

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

function makeAjv(coerceTypes: boolean | 'array'): Ajv {
  return addFormats(
    new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: false, strict: false }),
  );
}

/**
 * Query strings and path parameters arrive as text, so they are coerced to the declared types;
 * JSON bodies are not: a number sent where a string is expected is a 400, not silently converted.
 * Boolean parameters also take the spellings the reference's Spring binding accepts (`True`).
 */
export function registerValidation(app: FastifyInstance): void {
  const coercing = makeAjv('array');
  const strict = makeAjv(false);
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (httpPart === 'body') return strict.compile(schema as FastifySchema & object) as ValidateFunction;
    const validate = coercing.compile(schema as FastifySchema & object) as ValidateFunction;
    const booleans = booleanParameters(schema);
    if (booleans.length === 0) return validate;
    const normalizing = (data: unknown) => {
      normalizeBooleans(data, booleans);
      return validate(data);
    };
    // Fastify reads the failures from `errors` after the call.
    Object.defineProperty(normalizing, 'errors', { get: () => validate.errors });
    return normalizing as unknown as ValidateFunction;
  });
}
