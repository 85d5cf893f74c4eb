import { describe, expect, it } from 'vitest';
import { distanceMetres, geofenceOf } from './geofence';

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

describe('geofenceOf', () => {
  const home = { lat: 42.3588, lon: -71.0616 };
  /** A point `metres` north of `home` (one degree of latitude is about 111,195 m). */
  const north = (metres: number) => ({ lat: home.lat + metres / 111_195, lon: home.lon });

  it('is inside within the radius and on the circle itself, outside beyond it', () => {
    expect(geofenceOf(north(100), home, 150)).toMatchObject({ insideGeofence: true });
    const onCircle = distanceMetres(north(150), home)!;
    expect(geofenceOf(north(150), home, onCircle).insideGeofence).toBe(true);
    const far = geofenceOf(north(400), home, 150);
    expect(far.insideGeofence).toBe(false);
    expect(far.distanceMetres).toBeCloseTo(400, -1);
  });

  it('answers null for both when the position or the address coordinates are unknown', () => {
    expect(geofenceOf(null, home, 150)).toEqual({ distanceMetres: null, insideGeofence: null });
    expect(geofenceOf(home, { lat: null, lon: null }, 150)).toEqual({ distanceMetres: null, insideGeofence: null });
  });
});
