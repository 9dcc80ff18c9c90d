// Reports the gzipped JavaScript a route loads: the entry chunk, the route module and everything
// they import statically. Usage: node scripts/route-bundle-size.mjs [budgetKB]  (after vite build)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const budgetKb = Number(process.argv[2] ?? 250);

const ROUTES = {
  '/login': 'src/features/login/LoginPage.tsx',
  '/login/resetPasswordRequest': 'src/features/login/ResetPasswordRequestPage.tsx',
  '/home (shell + page)': ['src/app/layout/HomeShell.tsx', 'src/features/home/HomePage.tsx'],
  '/profile (shell + page)': ['src/app/layout/HomeShell.tsx', 'src/features/profile/ProfilePage.tsx'],
  '/settings/outgoing-mail (shell + page)': [
    'src/app/layout/HomeShell.tsx',
    'src/features/admin-settings/MailSettingsPage.tsx',
  ],
};

function collect(key, seen) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const dep of chunk.imports ?? []) collect(dep, seen);
}

function measure(keys) {
  const seen = new Set();
  for (const key of keys) collect(key, seen);
  let raw = 0;
  let gzip = 0;
  const files = [];
  for (const key of seen) {
    const file = manifest[key].file;
    const bytes = readFileSync(join(dist, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    files.push(file);
  }
  return { raw, gzip, files };
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
let failed = false;
for (const [route, modules] of Object.entries(ROUTES)) {
  const { raw, gzip, files } = measure([entry, ...[modules].flat()]);
  const kb = gzip / 1024;
  console.log(
    `${route}: ${files.length} chunks, ${(raw / 1024).toFixed(1)} KB raw, ${kb.toFixed(1)} KB gzipped`,
  );
  if (route === '/login' && kb > budgetKb) {
    console.error(`  over the ${budgetKb} KB budget`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
