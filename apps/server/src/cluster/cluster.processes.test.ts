import { describe, expect, it } from 'vitest';
import { processCountOf } from './cluster.processes';

const PG = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/hearth' };

describe('processCountOf', () => {
  it('is one process unless HEARTH_PROCESSES says otherwise', () => {
    expect(processCountOf({}, 8)).toBe(1);
    expect(processCountOf({ HEARTH_PROCESSES: ' ' }, 8)).toBe(1);
    expect(processCountOf({ HEARTH_PROCESSES: '1' }, 8)).toBe(1);
  });

  it('reads a number, or auto as one per core', () => {
    expect(processCountOf({ ...PG, HEARTH_PROCESSES: '3' }, 8)).toBe(3);
    expect(processCountOf({ ...PG, HEARTH_PROCESSES: 'auto' }, 2)).toBe(2);
    // One core is one process, even on the embedded database.
    expect(processCountOf({ HEARTH_PROCESSES: 'auto' }, 1)).toBe(1);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['0', '-2', '1.5', 'two', '65', '2x']) {
      expect(() => processCountOf({ ...PG, HEARTH_PROCESSES: bad }, 2)).toThrow(
        'HEARTH_PROCESSES must be a whole number from 1 to 64, or auto',
      );
    }
  });

  it('refuses several processes on the embedded database', () => {
    expect(() => processCountOf({ HEARTH_PROCESSES: '2' }, 2)).toThrow(
      'HEARTH_PROCESSES above 1 needs PostgreSQL (DATABASE_URL): the embedded database serves one process',
    );
    expect(() => processCountOf({ HEARTH_PROCESSES: 'auto' }, 4)).toThrow(/needs PostgreSQL/);
  });
});
