import type { SandboxRequest, SandboxResponse } from './protocol';
import { createSandboxHandler } from './sandbox-handler';

/**
 * The tenant script worker (ADR 0026): a dedicated module worker that runs tenant-written
 * functions. It shares nothing with the page: no DOM, no localStorage, no token; the page posts
 * it function bodies and values and gets values or error messages back.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SandboxRequest>) => void) | null;
  postMessage(message: SandboxResponse): void;
};
const handle = createSandboxHandler();

scope.onmessage = (event) => {
  void handle(event.data).then((response) => scope.postMessage(response));
};
