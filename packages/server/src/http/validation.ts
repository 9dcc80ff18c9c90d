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
  app.setValidatorCompiler(({ schema, httpPart }) =>
    onFirstUse(() => compileFor(schema as FastifySchema & object, httpPart === 'body' ? strict : coercing)),
  );
}

/**
 * Compiles a route's schema when the route is first called. Compiling every route's schemas up
 * front took about a third of a second of each cold start (issue 14), mostly for routes a given
 * server never serves. Fastify reads the failures from `errors` after the call.
 */
function onFirstUse(compile: () => ValidateFunction): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate = (data: unknown) => {
    compiled ??= compile();
    return compiled(data);
  };
  Object.defineProperty(validate, 'errors', { get: () => compiled?.errors });
  return validate as unknown as ValidateFunction;
}

function compileFor(schema: FastifySchema & object, ajv: Ajv): ValidateFunction {
  const validate = ajv.compile(schema) as ValidateFunction;
  if (!ajv.opts.coerceTypes) return validate;
  const booleans = booleanParameters(schema);
  if (booleans.length === 0) return validate;
  const normalizing = (data: unknown) => {
    normalizeBooleans(data, booleans);
    return validate(data);
  };
  Object.defineProperty(normalizing, 'errors', { get: () => validate.errors });
  return normalizing as unknown as ValidateFunction;
}
