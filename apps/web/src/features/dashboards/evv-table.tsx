import { useState } from 'react';
import { Anchor, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EvvCounts } from '@hearth/shared/dashboards/dashboards.schema';
import { percentText } from './dashboards.format';

/** A row of the caregiver or client table: a person's EVV counts and the link of their drill-down. */
export type EvvTableRow = EvvCounts & { id: number; name: string; to: string };

type SortKey = 'name' | 'visits' | 'compliant' | 'rate' | 'geofenceExceptions' | 'manualEdits' | 'lateCheckIns';

/** The sortable columns, in order; each header's text is `evvTable.<key>` of the reports catalogue. */
const COLUMNS: SortKey[] = ['name', 'visits', 'compliant', 'rate', 'geofenceExceptions', 'manualEdits', 'lateCheckIns'];

function compare(a: EvvTableRow, b: EvvTableRow, key: SortKey): number {
  if (key === 'name') return a.name.localeCompare(b.name);
  // No rate sorts below every rate.
  return (a[key] ?? -1) - (b[key] ?? -1);
}

/**
 * The EVV counts per caregiver or per client, sortable by any column (click a header; again to reverse); the
 * name opens the person's drill-down. Sorted by rate, lowest first, to start with the visits needing attention.
 */
export function EvvTable({ rows, label }: { rows: EvvTableRow[]; label: string }) {
  const { t } = useTranslation('reports');
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'rate', desc: false });
  const sorted = [...rows].sort((a, b) => (sort.desc ? -1 : 1) * compare(a, b, sort.key) || a.name.localeCompare(b.name));
  const header = (key: SortKey) => {
    const active = sort.key === key;
    const Icon = !active ? IconArrowsSort : sort.desc ? IconArrowDown : IconArrowUp;
    return (
      <Table.Th key={key} aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
        <UnstyledButton
          onClick={() => setSort({ key, desc: active ? !sort.desc : key !== 'name' && key !== 'rate' })}
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 4,
            fontWeight: 600,
            fontSize: 'var(--mantine-font-size-sm)',
          }}
        >
          {t(`evvTable.${key}`)}
          <Icon size={14} stroke={1.5} />
        </UnstyledButton>
      </Table.Th>
    );
  };
  if (rows.length === 0) return <Text c="dimmed">{t('trends.noVisits')}</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>{COLUMNS.map(header)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Anchor component={Link} to={r.to} size="sm">
                  {r.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{r.visits}</Table.Td>
              <Table.Td>{r.compliant}</Table.Td>
              <Table.Td>{percentText(r.rate)}</Table.Td>
              <Table.Td>{r.geofenceExceptions}</Table.Td>
              <Table.Td>{r.manualEdits}</Table.Td>
              <Table.Td>{r.lateCheckIns}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
