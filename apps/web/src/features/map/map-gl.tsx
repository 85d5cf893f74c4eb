import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { LngLatBounds, Map as MapLibreMap, Marker, NavigationControl, Popup, setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import classes from './map-gl.module.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { MapTiles } from '@hearth/shared/map/map.schema';
import { i18n } from '@/i18n/i18n.setup';
import { anchorOf, MarkerButton, MarkerCard } from './map-marker';
import type { MapMarker } from './map.markers';
import { buildMapStyle, TILE_SOURCE_ID, type MapStyleName } from './map.styles';

// The bundler moves the worker out of the package folder, where MapLibre would look for it by default.
setWorkerUrl(workerUrl);

export interface MapViewProps {
  markers: MapMarker[];
  tiles: MapTiles;
  styleName: MapStyleName;
  /** Changes when the map should frame its markers again (another branch, new data). */
  fitKey: string;
  selected: MapMarker | null;
  onSelect: (marker: MapMarker | null) => void;
  /** Tiles failed to load (no network, a wrong MAP_TILE_URL): the page says so, markers stay. */
  onTilesFailed: () => void;
  /** The map could not start (no WebGL): the page falls back to the plain plot. */
  onUnsupported: () => void;
}

/** Frames the markers: one marker at street level, several with padding, none leaves the view as it is. */
function fit(map: MapLibreMap, markers: MapMarker[]) {
  if (markers.length === 0) return;
  const bounds = new LngLatBounds();
  for (const m of markers) bounds.extend([m.lon, m.lat]);
  map.fitBounds(bounds, { padding: 48, maxZoom: 14, duration: 0 });
}

/**
 * The MapLibre GL map: the chosen style (built in code over the configured raster tiles), the markers as DOM
 * buttons (the same as the plain plot's, so both paths look and test alike) and the selected marker's popup.
 * React renders markers and popup through portals into MapLibre's elements, so links keep the router.
 */
export default function MapGl(props: MapViewProps) {
  const { markers, tiles, styleName, fitKey, selected, onSelect, onTilesFailed, onUnsupported } = props;
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  // Detached elements MapLibre positions and React renders into (portals); new ones for new markers.
  const slots = useMemo(() => markers.map((marker) => ({ marker, element: document.createElement('div') })), [markers]);
  const popupElement = useMemo(() => (selected ? document.createElement('div') : null), [selected]);
  const callbacks = useRef({ onTilesFailed, onUnsupported, onSelect });
  const markersRef = useRef(markers);
  useEffect(() => {
    callbacks.current = { onTilesFailed, onUnsupported, onSelect };
    markersRef.current = markers;
  });
  const styleRef = useRef({ styleName, tiles });

  useEffect(() => {
    if (!container.current) return;
    let created: MapLibreMap;
    try {
      const { styleName: name, tiles: initialTiles } = styleRef.current;
      created = new MapLibreMap({
        container: container.current,
        style: buildMapStyle(name, initialTiles),
        center: [-71.06, 42.36],
        zoom: 8,
        // MapLibre's own words (its buttons' names and the map's) in the shown language.
        locale: {
          'Map.Title': i18n.t('map.title', { ns: 'schedule' }),
          'NavigationControl.ZoomIn': i18n.t('map.zoomIn', { ns: 'schedule' }),
          'NavigationControl.ZoomOut': i18n.t('map.zoomOut', { ns: 'schedule' }),
          'AttributionControl.ToggleAttribution': i18n.t('map.toggleAttribution', { ns: 'schedule' }),
          'Popup.Close': i18n.t('map.closePopup', { ns: 'schedule' }),
        },
      });
    } catch {
      callbacks.current.onUnsupported();
      return;
    }
    created.addControl(new NavigationControl({ showCompass: false }), 'top-left');
    created.on('error', (event: { sourceId?: string; tile?: unknown; error?: { message?: string } }) => {
      if (event.sourceId === TILE_SOURCE_ID || event.tile) callbacks.current.onTilesFailed();
      else if (/webgl/i.test(event.error?.message ?? '')) callbacks.current.onUnsupported();
    });
    setMap(created);
    return () => created.remove();
  }, []);

  useEffect(() => {
    if (map && (styleRef.current.styleName !== styleName || styleRef.current.tiles !== tiles)) {
      styleRef.current = { styleName, tiles };
      map.setStyle(buildMapStyle(styleName, tiles));
    }
  }, [map, styleName, tiles]);

  useEffect(() => {
    if (!map) return;
    const placed = slots.map(({ marker, element }) =>
      new Marker({ element, anchor: anchorOf(marker.layer) }).setLngLat([marker.lon, marker.lat]).addTo(map),
    );
    return () => placed.forEach((handle) => handle.remove());
  }, [map, slots]);

  useEffect(() => {
    if (map) fit(map, markersRef.current);
  }, [map, fitKey]);

  useEffect(() => {
    if (!map || !selected || !popupElement) return;
    const popup = new Popup({ offset: anchorOf(selected.layer) === 'bottom' ? 24 : 12, maxWidth: '280px', focusAfterOpen: false })
      .setLngLat([selected.lon, selected.lat])
      .setDOMContent(popupElement)
      .addTo(map);
    // Closed by its button or a click on the map; not when another marker's popup replaces it.
    let replacing = false;
    popup.on('close', () => {
      if (!replacing) callbacks.current.onSelect(null);
    });
    return () => {
      replacing = true;
      popup.remove();
    };
  }, [map, selected, popupElement]);

  return (
    <div ref={container} className={classes.map} style={{ position: 'absolute', inset: 0 }} data-map-renderer="webgl">
      {slots.map(({ marker, element }) =>
        createPortal(
          <MarkerButton marker={marker} selected={selected?.key === marker.key} onSelect={onSelect} />,
          element,
          marker.key,
        ),
      )}
      {popupElement && selected && createPortal(<MarkerCard marker={selected} />, popupElement)}
    </div>
  );
}
