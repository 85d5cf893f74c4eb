import type { CSSProperties } from 'react';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInstantRange } from '@/format/instant-format';
import type { ShiftStatus } from '@hearth/shared/shifts/shifts.constants';
import { i18n } from '@/i18n/i18n.setup';
import { LAYER_LOOK, layerLabel, type MapLayer, type MapMarker } from './map.markers';

/** Colour of a visit's status badge. */
const STATUS_COLOR: Record<string, string> = {
  scheduled: 'blue',
  in_progress: 'orange',
  completed: 'teal',
  missed: 'red',
  cancelled: 'gray',
};

/** The CSS of a layer's marker shape (the legend draws the same swatch). */
export function shapeStyle(layer: MapLayer, selected = false): CSSProperties {
  const { color, shape } = LAYER_LOOK[layer];
  const base: CSSProperties = {
    display: 'block',
    padding: 0,
    cursor: 'pointer',
    background: color,
    border: '2px solid #fff',
    boxShadow: selected ? `0 0 0 3px ${color}66, 0 1px 4px rgba(0,0,0,.45)` : '0 1px 3px rgba(0,0,0,.4)',
  };
  switch (shape) {
    case 'circle':
      return { ...base, width: 14, height: 14, borderRadius: '50%' };
    case 'square':
      return { ...base, width: 13, height: 13, borderRadius: 2 };
    case 'pin':
      // A teardrop pointing at its place; the marker is anchored at its bottom.
      return { ...base, width: 16, height: 16, borderRadius: '50% 50% 50% 0', transform: 'rotate(-45deg)', marginBottom: 4 };
    case 'office':
      return { ...base, width: 20, height: 20, borderRadius: 4, display: 'grid', placeItems: 'center', color: '#fff' };
  }
}

/** Where a marker's place is on its shape: the bottom tip for pins, the centre otherwise. */
export const anchorOf = (layer: MapLayer): 'bottom' | 'center' => (LAYER_LOOK[layer].shape === 'pin' ? 'bottom' : 'center');

/** A marker: a button shaped and coloured by its layer, named for screen readers and tests. */
export function MarkerButton({
  marker,
  selected,
  onSelect,
}: {
  marker: MapMarker;
  selected: boolean;
  onSelect: (m: MapMarker) => void;
}) {
  return (
    <button
      type="button"
      aria-label={i18n.t('map.markerLabel', { ns: 'schedule', layer: layerLabel(marker.layer), title: marker.title })}
      data-map-marker={marker.layer}
      style={shapeStyle(marker.layer, selected)}
      onClick={(e) => {
        e.stopPropagation();
        onSelect(marker);
      }}
    >
      {marker.layer === 'branches' && <IconBuilding size={12} stroke={2} />}
    </button>
  );
}

/** A marker's popup: name (linking to the profile), address, and for a visit its times, status and caregiver. */
export function MarkerCard({ marker }: { marker: MapMarker }) {
  const { t } = useTranslation('schedule');
  const v = marker.visit;
  return (
    <Stack gap={4} miw={200} maw={260} data-testid="map-popup">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {layerLabel(marker.layer)}
      </Text>
      {marker.href ? (
        <Anchor component={Link} to={marker.href} size="sm" fw={600}>
          {v ? v.clientName : marker.title}
        </Anchor>
      ) : (
        <Text size="sm" fw={600}>
          {marker.title}
        </Text>
      )}
      {marker.address && (
        <Text size="xs" c="dimmed">
          {marker.address}
        </Text>
      )}
      {v && (
        <>
          <Group gap={6}>
            <Text size="xs">{formatInstantRange(v.startAt, v.endAt, v.timeZone)}</Text>
            <Badge size="xs" variant="light" color={STATUS_COLOR[v.status] ?? 'gray'}>
              {i18n.exists(`status.${v.status}`, { ns: 'schedule' })
                ? t(`status.${v.status as ShiftStatus}`)
                : v.status.replace('_', ' ')}
            </Badge>
          </Group>
          {v.caregiverId !== null && v.caregiverName ? (
            <Text size="xs">
              {t('map.caregiver')}{' '}
              <Anchor component={Link} to={`/caregivers/${v.caregiverId}/profile`} size="xs">
                {v.caregiverName}
              </Anchor>
            </Text>
          ) : (
            <Text size="xs" c="orange.8">
              {t('map.openNoCaregiver')}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
