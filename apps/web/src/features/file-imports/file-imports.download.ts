import { notifications } from '@mantine/notifications';
import { errorMessageOf } from '@/api/api-error';

/**
 * Asks for a signed download link (getFileImportDownloadLink, getFileImportTemplateDownloadLink) and opens it in
 * a new tab, where the attachment downloads. A blocked popup falls back to this tab (an attachment does not
 * navigate away); a refused link is shown as a notification titled `failedTitle` (already in the shown language)
 * with the server's message.
 */
export async function openDownload(link: () => Promise<{ downloadUrl: string }>, failedTitle: string): Promise<void> {
  try {
    const { downloadUrl } = await link();
    const tab = window.open(downloadUrl, '_blank');
    if (!tab) window.location.assign(downloadUrl);
  } catch (error) {
    notifications.show({ color: 'red', title: failedTitle, message: errorMessageOf(error) });
  }
}
