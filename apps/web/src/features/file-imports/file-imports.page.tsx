import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconListDetails, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAllowedActions } from '@/api/allowed-actions';
import { DataTable } from '@/components/data-table/data-table';
import { ImportFileForm } from './file-import.form';
import { FileImportProgressPanel } from './file-import-progress.panel';
import { useFileImportProgress } from './file-import-progress';
import { ACTIVE_IMPORT_STATUSES, isFinalImportStatus, rowsHref } from './file-imports.format';
import { useRefreshWhileActive } from '@/components/data-table/data-table.refresh';

/** The dialog's second step: the queued import's live progress, then its rows or another file. */
function ImportProgressStep({ id, onAnother, onClose }: { id: number; onAnother: () => void; onClose: () => void }) {
  const { t } = useTranslation('files');
  const navigate = useNavigate();
  const { details, progress, error } = useFileImportProgress(id);
  const final = progress !== undefined && isFinalImportStatus(progress.status);
  return (
    <FileImportProgressPanel
      details={details}
      progress={progress}
      error={error}
      actions={
        <Group justify="flex-end" gap="sm" mt="xs">
          {final && (
            <Button variant="default" size="xs" onClick={onAnother}>
              {t('imports.importAnother')}
            </Button>
          )}
          <Button variant="default" size="xs" onClick={onClose}>
            {final ? t('imports.close') : t('imports.closeGoesOn')}
          </Button>
          <Button
            size="xs"
            leftSection={<IconListDetails size={14} />}
            disabled={!progress || progress.rowsDone === 0}
            onClick={() => {
              onClose();
              void navigate(rowsHref(id));
            }}
          >
            {t('imports.openRows')}
          </Button>
        </Group>
      }
    />
  );
}

/** "Import a file": the form, then the queued import's progress in the same dialog. */
function FileImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('files');
  const [importId, setImportId] = useState<number | null>(null);
  const close = () => {
    onClose();
    setImportId(null);
  };
  return (
    <Modal opened={opened} onClose={close} title={t('imports.importFile')} size="lg">
      {opened &&
        (importId === null ? (
          <ImportFileForm onQueued={setImportId} onCancel={close} />
        ) : (
          <ImportProgressStep key={importId} id={importId} onAnother={() => setImportId(null)} onClose={close} />
        ))}
    </Modal>
  );
}

/**
 * /file-imports (spec "File imports"; issue: imports and exports): every import of the caller's company and
 * branches on the fileImports view, refreshed while any is queued or running; a row opens its rows. "Import a
 * file" uploads one and follows its progress live.
 */
export function FileImportsPage() {
  const { t } = useTranslation('files');
  const { can } = useAllowedActions();
  const [importing, setImporting] = useState(false);
  useRefreshWhileActive('fileImports', 'status', ACTIVE_IMPORT_STATUSES);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={2}>{t('imports.title')}</Title>
        {can('queueFileImport') && (
          <Button size="xs" leftSection={<IconUpload size={14} />} onClick={() => setImporting(true)}>
            {t('imports.importFile')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('imports.intro')}
      </Text>
      <DataTable view="fileImports" />
      <FileImportModal opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}
