import { describe, expect, it } from 'vitest';
import type { BackendViewMeta } from '@hearth/shared/views/views.schema';
import {
  ariaSortOf,
  isBlankTableUrl,
  moveKey,
  nextSort,
  normalizeFilter,
  parseTableUrl,
  resolveTableState,
  sameSetup,
  serializeTableUrl,
  type TableUrlState,
} from './data-table.state';

const meta: BackendViewMeta = {
  name: 'users',
  label: 'Users',
  searchable: true,
  defaultSort: [{ column: 'lastName', direction: 'asc' }],
  rowLink: '/admin/users/{id}',
  columns: [
    { key: 'id', label: 'ID', type: 'number', filterable: true, sortable: true, visibleByDefault: false },
    { key: 'lastName', label: 'Last name', type: 'text', filterable: true, sortable: true, visibleByDefault: true },
    {
      key: 'roleName',
      label: 'Role',
      type: 'enum',
      options: [
        { value: 'Nurse', label: 'Nurse' },
        { value: 'RVP', label: 'RVP' },
      ],
      filterable: true,
      sortable: true,
      visibleByDefault: true,
    },
    { key: 'isActive', label: 'Active', type: 'boolean', filterable: true, sortable: true, visibleByDefault: true },
    { key: 'branchNames', label: 'Branches', type: 'text', filterable: false, sortable: false, visibleByDefault: true },
    { key: 'createdAt', label: 'Created', type: 'datetime', filterable: true, sortable: true, visibleByDefault: false },
    { key: 'birthDate', label: 'Birth date', type: 'date', filterable: true, sortable: true, visibleByDefault: false },
    { key: 'rate', label: 'Rate', type: 'money', filterable: true, sortable: true, visibleByDefault: false },
  ],
};

const column = (key: string) => meta.columns.find((c) => c.key === key);
const roundTrip = (state: TableUrlState) => parseTableUrl(new URLSearchParams(serializeTableUrl(state).toString()));

describe('table URL state', () => {
  it('round-trips every field through the query string', () => {
    const state: TableUrlState = {
      viewId: 7,
      page: 3,
      pageSize: 100,
      sort: [
        { column: 'lastName', direction: 'desc' },
        { column: 'id', direction: 'asc' },
      ],
      filters: [
        { column: 'roleName', operator: 'in', value: ['Nurse', 'RVP'] },
        { column: 'lastName', operator: 'contains', value: 'o\'Brien & "co" ,;=?' },
        { column: 'createdAt', operator: 'between', value: ['2026-01-01T05:00:00.000Z', null] },
        { column: 'lastName', operator: 'isEmpty' },
      ],
      search: 'nurse one',
      columns: ['lastName', 'roleName', 'id'],
    };
    expect(roundTrip(state)).toEqual(state);
  });

  it('writes an explicit "no sort" and an explicit empty filter list, and reads them back', () => {
    const params = serializeTableUrl({ sort: [], filters: [] });
    expect(params.get('sort')).toBe('');
    expect(params.get('filters')).toBe('[]');
    expect(parseTableUrl(params)).toEqual({ sort: [], filters: [] });
  });

  it('leaves out page 1 and an empty search, and keeps parameters it does not own', () => {
    const params = serializeTableUrl({ page: 1, search: '' }, new URLSearchParams('tab=profile&page=4&search=x'));
    expect(params.toString()).toBe('tab=profile');
  });

  it('treats a URL without table parameters as blank', () => {
    expect(isBlankTableUrl(parseTableUrl(new URLSearchParams('redirect=/x')))).toBe(true);
    expect(isBlankTableUrl(parseTableUrl(new URLSearchParams('page=2')))).toBe(false);
  });

  it('ignores malformed values without throwing', () => {
    const bad = new URLSearchParams({
      viewId: '-3',
      page: 'two',
      pageSize: '100000',
      sort: 'lastName;drop table,--,-,ok_col',
      filters: '{not json',
      columns: ',,bad column,',
      search: '   ',
    });
    expect(parseTableUrl(bad)).toEqual({ sort: [{ column: 'ok_col', direction: 'asc' }] });
    expect(parseTableUrl(new URLSearchParams({ filters: '{"column":"a"}' }))).toEqual({});
    expect(parseTableUrl(new URLSearchParams({ page: '1e3', pageSize: '0', viewId: '1.5' }))).toEqual({});
  });

  it('drops filter entries of the wrong shape and keeps the good ones', () => {
    const filters = JSON.stringify([
      null,
      'x',
      [1, 2],
      { column: 'lastName', operator: 'like', value: 'a' },
      { column: 'bad key!', operator: 'equals', value: 'a' },
      { column: 'lastName', operator: 'equals', value: 'Smith', extra: true },
    ]);
    expect(parseTableUrl(new URLSearchParams({ filters }))).toEqual({
      filters: [{ column: 'lastName', operator: 'equals', value: 'Smith' }],
    });
  });

  it('caps a long search', () => {
    expect(parseTableUrl(new URLSearchParams({ search: 'a'.repeat(500) })).search).toHaveLength(200);
  });
});

describe('normalizeFilter', () => {
  it('checks operators against the column type', () => {
    expect(normalizeFilter({ column: 'isActive', operator: 'contains', value: 'y' }, column('isActive'))).toBeNull();
    expect(normalizeFilter({ column: 'isActive', operator: 'equals', value: false }, column('isActive'))).toEqual({
      column: 'isActive',
      operator: 'equals',
      value: false,
    });
  });

  it('checks value shapes: enum options, dates, integer cents, non-empty text', () => {
    expect(
      normalizeFilter({ column: 'roleName', operator: 'in', value: ['Nurse', 'Pilot', 'Nurse'] }, column('roleName')),
    ).toEqual({ column: 'roleName', operator: 'in', value: ['Nurse'] });
    expect(normalizeFilter({ column: 'roleName', operator: 'in', value: ['Pilot'] }, column('roleName'))).toBeNull();
    expect(normalizeFilter({ column: 'birthDate', operator: 'before', value: '2026-02-30x' }, column('birthDate'))).toBeNull();
    expect(normalizeFilter({ column: 'birthDate', operator: 'before', value: '2026-02-03' }, column('birthDate'))).not.toBeNull();
    expect(normalizeFilter({ column: 'rate', operator: 'equals', value: 12.5 }, column('rate'))).toBeNull();
    expect(normalizeFilter({ column: 'rate', operator: 'equals', value: 1250 }, column('rate'))).not.toBeNull();
    expect(normalizeFilter({ column: 'lastName', operator: 'contains', value: '  ' }, column('lastName'))).toBeNull();
    expect(normalizeFilter({ column: 'createdAt', operator: 'after', value: 'yesterday' }, column('createdAt'))).toBeNull();
    // A datetime column takes a calendar day (that day on each row's clock) or an instant.
    expect(normalizeFilter({ column: 'createdAt', operator: 'after', value: '2026-11-28' }, column('createdAt'))).not.toBeNull();
    expect(normalizeFilter({ column: 'createdAt', operator: 'after', value: '2026-13-01' }, column('createdAt'))).toBeNull();
  });

  it('accepts a between with one open end, not with none', () => {
    expect(normalizeFilter({ column: 'rate', operator: 'between', value: [100, null] }, column('rate'))).toEqual({
      column: 'rate',
      operator: 'between',
      value: [100, null],
    });
    expect(normalizeFilter({ column: 'rate', operator: 'between', value: ['', undefined] }, column('rate'))).toBeNull();
    expect(normalizeFilter({ column: 'rate', operator: 'between', value: [1] }, column('rate'))).toBeNull();
  });

  it('drops the value of isEmpty and refuses unfilterable or unknown columns', () => {
    expect(normalizeFilter({ column: 'lastName', operator: 'isEmpty', value: 'x' }, column('lastName'))).toEqual({
      column: 'lastName',
      operator: 'isEmpty',
    });
    expect(normalizeFilter({ column: 'branchNames', operator: 'isEmpty' }, column('branchNames'))).toBeNull();
    expect(normalizeFilter({ column: 'nope', operator: 'isEmpty' }, undefined)).toBeNull();
  });
});

describe('resolveTableState', () => {
  it('falls back to the view defaults', () => {
    expect(resolveTableState(meta, {})).toEqual({
      viewId: null,
      page: 1,
      pageSize: 50,
      sort: [{ column: 'lastName', direction: 'asc' }],
      filters: [],
      search: '',
      columns: ['lastName', 'roleName', 'isActive', 'branchNames'],
    });
  });

  it('prefers the URL, then saved-view defaults and the remembered page size', () => {
    const state = resolveTableState(
      meta,
      { sort: [], columns: ['roleName'] },
      {
        columns: ['id'],
        sort: [{ column: 'id', direction: 'desc' }],
        filters: [{ column: 'isActive', operator: 'equals', value: true }],
        pageSize: 250,
      },
    );
    expect(state.sort).toEqual([]);
    expect(state.columns).toEqual(['roleName']);
    expect(state.filters).toEqual([{ column: 'isActive', operator: 'equals', value: true }]);
    expect(state.pageSize).toBe(250);
  });

  it('drops unknown columns, unsortable sorts and unfitting filters from a hand-edited link', () => {
    const state = resolveTableState(meta, {
      columns: ['nope', 'roleName', 'roleName'],
      sort: [
        { column: 'branchNames', direction: 'asc' },
        { column: 'nope', direction: 'desc' },
      ],
      filters: [
        { column: 'nope', operator: 'equals', value: 1 },
        { column: 'roleName', operator: 'equals', value: 'Nurse' },
      ],
    });
    expect(state.columns).toEqual(['roleName']);
    expect(state.sort).toEqual([]);
    expect(state.filters).toEqual([{ column: 'roleName', operator: 'equals', value: 'Nurse' }]);
    expect(resolveTableState(meta, { columns: ['nope'] }).columns).toEqual(['lastName', 'roleName', 'isActive', 'branchNames']);
  });

  it('ignores a search on a view that cannot be searched', () => {
    expect(resolveTableState({ ...meta, searchable: false }, { search: 'x' }).search).toBe('');
  });
});

describe('sorting and columns', () => {
  it('cycles a header through ascending, descending and none', () => {
    const asc = nextSort([{ column: 'id', direction: 'asc' }], 'lastName');
    expect(asc).toEqual([{ column: 'lastName', direction: 'asc' }]);
    const desc = nextSort(asc, 'lastName');
    expect(desc).toEqual([{ column: 'lastName', direction: 'desc' }]);
    expect(nextSort(desc, 'lastName')).toEqual([]);
    expect(ariaSortOf(asc, 'lastName')).toBe('ascending');
    expect(ariaSortOf(desc, 'lastName')).toBe('descending');
    expect(ariaSortOf(desc, 'id')).toBe('none');
  });

  it('moves a column up and down within bounds', () => {
    expect(moveKey(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveKey(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveKey(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveKey(['a', 'b'], 'x', 1)).toEqual(['a', 'b']);
  });

  it('compares setups for the "changed" mark of a saved view', () => {
    const a = { columns: ['a'], sort: [], filters: [] };
    expect(sameSetup(a, { ...a })).toBe(true);
    expect(sameSetup(a, { ...a, columns: ['b'] })).toBe(false);
  });
});
