import type { Duplex } from 'node:stream';
import { ErrorCode, ErrorMessages } from '@meridian/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientMessageOfStoreError } from '../db/sql-errors.js';
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

/**
 * One place that turns every failure into the reference error JSON. Client mistakes become
 * 400/code 31 naming what is wrong; anything unexpected is logged and answered with code 2 and no
 * internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request, reply) => {
    let apiError: ApiError;
    const storeMessage = clientMessageOfStoreError(error);
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
    } else if (storeMessage) {
      // A value the database cannot hold (a NUL character, a malformed uuid) or a reference that
      // vanished meanwhile: the client's to change. The database's own words stay in the log.
      request.log.info({ err: error }, 'request refused by the store');
      apiError = badRequest(storeMessage);
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

/** Node's parser errors that mean "headers too large" rather than "malformed". */
const HEADER_OVERFLOW = new Set(['HPE_HEADER_OVERFLOW']);

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers too large, malformed
 * request lines): the reference error JSON with 431 or 400 instead of a bare status line. Passed to
 * Fastify as its `clientErrorHandler` option.
 */
export function clientErrors(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const tooLarge = error.code !== undefined && HEADER_OVERFLOW.has(error.code);
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify(
    errorBody(
      new ApiError(
        ErrorCode.BAD_REQUEST_PARAMS,
        tooLarge ? 'Request header fields too large' : 'Malformed HTTP request',
        status,
      ),
    ),
  );
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
