// A bare Mosquitto broker on a free port, the yardstick of the ingest budget (issue 14): it takes
// the same QoS 1 load and stores nothing, so Meridian's rate is reported as a ratio of it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../scripts/run-server.mjs';
import { connect } from './mqtt-lite.mjs';

export async function startMosquitto() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-mosquitto-'));
  const port = await freePort();
  const config = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    config,
    `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest none\n`,
  );
  const child = spawn('mosquitto', ['-c', config], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let attempt = 0; ; attempt++) {
    try {
      const probe = await connect({ port, clientId: 'bench-probe' });
      await probe.end();
      break;
    } catch (error) {
      if (attempt > 50 || child.exitCode !== null) throw new Error(`mosquitto did not start: ${error}`);
      await sleep(100);
    }
  }
  return {
    port,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
