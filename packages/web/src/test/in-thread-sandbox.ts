import type { SandboxRequest, SandboxResponse } from '../dashboard/sandbox/protocol';
import type { WorkerLike } from '../dashboard/sandbox/sandbox-client';
import { createSandboxHandler } from '../dashboard/sandbox/sandbox-handler';

/**
 * A tenant script worker in the test's own thread (jsdom has no Worker): answers through the real
 * request handler, except that a request with a body containing `HANG` is never answered, as a
 * looping function's would not be.
 */
export class InThreadWorker implements WorkerLike {
  onmessage: ((event: MessageEvent<SandboxResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  received: SandboxRequest[] = [];
  private readonly handle = createSandboxHandler((names, body) => new Function(...names, body) as never);

  postMessage(request: SandboxRequest): void {
    this.received.push(request);
    if (request.jobs.some((job) => job.body.includes('HANG'))) return;
    void this.handle(request).then((response) => {
      if (!this.terminated) this.onmessage?.({ data: response } as MessageEvent<SandboxResponse>);
    });
  }

  terminate(): void {
    this.terminated = true;
  }
}
