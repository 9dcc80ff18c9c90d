import { parentPort, workerData } from 'node:worker_threads';
import { QuickJsHost } from './quickjs-host.js';
import type { SandboxLimits, SandboxReply, SandboxRequest } from './sandbox-protocol.js';

/**
 * A sandbox worker: owns one QuickJS WebAssembly instance with the runtimes of the tenants the
 * engine sends here, and answers requests one at a time, in order. Requests and replies travel in
 * batches (one message per tick of the engine's thread), which halves the cost of small calls. A looping script therefore
 * stalls this thread only, never the server's event loop; the engine replaces the worker if it
 * stops answering or its host breaks.
 */
const port = parentPort;
if (!port) throw new Error('sandbox-worker must run as a worker thread');

// Requests posted while the WebAssembly module loads wait in the port until the listener is added.
const host = await QuickJsHost.create(workerData as SandboxLimits);

/** Replies are sent in batches, but at least this often, so the engine's watchdog sees progress. */
const FLUSH_EVERY_MS = 20;

port.on('message', (requests: readonly SandboxRequest[]) => {
  let replies: SandboxReply[] = [];
  let flushed = Date.now();
  for (const request of requests) {
    if (request.op === 'release') {
      host.release(request.scriptId);
    } else {
      const outcome =
        request.op === 'compile'
          ? host.compile(request.scriptId, request.tenantId, request.body, request.argNames)
          : host.invoke(request.scriptId, request.argsJson);
      replies.push({ id: request.id, ...outcome });
    }
    if (host.broken || Date.now() - flushed >= FLUSH_EVERY_MS) {
      if (replies.length > 0) port.postMessage(replies);
      replies = [];
      flushed = Date.now();
    }
    // The WebAssembly state can no longer be trusted: the engine starts a new worker.
    if (host.broken) process.exit(1);
  }
  if (replies.length > 0) port.postMessage(replies);
});
