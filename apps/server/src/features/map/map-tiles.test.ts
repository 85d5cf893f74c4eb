import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILE_URL, loadConfig, loadMapTiles } from '../../config';

describe('the map tile setting (MAP_TILE_URL, MAP_TILE_ATTRIBUTION)', () => {
  it("defaults to OpenStreetMap's tiles with their attribution", () => {
    expect(loadMapTiles({})).toEqual({ url: DEFAULT_MAP_TILE_URL, attribution: '© OpenStreetMap contributors' });
    expect(loadConfig({}).mapTiles?.url).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  });

  it('means no tiles when empty', () => {
    expect(loadMapTiles({ MAP_TILE_URL: '' })).toBeNull();
    expect(loadMapTiles({ MAP_TILE_URL: '  ' })).toBeNull();
  });

  it('takes another template with its own attribution', () => {
    const url = 'https://tiles.example.com/{z}/{x}/{y}.png';
    expect(loadMapTiles({ MAP_TILE_URL: url })).toEqual({ url, attribution: '' });
    expect(loadMapTiles({ MAP_TILE_URL: url, MAP_TILE_ATTRIBUTION: '© Example' })).toEqual({ url, attribution: '© Example' });
  });

  it('refuses a template without {z}, {x} and {y} at start', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.com/tile.png' })).toThrow(/MAP_TILE_URL/);
  });
});
