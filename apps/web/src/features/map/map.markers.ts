import type { MapLocations, MapVisit } from '@hearth/shared/map/map.schema';
import { i18n } from '@/i18n/i18n.setup';

/** The map's layers, each with its own colour and marker shape (legend order). */
export const MAP_LAYERS = ['clients', 'caregivers', 'visits', 'branches'] as const;
export type MapLayer = (typeof MAP_LAYERS)[number];

/** How each layer looks: colour (Mantine palette hex) and shape of its markers. */
export const LAYER_LOOK: Record<MapLayer, { color: string; shape: 'circle' | 'square' | 'pin' | 'office' }> = {
  clients: { color: '#0ca678', shape: 'circle' },
  caregivers: { color: '#4263eb', shape: 'square' },
  visits: { color: '#f76707', shape: 'pin' },
  branches: { color: '#343a40', shape: 'office' },
};

/** A layer's name in the legend and on its markers ("Today's visits"), in the shown language. */
export function layerLabel(layer: MapLayer): string {
  return i18n.t(`map.layer.${layer}`, { ns: 'schedule' });
}

/** One thing drawn on the map, with what its popup shows. */
export interface MapMarker {
  /** Unique on the map: layer and id ("clients-12"). */
  key: string;
  layer: MapLayer;
  lat: number;
  lon: number;
  /** Accessible name of the marker and title of its popup. */
  title: string;
  /** The profile the title links to, if any. */
  href: string | null;
  address: string | null;
  visit: MapVisit | null;
}

/** The markers of the visible layers, from getMapLocations' output, in drawing order (later on top). */
export function markersOf(data: MapLocations, visible: Record<MapLayer, boolean>): MapMarker[] {
  const markers: MapMarker[] = [];
  const base = { address: null, visit: null, href: null };
  if (visible.clients)
    for (const c of data.clients)
      markers.push({
        ...base,
        key: `clients-${c.id}`,
        layer: 'clients',
        lat: c.lat,
        lon: c.lon,
        title: c.name,
        address: c.address,
        href: `/clients/${c.id}/profile`,
      });
  if (visible.caregivers)
    for (const c of data.caregivers)
      markers.push({
        ...base,
        key: `caregivers-${c.id}`,
        layer: 'caregivers',
        lat: c.lat,
        lon: c.lon,
        title: c.name,
        address: c.address,
        href: `/caregivers/${c.id}/profile`,
      });
  if (visible.visits) {
    const addresses = new Map(data.clients.map((c) => [c.id, c.address]));
    for (const v of data.visits)
      markers.push({
        key: `visits-${v.shiftId}`,
        layer: 'visits',
        lat: v.lat,
        lon: v.lon,
        title: i18n.t('map.visitTitle', { ns: 'schedule', client: v.clientName }),
        href: `/clients/${v.clientId}/profile`,
        address: addresses.get(v.clientId) ?? null,
        visit: v,
      });
  }
  // Drawn last, so the few offices stay on top of the people around them.
  if (visible.branches)
    for (const b of data.branches)
      markers.push({
        ...base,
        key: `branches-${b.id}`,
        layer: 'branches',
        lat: b.lat,
        lon: b.lon,
        title: i18n.t('map.officeTitle', { ns: 'schedule', branch: b.name }),
      });
  return markers;
}

/** How many of each layer the data holds (the legend's counts). */
export function layerCounts(data: MapLocations | undefined): Record<MapLayer, number> {
  return {
    clients: data?.clients.length ?? 0,
    caregivers: data?.caregivers.length ?? 0,
    visits: data?.visits.length ?? 0,
    branches: data?.branches.length ?? 0,
  };
}

/**
 * Web Mercator (EPSG:3857) of WGS84 degrees, normalised to the unit square: x 0 at 180°W to 1 at 180°E, y 0 at
 * the top (about 85.05°N) to 1 at the bottom; latitudes are clamped to the projection's limit.
 */
export function mercator(lat: number, lon: number): { x: number; y: number } {
  const clamped = Math.max(-85.0511, Math.min(85.0511, lat));
  const phi = (clamped * Math.PI) / 180;
  return { x: (lon + 180) / 360, y: (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2 };
}

/**
 * Places points in a box of `width` x `height` pixels: the Mercator bounds of the points, centred, one scale on
 * both axes (so distances keep their proportions), `padding` pixels on every side. One point sits in the middle.
 * @returns pixel positions in the order of `points`, and the scale in pixels per unit of the Mercator square.
 */
export function fitPoints(
  points: { lat: number; lon: number }[],
  width: number,
  height: number,
  padding = 32,
): { positions: { left: number; top: number }[]; scale: number } {
  const projected = points.map((p) => mercator(p.lat, p.lon));
  if (projected.length === 0) return { positions: [], scale: 0 };
  const xs = projected.map((p) => p.x);
  const ys = projected.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const innerW = Math.max(1, width - 2 * padding);
  const innerH = Math.max(1, height - 2 * padding);
  // About street level when every point is in one place, so one marker does not fill the box.
  const scale =
    spanX === 0 && spanY === 0 ? 2 ** 16 : Math.min(spanX ? innerW / spanX : Infinity, spanY ? innerH / spanY : Infinity);
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  return {
    positions: projected.map((p) => ({ left: width / 2 + (p.x - cx) * scale, top: height / 2 + (p.y - cy) * scale })),
    scale,
  };
}
