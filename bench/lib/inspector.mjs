// The server's V8 heap through the inspector protocol (the server started with
// SERVER_NODE_FLAGS=--inspect=127.0.0.1:<port>): a full garbage collection, then the heap in use,
// so that memory per connection is read without the garbage a reading of RSS includes.
import WebSocket from 'ws';

export async function heapUsedAfterGc(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let nextId = 0;
  const waiting = new Map();
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString());
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  const call = (method) =>
    new Promise((resolve) => {
      const id = ++nextId;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params: {} }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const usage = await call('Runtime.getHeapUsage');
    return usage.result.usedSize / 2 ** 20;
  } finally {
    socket.close();
  }
}
