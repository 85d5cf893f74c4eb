import { useState } from 'react';
import { Button, Drawer, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAllowedActions } from '@/api/allowed-actions';
import { DataTable } from '@/components/data-table/data-table';
import { QueueExportForm } from './file-export.form';
import { FileExportStatusCard } from './file-export-status';
import { RecentExports } from './file-exports-recent';
import { ACTIVE_EXPORT_STATUSES } from './file-exports.format';
import { useRefreshWhileActive } from '@/components/data-table/data-table.refresh';

/** The export a /file-exports link opens in the drawer (?fileExportId=12), or null. */
export function fileExportIdOf(params: URLSearchParams): number | null {
  const raw = params.get('fileExportId');
  return raw !== null && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

/** "New export": the form, then the queued export's status and, once completed, its Download button. */
function NewExportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('files');
  const [exportId, setExportId] = useState<number | null>(null);
  const close = () => {
    onClose();
    setExportId(null);
  };
  return (
    <Modal opened={opened} onClose={close} title={t('exports.newExport')} size="lg">
      {opened &&
        (exportId === null ? (
          <QueueExportForm onQueued={setExportId} onCancel={close} />
        ) : (
          <Stack gap="md">
            <FileExportStatusCard key={exportId} id={exportId} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" size="xs" onClick={() => setExportId(null)}>
                {t('exports.another')}
              </Button>
              <Button variant="default" size="xs" onClick={close}>
                {t('exports.close')}
              </Button>
            </Group>
          </Stack>
        ))}
    </Modal>
  );
}

/**
 * /file-exports (spec "File exports"; issue: imports and exports): every export of the caller's company and
 * branches on the fileExports view, refreshed while any is queued or running. "New export" queues one and follows
 * it to its Download button; the latest exports are listed with theirs, and ?fileExportId= (a name there, or a row
 * of the table) opens an export's status and download in a drawer.
 */
export function FileExportsPage() {
  const { t } = useTranslation('files');
  const { can } = useAllowedActions();
  const [creating, setCreating] = useState(false);
  const [params, setParams] = useSearchParams();
  const openId = fileExportIdOf(params);
  useRefreshWhileActive('fileExports', 'status', ACTIVE_EXPORT_STATUSES);
  const closeDrawer = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('fileExportId');
        return next;
      },
      { replace: true },
    );
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={2}>{t('exports.title')}</Title>
        {can('queueFileExport') && (
          <Button size="xs" leftSection={<IconFileExport size={14} />} onClick={() => setCreating(true)}>
            {t('exports.newExport')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('exports.intro')}
      </Text>
      <RecentExports
        detailsHref={(id) => {
          const next = new URLSearchParams(params);
          next.set('fileExportId', String(id));
          return `?${next.toString()}`;
        }}
      />
      <DataTable view="fileExports" />
      <NewExportModal opened={creating} onClose={() => setCreating(false)} />
      <Drawer opened={openId !== null} onClose={closeDrawer} title={t('exports.drawer')} position="right" size="md">
        {openId !== null && <FileExportStatusCard key={openId} id={openId} />}
      </Drawer>
    </Stack>
  );
}
