import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FILE_EXPORT_STATUSES, type FileExportStatus } from '@hearth/shared/file-exports/file-exports.constants';
import { useTRPC } from '@/api/trpc';
import { formatInstant } from '@/format/instant-format';
import { rowTimeZone } from '@/components/data-table/data-table.format';
import { ExportDownloadButton, ExportStatusBadge } from './file-export-status';
import { formatCount } from '@/format/money';

/** How many of the newest exports the card lists. */
const RECENT_COUNT = 5;

/** One export as the fileExports view gives it: the columns the card reads. */
interface RecentRow {
  id: number;
  typeLabel: string;
  status: FileExportStatus;
  branchName: string | null;
  rowCount: number | null;
  createdAt: string;
  /** The export's branch zone (the signed-in user's own for a company-wide export). */
  timeZone: string;
}

/** A row of the view with the columns the card needs, or null when it lacks them. */
function recentRow(row: Record<string, unknown>): RecentRow | null {
  const { id, typeLabel, status, branchName, rowCount, createdAt } = row;
  if (typeof id !== 'number' || typeof typeLabel !== 'string' || typeof createdAt !== 'string') return null;
  if (!(FILE_EXPORT_STATUSES as readonly unknown[]).includes(status)) return null;
  return {
    id,
    typeLabel,
    status: status as FileExportStatus,
    branchName: typeof branchName === 'string' ? branchName : null,
    rowCount: typeof rowCount === 'number' ? rowCount : null,
    createdAt,
    timeZone: rowTimeZone(row),
  };
}

/**
 * The newest exports the caller can see, each with its status and, once completed, its Download button (a row of the
 * table below opens the same details). A name opens the export's details at ?fileExportId=.
 * Nothing is shown while there are none.
 */
export function RecentExports({ detailsHref }: { detailsHref: (id: number) => string }) {
  const { t } = useTranslation('files');
  const trpc = useTRPC();
  const recent = useQuery(
    trpc.queryView.queryOptions({
      view: 'fileExports',
      sort: [{ column: 'createdAt', direction: 'desc' }],
      page: 1,
      pageSize: RECENT_COUNT,
    }),
  );
  const rows = (recent.data?.rows ?? []).map(recentRow).filter((r): r is RecentRow => r !== null);
  if (rows.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="recent-exports">
      <Stack gap="xs">
        <Title order={4} id="recent-exports">
          {t('exports.latest')}
        </Title>
        {rows.map((row) => (
          <Group
            key={row.id}
            justify="space-between"
            gap="xs"
            wrap="wrap"
            aria-label={t('exports.exportN', { id: row.id })}
            role="group"
          >
            <div style={{ minWidth: 0, flex: '1 1 220px' }}>
              <Anchor component={Link} to={detailsHref(row.id)} fz="sm" fw={500}>
                {row.typeLabel} #{row.id}
              </Anchor>
              <Text size="xs" c="dimmed">
                {[
                  row.branchName ?? t('exports.allBranches'),
                  formatInstant(row.createdAt, row.timeZone),
                  row.rowCount !== null ? t('exports.rows', { count: row.rowCount, formatted: formatCount(row.rowCount) }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </div>
            <Group gap="xs" wrap="nowrap">
              <ExportStatusBadge status={row.status} />
              {row.status === 'completed' && <ExportDownloadButton id={row.id} compact />}
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
