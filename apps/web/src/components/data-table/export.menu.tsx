import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { HttpError, errorMessageOf } from '@/api/api-error';
import { messageOf } from '@/api/rest';
import { expireSession } from '@/api/session';
import { apiHeaders } from '@/api/trpc';
import {
  defaultExportFilename,
  exportUrl,
  filenameFromDisposition,
  type ExportFormat,
  type ExportState,
} from './data-table.export';
import { useTranslation } from 'react-i18next';

/** Fetches the export with the bearer header and hands the file to the browser as a download. */
async function download(view: string, format: ExportFormat, state: ExportState): Promise<void> {
  const response = await fetch(exportUrl(view, format, state), { headers: apiHeaders() });
  if (!response.ok) {
    if (response.status === 401) expireSession();
    throw new HttpError(response.status, await messageOf(response));
  }
  const blob = await response.blob();
  const filename = filenameFromDisposition(response.headers.get('content-disposition'), defaultExportFilename(view, format));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download keeps its source.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Export of every page of the current table state, as CSV or XLSX. */
export function ExportMenu({ view, state }: { view: string; state: ExportState }) {
  const { t } = useTranslation('dataTable');
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await download(view, format, state);
    } catch (error) {
      notifications.show({ color: 'red', title: t('export.failed'), message: errorMessageOf(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} loading={busy !== null}>
          {t('export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('export.scope')}</Menu.Label>
        <Menu.Item leftSection={<IconFileText size={14} />} onClick={() => void run('csv')}>
          CSV
        </Menu.Item>
        <Menu.Item leftSection={<IconFileSpreadsheet size={14} />} onClick={() => void run('xlsx')}>
          {t('export.xlsx')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
