import { parentPort, workerData } from 'node:worker_threads';
import { QuickJsHost } from './quickjs-host.js';
import type { SandboxLimits, SandboxReply, SandboxRequest } from './sandbox-protocol.js';

/**
 * A sandbox worker: owns one QuickJS WebAssembly instance with the runtimes of the tenants the
 * engine sends here, and answers requests one at a time, in order. A looping script therefore
 * stalls this thread only, never the server's event loop; the engine replaces the worker if it
 * stops answering or its host breaks.
 */
const port = parentPort;
if (!port) throw new Error('sandbox-worker must run as a worker thread');

// Requests posted while the WebAssembly module loads wait in the port until the listener is added.
const host = await QuickJsHost.create(workerData as SandboxLimits);

port.on('message', (request: SandboxRequest) => {
  if (request.op === 'release') {
    host.release(request.scriptId);
  } else {
    const outcome =
      request.op === 'compile'
        ? host.compile(request.scriptId, request.tenantId, request.body, request.argNames)
        : host.invoke(request.scriptId, request.argsJson);
    const reply: SandboxReply = { id: request.id, ...outcome };
    port.postMessage(reply);
  }
  // The WebAssembly state can no longer be trusted: the engine starts a new worker.
  if (host.broken) process.exit(1);
});
