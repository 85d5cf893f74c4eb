import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The size rules of eslint.config.js fire (docs/architecture.md "Size"): texts linted with the repository's own
 * configuration, as if they were files of the web app, of the server and of a test. A function over 100 lines or a
 * file over 400 is reported; a disable comment with its reason lets one through; a disable comment without a reason
 * is reported itself; tests are exempt.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

/** A function whose body has `statements` lines of code. */
function longFunction(name: string, statements: number): string {
  const body = Array.from({ length: statements }, (_, index) => `  total += ${index};`).join('\n');
  return `export function ${name}(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`;
}

/** The rule ids ESLint reports for `text` as if it were the file at `file` (from the repository's root). */
async function rulesFired(text: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, file) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('size limits in lint', () => {
  it('lets a function of 100 lines through and reports one of 101, on the web and on the server', async () => {
    expect(await rulesFired(longFunction('fits', 96), 'apps/web/src/features/demo/fits.ts')).toEqual([]);
    expect(await rulesFired(longFunction('tooLong', 97), 'apps/web/src/features/demo/too-long.ts')).toEqual([
      'max-lines-per-function',
    ]);
    expect(await rulesFired(longFunction('tooLong', 97), 'apps/server/src/features/demo/too-long.ts')).toEqual([
      'max-lines-per-function',
    ]);
  });

  it('reports a file over 400 lines of code, not counting blank lines and comments', async () => {
    const constants = (count: number) =>
      Array.from({ length: count }, (_, index) => `export const value${index} = ${index};\n\n// why\n`).join('');
    expect(await rulesFired(constants(400), 'packages/shared/src/demo/fits.ts')).toEqual([]);
    expect(await rulesFired(constants(401), 'packages/shared/src/demo/too-long.ts')).toEqual(['max-lines']);
  });

  it('lets a long function through only with its reason beside the disable comment', async () => {
    const withReason = `// eslint-disable-next-line max-lines-per-function -- one table of cases reads best whole\n${longFunction('cases', 120)}`;
    expect(await rulesFired(withReason, 'apps/server/src/features/demo/cases.ts')).toEqual([]);
    const withoutReason = `// eslint-disable-next-line max-lines-per-function\n${longFunction('cases', 120)}`;
    expect(await rulesFired(withoutReason, 'apps/server/src/features/demo/cases.ts')).toEqual([
      '@eslint-community/eslint-comments/require-description',
    ]);
  });

  it('leaves tests and test support out', async () => {
    expect(await rulesFired(longFunction('flow', 150), 'apps/server/src/features/demo/demo.integration.test.ts')).toEqual([]);
    expect(await rulesFired(longFunction('setup', 150), 'apps/server/src/test/setup.ts')).toEqual([]);
  });
});
