import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The literal-text rule of eslint.config.js fires (docs/decisions/0009-i18next-catalogues.md): texts linted with the
 * repository's own configuration, as if they were files of the caregiver app. Text written in JSX is reported; text
 * from the catalogues (`t('key')`) and expressions are not, on every screen of the web app.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

/** The rule ids ESLint reports for `text` as if it were the file at `file` (from the repository's root). */
async function rulesFired(text: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, file) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

const LITERAL = `export function Empty() {\n  return <p>No visits scheduled.</p>;\n}\n`;
const TRANSLATED = `import { useTranslation } from 'react-i18next';\n\nexport function Empty() {\n  const { t } = useTranslation();\n  return <p className="note">{t('schedule.noVisits')}</p>;\n}\n`;

describe('literal texts in lint', () => {
  it('reports a text written in the JSX of the caregiver app, its shell, and the staff screens', async () => {
    expect(await rulesFired(LITERAL, 'apps/web/src/features/caregiver-app/demo.tsx')).toEqual(['i18next/no-literal-string']);
    expect(await rulesFired(LITERAL, 'apps/web/src/layout/caregiver.shell.tsx')).toEqual(['i18next/no-literal-string']);
    expect(await rulesFired(LITERAL, 'apps/web/src/features/shifts/demo.tsx')).toEqual(['i18next/no-literal-string']);
    expect(await rulesFired(LITERAL, 'apps/web/src/components/data-table/demo.tsx')).toEqual(['i18next/no-literal-string']);
  });

  it('lets through texts from the catalogues and attribute values such as class names', async () => {
    expect(await rulesFired(TRANSLATED, 'apps/web/src/features/caregiver-app/demo.tsx')).toEqual([]);
  });

  it('leaves tests out', async () => {
    expect(await rulesFired(LITERAL, 'apps/web/src/features/caregiver-app/demo.test.tsx')).toEqual([]);
  });
});
