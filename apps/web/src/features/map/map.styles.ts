import type { StyleSpecification } from 'maplibre-gl';
import type { MapTiles } from '@hearth/shared/map/map.schema';

/** The map's styles (spec section 9: dark, light and a navigation style exist; light is the default). */
export const MAP_STYLES = ['light', 'dark', 'navigation'] as const;
export type MapStyleName = (typeof MAP_STYLES)[number];
export const DEFAULT_MAP_STYLE: MapStyleName = 'light';

/**
 * What each style paints: the background shown where no tile is (or when tiles cannot load) and the raster paint
 * of the tiles: dark dims and desaturates them, navigation raises contrast and colour so roads stand out.
 */
export const STYLE_LOOK: Record<MapStyleName, { background: string; grid: string; raster: Record<string, number> }> = {
  light: { background: '#f1f3f5', grid: '#dee2e6', raster: {} },
  dark: {
    background: '#1a1b1e',
    grid: '#2c2e33',
    raster: { 'raster-saturation': -0.8, 'raster-brightness-max': 0.45, 'raster-brightness-min': 0.05, 'raster-contrast': 0.15 },
  },
  navigation: {
    background: '#e7f5ff',
    grid: '#a5d8ff',
    raster: { 'raster-contrast': 0.35, 'raster-saturation': 0.35, 'raster-brightness-min': 0.05 },
  },
};

/** The id of the raster source in every style, so tile errors can be told from others. */
export const TILE_SOURCE_ID = 'tiles';

/**
 * A MapLibre style built in code: the style's background, and the configured XYZ raster tiles (256 px, with their
 * attribution) painted the style's way; only the background when `tiles` is null.
 */
export function buildMapStyle(name: MapStyleName, tiles: MapTiles): StyleSpecification {
  const look = STYLE_LOOK[name];
  const style: StyleSpecification = {
    version: 8,
    // A style switch repaints at once instead of fading through a mix of the two backgrounds.
    transition: { duration: 0, delay: 0 },
    sources: {},
    layers: [{ id: 'background', type: 'background', paint: { 'background-color': look.background } }],
  };
  if (tiles) {
    style.sources[TILE_SOURCE_ID] = {
      type: 'raster',
      tiles: [tiles.url],
      tileSize: 256,
      maxzoom: 19,
      attribution: tiles.attribution,
    };
    style.layers.push({ id: 'tiles', type: 'raster', source: TILE_SOURCE_ID, paint: look.raster });
  }
  return style;
}
