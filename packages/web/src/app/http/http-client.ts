import {
  ErrorCode,
  tooManyRequestsRetryDelayMs,
  UNAUTHORIZED_MESSAGE,
  UNAUTHORIZED_MESSAGE_DELAY_MS,
} from '@meridian/common';
import { HttpError, isAbortError } from './http-error';
import type { LoadingTracker } from './loading-tracker';

/** What the client needs from the session: the token, a shared refresh, and a way out. */
export interface SessionPort {
  getAccessToken(): string | null;
  isAccessTokenValid(): boolean;
  isRefreshPending(): boolean;
  /** Rejects with an Error whose message is shown to the user. */
  refreshTokens(): Promise<void>;
  /** Log out locally and remember the current URL. */
  handleRefreshFailure(): void;
}

/** User-visible reactions to failed calls (toasts and the access-forbidden dialog). */
export interface ErrorPresenter {
  showError(message: string, delayMs: number): void;
  showForbidden(): void;
  /** The message catalogue's words for the errors the client itself describes. */
  text(key: 'app.unable-to-connect' | 'app.unhandled-error-code', values?: { status: number }): string;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** 'json' (default) parses JSON bodies; 'text' returns the raw text. */
  responseType?: 'json' | 'text';
  /** Not counted by the global loading flag. */
  ignoreLoading?: boolean;
  /** No toast or dialog; the caller handles the rejection. */
  ignoreErrors?: boolean;
  /** No 404 toast: the caller shows "not found" in place (other failures are still reported). */
  notFoundHandled?: boolean;
  /** On 429, send again after 1 to 4 seconds. */
  resendRequest?: boolean;
  signal?: AbortSignal;
}

export interface HttpClientDeps {
  fetch: typeof fetch;
  session: SessionPort;
  errors: ErrorPresenter;
  loading: LoadingTracker;
  /** Random source for the 429 back-off; Math.random by default. */
  random?: () => number;
  /** Waits for the 429 back-off; rejects when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

interface PendingRequest {
  method: string;
  url: string;
  path: string;
  body: unknown;
  options: RequestOptions;
}

export const TOKEN_REFRESH_URL = '/api/auth/token';
const NO_TOKEN_ENTRY_POINTS = ['/api/auth/login', '/api/auth/login/public', TOKEN_REFRESH_URL];

/** Calls under /api/ carry the JWT except login, public login, refresh and /api/noauth/**. */
export function needsToken(path: string): boolean {
  return path.startsWith('/api/') && !NO_TOKEN_ENTRY_POINTS.includes(path) && !path.startsWith('/api/noauth');
}

function isRpc(path: string): boolean {
  return path.startsWith('/api/rpc') || path.startsWith('/api/plugins/rpc');
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) {
    return path;
  }
  const parts = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return parts.length ? `${path}${path.includes('?') ? '&' : '?'}${parts.join('&')}` : path;
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) {
    return null;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Text for the generic error toast: server message, else the body, else the status. */
export function errorToastText(error: HttpError, text: ErrorPresenter['text']): string {
  const message = error.serverMessage;
  if (message) {
    return message;
  }
  if (typeof error.body === 'string' && error.body.length > 0) {
    return error.body;
  }
  if (error.body !== null && error.body !== undefined) {
    return JSON.stringify(error.body);
  }
  return text('app.unhandled-error-code', { status: error.status ?? 0 });
}

/**
 * The one HTTP client of the console: attaches the JWT, refreshes it when needed, reports the
 * reference error JSON as HttpError and reacts to failures by the table of spec 1 §8.
 */
export class HttpClient {
  private readonly random: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly deps: HttpClientDeps) {
    this.random = deps.random ?? Math.random;
    this.sleep = deps.sleep ?? defaultSleep;
  }

  get<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('GET', path, undefined, options);
  }

  post<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('POST', path, body, options);
  }

  delete<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('DELETE', path, undefined, options);
  }

  async request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    // Decisions (token, RPC, loading) look at the path alone; a query may come inline or in options.
    const pathOnly = path.split('?')[0] ?? path;
    const request: PendingRequest = {
      method,
      path: pathOnly,
      url: buildUrl(path, options.query),
      body,
      options,
    };
    const counted = this.deps.loading.begin(pathOnly, options.ignoreLoading);
    try {
      return (await this.execute(request, false)) as T;
    } finally {
      if (counted) {
        this.deps.loading.end();
      }
    }
  }

  private async execute(request: PendingRequest, retried: boolean): Promise<unknown> {
    const { session } = this.deps;
    const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
    if (needsToken(request.path)) {
      if (!session.getAccessToken() && !session.isRefreshPending()) {
        return this.fail(request, this.synthetic(request, UNAUTHORIZED_MESSAGE, 0), retried);
      }
      if (session.isRefreshPending() || !session.isAccessTokenValid()) {
        return this.refreshAndRetry(request, retried, null);
      }
      headers['X-Authorization'] = `Bearer ${session.getAccessToken() ?? ''}`;
    }
    const init: RequestInit = { method: request.method, headers, signal: request.options.signal ?? null };
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }
    let response: Response;
    try {
      response = await this.deps.fetch(request.url, init);
    } catch (error) {
      if (isAbortError(error) || request.options.signal?.aborted) {
        throw error;
      }
      return this.fail(
        request,
        new HttpError({ status: 0, method: request.method, url: request.url }),
        retried,
      );
    }
    if (response.ok) {
      if (request.options.responseType === 'text') {
        return response.text();
      }
      return readBody(response);
    }
    const error = new HttpError({
      status: response.status,
      statusText: response.statusText,
      method: request.method,
      url: request.url,
      body: await readBody(response),
    });
    return this.fail(request, error, retried);
  }

  private synthetic(request: PendingRequest, message: string, delayMs: number): HttpError {
    return new HttpError({
      status: 401,
      statusText: 'Unauthorized',
      method: request.method,
      url: request.url,
      body: { message },
      toastDelayMs: delayMs,
    });
  }

  /** Refresh the token pair (shared with concurrent callers) and send the request once more. */
  private async refreshAndRetry(
    request: PendingRequest,
    retried: boolean,
    cause: HttpError | null,
  ): Promise<unknown> {
    if (retried) {
      // The fresh token was refused as well: the session is over.
      this.deps.session.handleRefreshFailure();
      const message = cause?.serverMessage ?? UNAUTHORIZED_MESSAGE;
      return this.fail(request, this.synthetic(request, message, UNAUTHORIZED_MESSAGE_DELAY_MS), true);
    }
    try {
      await this.deps.session.refreshTokens();
    } catch (error) {
      this.deps.session.handleRefreshFailure();
      const message = error instanceof Error && error.message ? error.message : UNAUTHORIZED_MESSAGE;
      return this.fail(request, this.synthetic(request, message, UNAUTHORIZED_MESSAGE_DELAY_MS), true);
    }
    return this.execute(request, true);
  }

  private async fail(request: PendingRequest, error: HttpError, retried: boolean): Promise<never> {
    const { ignoreErrors, notFoundHandled, resendRequest, signal } = request.options;
    const { errors } = this.deps;
    const rpc = isRpc(request.path);
    let unhandled = false;
    if (error.status === 401 && request.path !== TOKEN_REFRESH_URL) {
      if (error.errorCode === ErrorCode.JWT_TOKEN_EXPIRED) {
        return (await this.refreshAndRetry(request, retried, error)) as never;
      }
      unhandled = error.errorCode !== ErrorCode.CREDENTIALS_EXPIRED;
    } else if (error.status === 429) {
      if (resendRequest) {
        await this.sleep(tooManyRequestsRetryDelayMs(this.random), signal);
        return (await this.execute(request, retried)) as never;
      }
    } else if (error.status === 403) {
      if (!ignoreErrors) {
        errors.showForbidden();
      }
    } else if (error.status === 0) {
      if (!ignoreErrors && !rpc) {
        errors.showError(errors.text('app.unable-to-connect'), 0);
      }
    } else if (!rpc) {
      if (error.status === 404) {
        if (!ignoreErrors && !notFoundHandled) {
          errors.showError(`${request.method}: ${request.url}\n${error.status}: ${error.statusText}`, 0);
        }
      } else {
        unhandled = true;
      }
    }
    if (unhandled && !ignoreErrors && !rpc) {
      errors.showError(errorToastText(error, errors.text), error.toastDelayMs);
    }
    throw error;
  }
}
