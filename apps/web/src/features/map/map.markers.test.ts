import { describe, expect, it } from 'vitest';
import type { MapLocations } from '@hearth/shared/map/map.schema';
import { fitPoints, layerCounts, markersOf, mercator } from './map.markers';
import { buildMapStyle } from './map.styles';

const data: MapLocations = {
  branches: [{ id: 1, name: 'Boston', lat: 42.3588, lon: -71.0616 }],
  clients: [{ id: 7, name: 'Doe, Ann', lat: 42.36, lon: -71.06, address: '1 Elm St, Boston, MA 02108', branchId: 1 }],
  caregivers: [{ id: 9, name: 'Roe, Gus', lat: 42.3, lon: -71.1, address: '2 Oak St, Boston, MA 02108', branchId: 1 }],
  visits: [
    {
      shiftId: 30,
      clientId: 7,
      caregiverId: null,
      clientName: 'Doe, Ann',
      caregiverName: null,
      startAt: '2031-06-03T13:00:00.000Z',
      endAt: '2031-06-03T15:00:00.000Z',
      timeZone: 'America/New_York',
      status: 'scheduled',
      lat: 42.36,
      lon: -71.06,
    },
  ],
  tiles: null,
};

describe('map markers', () => {
  it('makes one marker per item of the visible layers, linking to profiles', () => {
    const all = markersOf(data, { clients: true, caregivers: true, visits: true, branches: true });
    expect(all.map((m) => m.key)).toEqual(['clients-7', 'caregivers-9', 'visits-30', 'branches-1']);
    expect(all.find((m) => m.layer === 'caregivers')?.href).toBe('/caregivers/9/profile');
    expect(all.find((m) => m.layer === 'visits')).toMatchObject({
      href: '/clients/7/profile',
      address: '1 Elm St, Boston, MA 02108',
    });
    const some = markersOf(data, { clients: true, caregivers: false, visits: false, branches: false });
    expect(some.map((m) => m.key)).toEqual(['clients-7']);
    expect(layerCounts(data)).toEqual({ clients: 1, caregivers: 1, visits: 1, branches: 1 });
  });

  it('projects by Web Mercator: the equator and meridian in the middle, north up', () => {
    expect(mercator(0, 0)).toEqual({ x: 0.5, y: 0.5 });
    expect(mercator(42, -71).y).toBeLessThan(0.5);
    expect(mercator(90, 0).y).toBeCloseTo(0, 3);
  });

  it('fits points into a box with padding, one scale on both axes', () => {
    const { positions } = fitPoints(
      [
        { lat: 42.0, lon: -73.0 },
        { lat: 42.3, lon: -71.0 },
      ],
      800,
      400,
      40,
    );
    const [west, east] = positions;
    expect(west!.left).toBeCloseTo(40, 3);
    expect(east!.left).toBeCloseTo(760, 3);
    // North is up, and the vertical span keeps the horizontal scale (inside the box).
    expect(east!.top).toBeLessThan(west!.top);
    expect(west!.top - east!.top).toBeLessThan(320);
    expect(fitPoints([{ lat: 42, lon: -71 }], 800, 400).positions).toEqual([{ left: 400, top: 200 }]);
  });
});

describe('map styles', () => {
  it('builds the raster tiles into each style, or the background alone without tiles', () => {
    const tiles = { url: 'https://tile.example/{z}/{x}/{y}.png', attribution: '© Example' };
    expect(buildMapStyle('dark', tiles).layers.map((l) => l.id)).toEqual(['background', 'tiles']);
    expect(buildMapStyle('dark', tiles).layers[1]).toMatchObject({ paint: { 'raster-saturation': -0.8 } });
    expect(buildMapStyle('light', null).layers.map((l) => l.id)).toEqual(['background']);
  });
});
