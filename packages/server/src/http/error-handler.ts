import { ErrorCode, ErrorMessages } from '@meridian/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, badRequest, errorBody, notFound } from './api-error.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Names the offending field of a schema validation failure, e.g. "'username' must be string". */
export function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  const where =
    context === 'querystring' ? 'query parameter' : context === 'params' ? 'path parameter' : 'field';
  const parts = issues.slice(0, 3).map((issue) => {
    const missing = issue.params?.missingProperty;
    const additional = issue.params?.additionalProperty;
    const field =
      typeof missing === 'string' ? missing : issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
    if (typeof missing === 'string') return `${where} '${missing}' is required`;
    if (typeof additional === 'string') return `${where} '${additional}' is not allowed`;
    return field ? `${where} '${field}' ${issue.message ?? 'is invalid'}` : (issue.message ?? 'is invalid');
  });
  return `Invalid request: ${parts.join('; ')}`;
}

/** SQLSTATE class 22 "data exception" from PostgreSQL or PGlite, e.g. 22021 invalid byte sequence. */
const isDataException = (error: Error & { code?: unknown }) =>
  'severity' in error && typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code);

/**
 * One place that turns every failure into the reference error JSON. Client mistakes become
 * 400/code 31 naming what is wrong; anything unexpected is logged and answered with code 2 and no
 * internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request, reply) => {
    let apiError: ApiError;
    if (error instanceof ApiError) {
      apiError = error;
    } else if (error.validation) {
      apiError = badRequest(
        describeValidation(error.validationContext, error.validation as ValidationIssue[]),
      );
    } else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      apiError = badRequest('Invalid request body: malformed JSON');
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      apiError = badRequest('Invalid request body: too large');
    } else if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      apiError = badRequest('Invalid request body: empty body where JSON is expected');
    } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      // The reference keeps Spring's 415 and maps it to code 31.
      apiError = new ApiError(
        ErrorCode.BAD_REQUEST_PARAMS,
        `Unsupported content type: ${request.headers['content-type'] ?? 'none'}`,
        415,
      );
    } else if (isDataException(error)) {
      // A value the database cannot hold (a NUL character, a malformed uuid): the client's mistake.
      apiError = badRequest(`Invalid request: ${error.message}`);
    } else if (error.statusCode === 404) {
      apiError = notFound();
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      apiError = new ApiError(
        ErrorCode.BAD_REQUEST_PARAMS,
        error.message,
        error.statusCode === 429 ? 429 : 400,
      );
    } else {
      request.log.error({ err: error }, 'unhandled error');
      apiError = new ApiError(ErrorCode.GENERAL, 'Internal server error');
    }
    if (apiError.status >= 500) request.log.error({ err: error }, apiError.message);
    reply.code(apiError.status).type('application/json').send(errorBody(apiError));
  });
}

export const notFoundBody = () => errorBody(notFound(ErrorMessages.itemNotFound));

/**
 * Failures of the router itself (a malformed URL such as `%zz`), which never reach the error
 * handler: the same 400 error JSON. Passed to Fastify as its `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  reply
    .code(400)
    .type('application/json')
    .send(errorBody(badRequest(error.message)));
}
