import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Box, Checkbox, Group, Loader, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAP_LOCATIONS_STALE_MS } from '@hearth/shared/map/map.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { shapeStyle } from './map-marker';
import { MapPlot } from './map-plot';
import { layerCounts, layerLabel, MAP_LAYERS, markersOf, type MapLayer, type MapMarker } from './map.markers';
import { DEFAULT_MAP_STYLE, MAP_STYLES, type MapStyleName } from './map.styles';
import { webglAvailable } from './map.webgl';

// MapLibre (about 1 MB) is fetched only when this browser can draw it.
const MapGl = lazy(() => import('./map-gl'));

const ALL_VISIBLE: Record<MapLayer, boolean> = { clients: true, caregivers: true, visits: true, branches: true };

/** The legend: one checkbox per layer with its marker swatch and count. */
function Legend(props: {
  counts: Record<MapLayer, number>;
  visible: Record<MapLayer, boolean>;
  onToggle: (layer: MapLayer) => void;
}) {
  const { t } = useTranslation('schedule');
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t('map.layersLabel')}>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('map.layers')}
        </Text>
        {MAP_LAYERS.map((layer) => (
          <Checkbox
            key={layer}
            size="xs"
            checked={props.visible[layer]}
            onChange={() => props.onToggle(layer)}
            label={
              <Group gap={8} wrap="nowrap">
                <span
                  aria-hidden
                  style={{
                    ...shapeStyle(layer),
                    cursor: 'default',
                    transform: undefined,
                    marginBottom: 0,
                    width: 12,
                    height: 12,
                  }}
                />
                <span>{t('map.layerCount', { label: layerLabel(layer), n: props.counts[layer] })}</span>
              </Group>
            }
          />
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * /map (spec routes; issue "Payroll, billing, reports" item 5): the clients, caregivers, branch offices and
 * today's visits of the caller's branches (getMapLocations, stale after 1 hour as the spec says) on MapLibre GL,
 * filtered by branch, in the light (default), dark or navigation style, with a legend that shows and hides each
 * layer. Without WebGL the same markers are drawn on a plain plot; without tiles, on the style's background.
 */
export function MapPage() {
  const trpc = useTRPC();
  const { t } = useTranslation('schedule');
  const [branchId, setBranchId] = useState<string | null>(null);
  const [styleName, setStyleName] = useState<MapStyleName>(DEFAULT_MAP_STYLE);
  const [visible, setVisible] = useState(ALL_VISIBLE);
  const [renderer, setRenderer] = useState<'webgl' | 'plot'>(() => (webglAvailable() ? 'webgl' : 'plot'));
  const [tilesFailed, setTilesFailed] = useState(false);
  const [selected, setSelected] = useState<MapMarker | null>(null);
  const branches = useQuery({ ...trpc.getBranches.queryOptions(), staleTime: MAP_LOCATIONS_STALE_MS });
  const locations = useQuery({
    ...trpc.getMapLocations.queryOptions(branchId ? { branchId: Number(branchId) } : undefined),
    staleTime: MAP_LOCATIONS_STALE_MS,
  });
  const data = locations.data;
  const markers = useMemo(() => (data ? markersOf(data, visible) : []), [data, visible]);
  const counts = layerCounts(data);
  const tiles = data?.tiles ?? null;
  const toggle = (layer: MapLayer) => {
    setVisible((v) => ({ ...v, [layer]: !v[layer] }));
    if (selected?.layer === layer) setSelected(null);
  };
  const notice =
    renderer === 'plot' ? t('map.noWebgl') : data && !tiles ? t('map.noTiles') : tilesFailed ? t('map.tilesFailed') : null;
  const view = { markers, styleName, selected, onSelect: setSelected };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs" align="flex-end">
        <Title order={2}>{t('map.title')}</Title>
        <Group gap="sm" align="flex-end">
          <Select
            label={t('map.branch')}
            placeholder={t('map.allBranches')}
            clearable
            w={200}
            data={(branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
            value={branchId}
            onChange={(value) => {
              setBranchId(value);
              setSelected(null);
            }}
          />
          <SegmentedControl
            aria-label={t('map.styleLabel')}
            size="xs"
            value={styleName}
            onChange={(value) => setStyleName(value as MapStyleName)}
            data={MAP_STYLES.map((s) => ({ value: s, label: t(`map.style.${s}`) }))}
          />
        </Group>
      </Group>
      {locations.isError && (
        <Alert color="red" title={t('map.loadError')}>
          {errorMessageOf(locations.error)}
        </Alert>
      )}
      {notice && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={16} />} py={6} role="status">
          <Text size="xs">{notice}</Text>
        </Alert>
      )}
      <Box style={{ display: 'flex', gap: 'var(--mantine-spacing-md)', flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Paper
          withBorder
          radius="md"
          aria-label={t('map.regionLabel')}
          role="region"
          style={{ position: 'relative', overflow: 'hidden', flex: '1 1 480px', height: 'max(420px, calc(100vh - 260px))' }}
        >
          {locations.isPending ? (
            <Group justify="center" h="100%">
              <Loader size="sm" />
            </Group>
          ) : renderer === 'webgl' ? (
            <Suspense fallback={<Loader size="sm" m="md" />}>
              <MapGl
                {...view}
                tiles={tiles}
                fitKey={`${branchId ?? 'all'}-${locations.dataUpdatedAt}`}
                onTilesFailed={() => setTilesFailed(true)}
                onUnsupported={() => setRenderer('plot')}
              />
            </Suspense>
          ) : (
            <MapPlot {...view} />
          )}
        </Paper>
        <Box style={{ flex: '0 1 220px', minWidth: 200 }}>
          <Legend counts={counts} visible={visible} onToggle={toggle} />
        </Box>
      </Box>
    </Stack>
  );
}
