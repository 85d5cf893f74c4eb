import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileImport, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatAttachment } from '@hearth/shared/chat/chat.schema';
import { formatFileSize } from '@hearth/shared/files/files.schema';
import { errorMessageOf } from '@/api/api-error';
import { useAttachmentLink, useCopyAttachment } from './chat.queries';

/**
 * An attachment of a message: its name and size, Download with chatDownloadAttachmentEnabled (a signed link opened in
 * a new tab), and "Copy to client files" with chatCopyAttachmentsEnabled in a conversation about a client.
 */
export function ChatAttachmentChip(props: {
  attachment: ChatAttachment;
  canDownload: boolean;
  canCopy: boolean;
  clientId: number | null;
}) {
  const { attachment, canDownload, canCopy, clientId } = props;
  const { t } = useTranslation('chat');
  const link = useAttachmentLink();
  const copy = useCopyAttachment();

  const download = async () => {
    try {
      const { url } = await link(attachment.id);
      const tab = window.open(url, '_blank');
      if (!tab) window.location.assign(url);
    } catch (error) {
      notifications.show({ color: 'red', title: t('attachment.downloadFailed'), message: errorMessageOf(error) });
    }
  };

  return (
    <Group gap={6} wrap="wrap">
      <IconPaperclip size={14} aria-hidden />
      <Text size="sm" fw={500} truncate maw={260}>
        {attachment.filename}
      </Text>
      <Text size="xs" c="dimmed">
        {formatFileSize(attachment.size)}
      </Text>
      {canDownload && (
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconDownload size={12} />}
          onClick={() => void download()}
          aria-label={t('attachment.download', { name: attachment.filename })}
        >
          {t('attachment.downloadShort')}
        </Button>
      )}
      {canCopy && clientId !== null && (
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconFileImport size={12} />}
          loading={copy.isPending}
          aria-label={t('attachment.copyToClient', { name: attachment.filename })}
          onClick={() =>
            copy.mutate(
              { attachmentId: attachment.id, to: 'client', ownerId: clientId },
              {
                onSuccess: () =>
                  notifications.show({ color: 'teal', message: t('attachment.copied', { name: attachment.filename }) }),
                onError: (error) => notifications.show({ color: 'red', message: errorMessageOf(error) }),
              },
            )
          }
        >
          {t('attachment.copyShort')}
        </Button>
      )}
    </Group>
  );
}
