import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIELD_PREFIX } from '@hearth/shared/i18n/english-messages';
import { messageOfEnglish } from './english-messages';

/**
 * Every English text a service throws as a plain literal is in the `server` catalogue, so a reader gets it in their
 * language (docs/decisions/0009-i18next-catalogues.md "Server messages", issue 27). A new `new AppError('CODE',
 * 'text')` whose text the catalogue lacks fails here: add the text to en/server.json and its translations, or throw
 * `msg(key, values)`. Read from the sources with a regex, no server: fast enough to run with every change.
 */

const SERVER_SRC = fileURLToPath(new URL('..', import.meta.url));

/** `new AppError('CODE', 'text'`: the text of a single-quoted literal, which may hold escaped quotes. */
const LITERAL_ERROR = /new AppError\(\s*'[A-Z_]+',\s*'((?:[^'\\\n]|\\.)*)'/g;

/** The .ts files under `dir`, tests and their support files left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const source = entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts');
    return source && !/\.test(-support)?\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** A literal's text as JavaScript reads it (`\'` is a quote, `\\` a backslash). */
function unescape(literal: string): string {
  return literal.replace(/\\(.)/g, (_, char: string) => ({ n: '\n', t: '\t' })[char] ?? char);
}

/** Whether the catalogue finds the text, also after a field's path ("checkIn: ..."), as AppError.localized does. */
function inCatalogue(text: string): boolean {
  if (messageOfEnglish(text)) return true;
  const fieldAt = FIELD_PREFIX.exec(text);
  return !!fieldAt && !!messageOfEnglish(fieldAt[2]!);
}

describe('server error messages', () => {
  const literals = sourceFiles(SERVER_SRC).flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    return [...source.matchAll(LITERAL_ERROR)].map((match) => {
      const line = source.slice(0, match.index).split('\n').length;
      return { at: `${relative(SERVER_SRC, file)}:${line}`, text: unescape(match[1]!) };
    });
  });

  it('are found in the source (the scan itself works)', () => {
    expect(literals.length).toBeGreaterThan(20);
  });

  it('thrown as English literals are all in the server catalogue', () => {
    const missing = literals.filter(({ text }) => !inCatalogue(text)).map(({ at, text }) => `${at}: ${text}`);
    expect(missing, 'add these texts to packages/shared/src/i18n/{en,es}/server.json').toEqual([]);
  });

  it('fails a text the catalogue lacks', () => {
    expect(inCatalogue('Shift 12 not found')).toBe(true);
    expect(inCatalogue('checkIn: Give a check-in or a check-out time')).toBe(true);
    expect(inCatalogue('A message nobody has translated yet')).toBe(false);
  });
});
