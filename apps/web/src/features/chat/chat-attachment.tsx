import { Button, Group, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconDownload, IconFileImport, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatAttachment } from '@hearth/shared/chat/chat.schema';
import { formatFileSize } from '@hearth/shared/files/files.schema';
import { errorMessageOf } from '@/api/api-error';
import type { CopyCaregiver } from './chat-members';
import { useAttachmentLink, useCopyAttachment } from './chat.queries';

/**
 * An attachment of a message: its name and size, Download with chatDownloadAttachmentEnabled (a signed link opened in
 * a new tab), and with chatCopyAttachmentsEnabled "Copy to client files" in a conversation about a client and "Copy
 * to caregiver files" when it has caregiver members (a menu naming them when several). Each copy is announced as a
 * notification, its refusal too (issue 22 item 4).
 */
export function ChatAttachmentChip(props: {
  attachment: ChatAttachment;
  canDownload: boolean;
  canCopy: boolean;
  clientId: number | null;
  caregivers?: CopyCaregiver[];
}) {
  const { attachment, canDownload, canCopy, clientId, caregivers = [] } = props;
  const { t } = useTranslation('chat');
  const link = useAttachmentLink();

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
      {canCopy && clientId !== null && <CopyToClient attachment={attachment} clientId={clientId} />}
      {canCopy && caregivers.length > 0 && <CopyToCaregiver attachment={attachment} caregivers={caregivers} />}
    </Group>
  );
}

/** chat.copyAttachment with the notifications of its outcome; `to` names the record in the messages. */
function useCopy(attachment: ChatAttachment) {
  const { t } = useTranslation('chat');
  const copy = useCopyAttachment();
  const run = (to: 'client' | 'caregiver', ownerId: number, done: string) =>
    copy.mutate(
      { attachmentId: attachment.id, to, ownerId },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: done }),
        onError: (error) =>
          notifications.show({ color: 'red', title: t('attachment.copyFailed'), message: errorMessageOf(error) }),
      },
    );
  return { run, pending: copy.isPending };
}

function CopyToClient({ attachment, clientId }: { attachment: ChatAttachment; clientId: number }) {
  const { t } = useTranslation('chat');
  const copy = useCopy(attachment);
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      leftSection={<IconFileImport size={12} />}
      loading={copy.pending}
      aria-label={t('attachment.copyToClient', { name: attachment.filename })}
      onClick={() => copy.run('client', clientId, t('attachment.copied', { name: attachment.filename }))}
    >
      {t('attachment.copyShort')}
    </Button>
  );
}

/** "Copy to caregiver files": straight to the one caregiver member, or a menu of them when there are several. */
function CopyToCaregiver({ attachment, caregivers }: { attachment: ChatAttachment; caregivers: CopyCaregiver[] }) {
  const { t } = useTranslation('chat');
  const copy = useCopy(attachment);
  const to = (caregiver: CopyCaregiver) =>
    copy.run(
      'caregiver',
      caregiver.caregiverId,
      t('attachment.copiedToCaregiver', { name: attachment.filename, caregiver: caregiver.name }),
    );
  const common = {
    size: 'compact-xs',
    variant: 'subtle',
    leftSection: <IconFileImport size={12} />,
    loading: copy.pending,
  } as const;
  const only = caregivers.length === 1 ? caregivers[0] : undefined;
  if (only) {
    return (
      <Button
        {...common}
        aria-label={t('attachment.copyToCaregiver', { name: attachment.filename, caregiver: only.name })}
        onClick={() => to(only)}
      >
        {t('attachment.copyToCaregiverShort')}
      </Button>
    );
  }
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          {...common}
          rightSection={<IconChevronDown size={12} />}
          aria-label={t('attachment.copyToWhichCaregiver', { name: attachment.filename })}
        >
          {t('attachment.copyToCaregiverShort')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {caregivers.map((caregiver) => (
          <Menu.Item key={caregiver.caregiverId} onClick={() => to(caregiver)}>
            {caregiver.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
