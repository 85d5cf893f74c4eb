import '@/i18n/i18n.test-languages';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackendViewMeta } from '@hearth/shared/views/views.schema';
import { changeWebLanguage, i18n } from '@/i18n/i18n.setup';
import { localizeViewMeta, rowsNoun } from './data-table.labels';

/** The clients view as the server names it, in English, with a column the catalogue does not know. */
const CLIENTS: BackendViewMeta = {
  name: 'clients',
  label: 'Clients',
  columns: [
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      options: [
        { value: 'active', label: 'Active' },
        { value: 'someday', label: 'Someday' },
      ],
      filterable: true,
      sortable: true,
      visibleByDefault: true,
    },
    { key: 'favouriteColour', label: 'Favourite colour', type: 'text', filterable: true, sortable: true, visibleByDefault: true },
  ],
  searchable: true,
  defaultSort: [],
  rowLink: null,
};

/** A backend view's names in the shown language, the server's English where the catalogue has none. */
describe('localizeViewMeta', () => {
  afterEach(() => changeWebLanguage('en'));

  it('names the view, its columns and options in Spanish, keeping English for what the catalogue lacks', async () => {
    await changeWebLanguage('es');
    const meta = localizeViewMeta(CLIENTS, i18n);
    expect(meta.label).toBe('Clientes');
    expect(meta.columns.map((c) => c.label)).toEqual(['Estado', 'Favourite colour']);
    expect(meta.columns[0]!.options).toEqual([
      { value: 'active', label: 'Activo' },
      { value: 'someday', label: 'Someday' },
    ]);
  });

  it('leaves a view the catalogue does not name as the server wrote it', async () => {
    await changeWebLanguage('es');
    const other = { ...CLIENTS, name: 'unknownView' };
    expect(localizeViewMeta(other, i18n)).toEqual(other);
  });
});

/** A view's rows in running text: lower case, acronyms kept. */
describe('rowsNoun', () => {
  it('lowers a label but keeps a word in capitals', () => {
    expect(rowsNoun('Payer sources')).toBe('payer sources');
    expect(rowsNoun('ADP employees')).toBe('ADP employees');
    expect(rowsNoun('Empleados de ADP')).toBe('empleados de ADP');
    expect(rowsNoun('A list')).toBe('a list');
  });
});
