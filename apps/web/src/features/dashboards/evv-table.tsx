import { Anchor, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EVV_SORT_KEYS, type EvvCounts, type EvvSortKey } from '@hearth/shared/dashboards/dashboards.schema';
import { LabelledPagination } from '@/components/pagination/labelled-pagination';
import { intlLocale } from '@/format/locale';
import { percentText } from './dashboards.format';

const count = (n: number) => n.toLocaleString(intlLocale());

/** A row of the caregiver or client table: a person's EVV counts and the link of their drill-down. */
export type EvvTableRow = EvvCounts & { id: number; name: string; to: string };

/** The list's order: a column, ascending unless `desc`. */
export interface EvvSort {
  key: EvvSortKey;
  desc: boolean;
}

/**
 * One page of the EVV counts per caregiver or per client, sorted by the server (issue "The largest agencies": the
 * largest agencies have tens of thousands of people, so the page never holds them all): a click on a header sorts
 * by that column (again to reverse; counts start highest first, name and rate lowest first), the pager below moves
 * through `total` rows `pageSize` at a time, and the name opens the person's drill-down.
 */
export function EvvTable({
  rows,
  label,
  sort,
  onSort,
  page,
  pageSize,
  total,
  onPage,
}: {
  rows: EvvTableRow[];
  label: string;
  sort: EvvSort;
  onSort: (sort: EvvSort) => void;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('reports');
  const header = (key: EvvSortKey) => {
    const active = sort.key === key;
    const Icon = !active ? IconArrowsSort : sort.desc ? IconArrowDown : IconArrowUp;
    return (
      <Table.Th key={key} aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
        <UnstyledButton
          onClick={() => onSort({ key, desc: active ? !sort.desc : key !== 'name' && key !== 'rate' })}
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
  if (total === 0) return <Text c="dimmed">{t('trends.noVisits')}</Text>;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>{EVV_SORT_KEYS.map(header)}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
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
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed" data-testid="evv-list-range">
          {t('evvTable.range', {
            first: count(Math.min(total, (page - 1) * pageSize + 1)),
            last: count(Math.min(total, page * pageSize)),
            total: count(total),
          })}
        </Text>
        {pages > 1 && <LabelledPagination size="sm" total={pages} value={page} onChange={onPage} />}
      </Group>
    </>
  );
}
