/** A failed call, carrying the reference error JSON when the server sent one. */
export class HttpError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly method: string;
  readonly url: string;
  /** Parsed JSON body, the raw text when it is not JSON, or null. */
  readonly body: unknown;
  readonly errorCode: number | null;
  readonly resetToken: string | null;
  /** Delay before the error toast, in ms (used for session-expiry messages). */
  readonly toastDelayMs: number;

  constructor(init: {
    status: number;
    statusText?: string;
    method: string;
    url: string;
    body?: unknown;
    toastDelayMs?: number;
  }) {
    const body = init.body ?? null;
    super(HttpError.serverMessage(body) ?? `${init.method} ${init.url} failed with status ${init.status}`);
    this.name = 'HttpError';
    this.status = init.status;
    this.statusText = init.statusText ?? '';
    this.method = init.method;
    this.url = init.url;
    this.body = body;
    this.toastDelayMs = init.toastDelayMs ?? 0;
    const record = HttpError.asRecord(body);
    this.errorCode = typeof record?.errorCode === 'number' ? record.errorCode : null;
    this.resetToken = typeof record?.resetToken === 'string' ? record.resetToken : null;
  }

  /** The `message` of the error JSON, if any. */
  get serverMessage(): string | null {
    return HttpError.serverMessage(this.body);
  }

  private static asRecord(body: unknown): Record<string, unknown> | null {
    return body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  }

  private static serverMessage(body: unknown): string | null {
    const message = HttpError.asRecord(body)?.message;
    return typeof message === 'string' && message.length > 0 ? message : null;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === 'AbortError'
    : error instanceof Error && error.name === 'AbortError';
}
