import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '@hearth/shared/i18n/languages';
import { findView, viewNames } from './views.catalog';
import { viewMeta } from './views.registry';

/**
 * Every backend view's names are in the dataTable catalogue's `backendViews` (issue 27): the staff tables show a
 * view's label, its columns' labels and its options' labels from `backendViews.<view>` in the reader's language
 * (apps/web/src/components/data-table/data-table.labels.ts), falling back to the server's English when a key is
 * missing, so a missing key would show English to a Spanish reader without any error. A new view, column or option
 * fails here until its English and Spanish names are added to en/es data-table.json (catalogues.test.ts checks that
 * Spanish has every English key). Reads the view declarations only: no database.
 */

/** One name a view declares: its catalogue key under `backendViews` and the server's English for it. */
interface DeclaredName {
  key: string;
  english: string;
}

/** Every name the server's views declare, as catalogue keys under `backendViews` ("clients.columns.status"). */
function declaredNames(): DeclaredName[] {
  return viewNames().flatMap((name) => {
    const meta = viewMeta(findView(name)!);
    return [
      { key: `${name}.label`, english: meta.label },
      ...meta.columns.flatMap((column) => [
        { key: `${name}.columns.${column.key}`, english: column.label },
        ...(column.options ?? []).map((option) => ({
          key: `${name}.options.${column.key}.${option.value}`,
          english: option.label,
        })),
      ]),
    ];
  });
}

/** The English catalogue's `backendViews` leaves, by dotted key. */
function catalogueNames(): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (value !== null && typeof value === 'object') walk(value as Record<string, unknown>, `${prefix}${key}.`);
      else leaves.set(`${prefix}${key}`, value);
    }
  };
  walk((CATALOGUES.en.dataTable as { backendViews: Record<string, unknown> }).backendViews, '');
  return leaves;
}

describe('backend view names in the dataTable catalogue', () => {
  const declared = declaredNames();
  const catalogue = catalogueNames();

  it('declares views to check (the catalog is read)', () => {
    expect(declared.some((n) => n.key === 'clients.label')).toBe(true);
    expect(declared.some((n) => n.key.startsWith('reportPayroll.columns.'))).toBe(true);
  });

  it('has a backendViews key for every view, column and option the server declares', () => {
    expect(declared.filter((n) => !catalogue.has(n.key)).map((n) => n.key)).toEqual([]);
  });

  it("words each name in English as the server does (English readers see the catalogue's text)", () => {
    const differing = declared
      .filter((n) => catalogue.has(n.key) && catalogue.get(n.key) !== n.english)
      .map((n) => `${n.key}: server "${n.english}", catalogue "${String(catalogue.get(n.key))}"`);
    expect(differing).toEqual([]);
  });

  it('names no view, column or option the server does not declare', () => {
    const keys = new Set(declared.map((n) => n.key));
    expect([...catalogue.keys()].filter((key) => !keys.has(key))).toEqual([]);
  });
});
