import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import fences of .dependency-cruiser.cjs fire: a small tree laid out like the repository, with one import
 * that breaks each rule and imports each rule allows, is cruised with the repository's own configuration, and
 * exactly the breaking imports are reported, each under its rule (a cycle once, at the import that closes it).
 */

const ROOT = path.resolve(import.meta.dirname, '..');
let tree: string;

/** The tree: path -> the paths (from the tree's root) the file imports. */
const FILES: Record<string, string[]> = {
  'apps/web/src/api/session.ts': ['apps/web/src/features/schedule/schedule.page.ts'],
  'apps/web/src/layout/shell.ts': ['apps/web/src/api/plain.ts'],
  'apps/web/src/api/plain.ts': [],
  'apps/web/src/features/schedule/schedule.page.ts': [
    'apps/web/src/features/payroll/payroll.page.ts',
    'apps/web/src/api/plain.ts',
  ],
  'apps/web/src/features/payroll/payroll.page.ts': [],
  'apps/server/src/trpc/init.ts': [],
  'apps/server/src/features/visits/visits.router.ts': [
    'apps/server/src/trpc/init.ts',
    'apps/server/src/features/visits/visits.service.ts',
  ],
  'apps/server/src/features/visits/visits.service.ts': [
    'apps/server/src/trpc/init.ts',
    'apps/server/src/features/clients/clients.schema.ts',
    'apps/server/src/features/clients/clients.internal.ts',
  ],
  'apps/server/src/features/clients/clients.schema.ts': [],
  'apps/server/src/features/clients/clients.internal.ts': [],
  'packages/shared/src/billing/billing.rules.ts': ['packages/shared/src/billing/billing.schema.ts'],
  'packages/shared/src/billing/billing.schema.ts': [
    'packages/shared/src/billing/billing.rules.ts',
    'apps/server/src/trpc/init.ts',
  ],
};

function importLine(from: string, to: string): string {
  let relative = path.relative(path.dirname(from), to).replace(/\.ts$/, '');
  if (!relative.startsWith('.')) relative = `./${relative}`;
  return `import '${relative}';`;
}

beforeAll(() => {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-fences-'));
  for (const [file, imports] of Object.entries(FILES)) {
    fs.mkdirSync(path.join(tree, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(tree, file), `${imports.map((to) => importLine(file, to)).join('\n')}\nexport {};\n`);
  }
  for (const config of ['tsconfig.base.json', 'tsconfig.deps.json'])
    fs.copyFileSync(path.join(ROOT, config), path.join(tree, config));
});

afterAll(() => {
  fs.rmSync(tree, { recursive: true, force: true });
});

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Cruises the tree with the repository's configuration; depcruise exits non-zero on violations, hence the catch. */
function violations(): string[] {
  const args = [
    path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
    'apps',
    'packages',
    '--config',
    path.join(ROOT, '.dependency-cruiser.cjs'),
    '--output-type',
    'json',
  ];
  let output: string;
  try {
    output = execFileSync(process.execPath, args, { cwd: tree, encoding: 'utf8' });
  } catch (error) {
    output = (error as { stdout: string }).stdout;
  }
  const result = JSON.parse(output) as { summary: { violations: Violation[] } };
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe('the import fences', () => {
  it('report each breaking import under its rule, and nothing the architecture allows', () => {
    expect(violations()).toEqual(
      [
        'no-circular: packages/shared/src/billing/billing.rules.ts -> packages/shared/src/billing/billing.schema.ts',
        'server-features-not-transport: apps/server/src/features/visits/visits.service.ts -> apps/server/src/trpc/init.ts',
        'server-features-public-modules: apps/server/src/features/visits/visits.service.ts -> apps/server/src/features/clients/clients.internal.ts',
        'shared-stays-shared: packages/shared/src/billing/billing.schema.ts -> apps/server/src/trpc/init.ts',
        'web-features-not-each-other: apps/web/src/features/schedule/schedule.page.ts -> apps/web/src/features/payroll/payroll.page.ts',
        'web-shell-not-features: apps/web/src/api/session.ts -> apps/web/src/features/schedule/schedule.page.ts',
      ].sort(),
    );
  }, 60_000);
});
