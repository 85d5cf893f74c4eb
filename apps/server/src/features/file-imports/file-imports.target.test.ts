import { describe, expect, it } from 'vitest';
import { columnsIn } from './file-imports.target';

describe('columnsIn', () => {
  const types = { first_name: 'text', date_of_birth: 'date', lat: 'float8', is_primary: 'bool' } as const;

  it('keeps the columns some row sets, in the order of the types, whatever their values', () => {
    const rows = [{ first_name: 'Ana' }, { lat: null, first_name: 'Rui' }, { is_primary: false, extra: 1 }];
    expect(columnsIn(types, rows)).toEqual({ first_name: 'text', lat: 'float8', is_primary: 'bool' });
    expect(Object.keys(columnsIn(types, rows))).toEqual(['first_name', 'lat', 'is_primary']);
  });

  it('is empty for no rows and never names a column the types lack', () => {
    expect(columnsIn(types, [])).toEqual({});
    expect(columnsIn(types, [{ notes: 'x' }])).toEqual({});
  });
});
