import { describe, expect, it } from 'vitest';
import { comparePickupCandidates, rankPickupCandidates } from './pickup-rank';

describe('rankPickupCandidates', () => {
  it('puts the nearest first, unknown distances last, then more past visits, then the name', () => {
    const ranked = rankPickupCandidates([
      { name: 'Far', distanceMetres: 9000, pastVisits: 50 },
      { name: 'Unknown regular', distanceMetres: null, pastVisits: 40 },
      { name: 'Near stranger', distanceMetres: 1000, pastVisits: 0 },
      { name: 'Near regular', distanceMetres: 1000, pastVisits: 3 },
      { name: 'Unknown B', distanceMetres: null, pastVisits: 0 },
      { name: 'Unknown A', distanceMetres: null, pastVisits: 0 },
      { name: 'Nearest', distanceMetres: 10, pastVisits: 0 },
    ]);
    expect(ranked.map((c) => [c.rank, c.name])).toEqual([
      [1, 'Nearest'],
      [2, 'Near regular'],
      [3, 'Near stranger'],
      [4, 'Far'],
      [5, 'Unknown regular'],
      [6, 'Unknown A'],
      [7, 'Unknown B'],
    ]);
  });

  it('does not reorder its input', () => {
    const input = [
      { name: 'B', distanceMetres: 2, pastVisits: 0 },
      { name: 'A', distanceMetres: 1, pastVisits: 0 },
    ];
    rankPickupCandidates(input);
    expect(input.map((c) => c.name)).toEqual(['B', 'A']);
  });

  it('compares equal candidates as 0', () => {
    const c = { name: 'Same', distanceMetres: 5, pastVisits: 1 };
    expect(comparePickupCandidates(c, { ...c })).toBe(0);
  });
});
