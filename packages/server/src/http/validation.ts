import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';

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
 */
export function registerValidation(app: FastifyInstance): void {
  const coercing = makeAjv('array');
  const strict = makeAjv(false);
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    return ajv.compile(schema as FastifySchema & object) as ValidateFunction;
  });
}
