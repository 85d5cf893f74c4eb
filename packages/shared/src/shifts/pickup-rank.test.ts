import { describe, expect, it } from 'vitest';
import { comparePickupCandidates, distanceMetres, rankPickupCandidates } from './pickup-rank';

describe('distanceMetres', () => {
  it('is 0 between a point and itself', () => {
    expect(distanceMetres({ lat: 42.3588, lon: -71.0616 }, { lat: 42.3588, lon: -71.0616 })).toBe(0);
  });

  it('measures Boston to Worcester (about 62 km as the crow flies)', () => {
    const d = distanceMetres({ lat: 42.3588, lon: -71.0616 }, { lat: 42.2626, lon: -71.8023 });
    expect(d).toBeGreaterThan(61_700);
    expect(d).toBeLessThan(62_000);
  });

  it('measures one degree of latitude as about 111.2 km and is symmetric', () => {
    const a = { lat: 10, lon: 20 };
    const b = { lat: 11, lon: 20 };
    expect(distanceMetres(a, b)).toBeCloseTo(111_195, -1);
    expect(distanceMetres(b, a)).toBe(distanceMetres(a, b));
  });

  it('shrinks a degree of longitude with latitude (cos 60° = 0.5)', () => {
    const atEquator = distanceMetres({ lat: 0, lon: 0 }, { lat: 0, lon: 1 })!;
    const at60 = distanceMetres({ lat: 60, lon: 0 }, { lat: 60, lon: 1 })!;
    expect(at60 / atEquator).toBeCloseTo(0.5, 2);
  });

  it('crosses the antimeridian the short way', () => {
    expect(distanceMetres({ lat: 0, lon: 179.5 }, { lat: 0, lon: -179.5 })).toBeCloseTo(111_195, -1);
  });

  it('is null when a point or a coordinate is missing', () => {
    expect(distanceMetres(null, { lat: 1, lon: 1 })).toBeNull();
    expect(distanceMetres({ lat: 1, lon: null }, { lat: 1, lon: 1 })).toBeNull();
    expect(distanceMetres({ lat: 1, lon: 1 }, { lat: null, lon: 1 })).toBeNull();
  });
});

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
