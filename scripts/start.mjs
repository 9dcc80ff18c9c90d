#!/usr/bin/env node
// `npm start`: builds whatever is missing or out of date, then runs the server in the foreground.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv, serverNodeFlags } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (...parts) => path.join(root, ...parts);

if (!fs.existsSync(rel('node_modules'))) {
  console.error('Dependencies are not installed. Run `npm ci` first (see README).');
  process.exit(1);
}

/** Newest modification time of the files under a directory (0 when absent). */
function newestMtime(dir) {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

function run(label, command, args) {
  console.log(`> ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const serverOut = rel('packages/server/dist/main.js');
const serverSources = Math.max(
  newestMtime(rel('packages/server/src')),
  newestMtime(rel('packages/common/src')),
);
if (mtime(serverOut) < serverSources)
  run('building server', process.execPath, [rel('node_modules/typescript/bin/tsc'), '-b']);

const webOut = rel('packages/web/dist/index.html');
const webSources = Math.max(
  newestMtime(rel('packages/web/src')),
  newestMtime(rel('packages/common/src')),
  mtime(rel('packages/web/index.html')),
);
if (mtime(webOut) < webSources) run('building console', 'npm', ['run', 'build', '-w', 'packages/web']);

const server = spawn(process.execPath, [...serverNodeFlags(process.env), serverOut], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv(process.env),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
