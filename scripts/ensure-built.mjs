// Builds the web app before `npm start` when it has never been built or its sources changed since.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.precompress.ts',
  'packages/shared/src',
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt < changedAt) {
  console.log(builtAt ? 'Web sources changed: rebuilding the web app' : 'Building the web app (first start)');
  execSync('npm run build -w @hearth/web', { cwd: root, stdio: 'inherit' });
}
