import { Group, Paper, Skeleton, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Placeholder rows while the first page of rows loads: `rows` rows of `columns` cells, each a bar of a varied width.
 */
export function SkeletonRows({ columns, rows }: { columns: number; rows: number }) {
  return Array.from({ length: rows }, (_, row) => (
    <Table.Tr key={row} aria-hidden>
      {Array.from({ length: columns }, (_, cell) => (
        <Table.Td key={cell}>
          <Skeleton height={12} radius="sm" width={`${60 + ((row * 7 + cell * 13) % 35)}%`} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/** The page shown while the view's columns load: a toolbar and a table of skeleton bars. */
export function TableSkeleton() {
  const { t } = useTranslation('dataTable');
  return (
    <Stack gap="sm" aria-busy aria-label={t('loading')}>
      <Group gap="xs">
        <Skeleton height={30} width={260} />
        <Skeleton height={30} width={90} />
      </Group>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={12} radius="sm" />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
