import { useMemo } from 'react';
import { CloseButton, Paper } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { anchorOf, MarkerButton, MarkerCard } from './map-marker';
import { fitPoints } from './map.markers';
import { STYLE_LOOK } from './map.styles';
import type { MapViewProps } from './map-gl';

/**
 * The map without WebGL: the same markers placed by Web Mercator on the style's plain background with a faint
 * grid, framed to fit, and the selected marker's popup beside it. No tiles, pan or zoom; everything else (layers,
 * branch filter, popups with profile links) works as on the real map.
 */
export function MapPlot({
  markers,
  styleName,
  selected,
  onSelect,
}: Pick<MapViewProps, 'markers' | 'styleName' | 'selected' | 'onSelect'>) {
  const { t } = useTranslation('schedule');
  const { ref, width, height } = useElementSize();
  const look = STYLE_LOOK[styleName];
  const { positions } = useMemo(() => fitPoints(markers, width, height, 40), [markers, width, height]);
  const selectedIndex = selected ? markers.findIndex((m) => m.key === selected.key) : -1;
  const popupAt = selectedIndex >= 0 ? positions[selectedIndex] : undefined;
  const grid = `linear-gradient(${look.grid} 1px, transparent 1px), linear-gradient(90deg, ${look.grid} 1px, transparent 1px)`;
  return (
    <div
      ref={ref}
      data-map-renderer="plot"
      onClick={() => onSelect(null)}
      style={{
        position: 'absolute',
        inset: 0,
        overflow: 'hidden',
        background: look.background,
        backgroundImage: grid,
        backgroundSize: '48px 48px',
      }}
    >
      {width > 0 &&
        markers.map((marker, i) => {
          const at = positions[i]!;
          const lift = anchorOf(marker.layer) === 'bottom' ? '-100%' : '-50%';
          return (
            <div
              key={marker.key}
              style={{
                position: 'absolute',
                left: at.left,
                top: at.top,
                transform: `translate(-50%, ${lift})`,
                zIndex: marker.layer === 'visits' || marker.layer === 'branches' ? 2 : 1,
              }}
            >
              <MarkerButton marker={marker} selected={selected?.key === marker.key} onSelect={onSelect} />
            </div>
          );
        })}
      {selected && popupAt && (
        <Paper
          shadow="md"
          radius="md"
          p="sm"
          withBorder
          onClick={(e) => e.stopPropagation()}
          style={{
            position: 'absolute',
            zIndex: 3,
            // Beside the marker, kept inside the box.
            left: Math.min(Math.max(8, popupAt.left + 14), Math.max(8, width - 290)),
            top: Math.min(Math.max(8, popupAt.top - 20), Math.max(8, height - 190)),
          }}
        >
          <CloseButton
            size="sm"
            aria-label={t('map.closePopup')}
            onClick={() => onSelect(null)}
            style={{ position: 'absolute', top: 4, right: 4 }}
          />
          <MarkerCard marker={selected} />
        </Paper>
      )}
    </div>
  );
}
