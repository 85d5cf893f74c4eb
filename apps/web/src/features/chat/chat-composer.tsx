import { useState } from 'react';
import { ActionIcon, Button, CloseButton, FileButton, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHAT_ATTACHMENTS_PER_MESSAGE, CHAT_MESSAGE_MAX_LENGTH } from '@hearth/shared/chat/chat.constants';
import { errorMessageOf } from '@/api/api-error';
import { useDeleteAttachment, useSendMessage, useUploadAttachment } from './chat.queries';

/** An attachment of the draft: uploading, or uploaded with its id. */
interface DraftAttachment {
  key: string;
  filename: string;
  id: number | null;
}

/**
 * The draft's attachments: each file uploaded at once (create-then-PUT), at most CHAT_ATTACHMENTS_PER_MESSAGE; a
 * failed upload is dropped with its reason; a removed one is deleted on the server.
 */
function useDraftAttachments(conversationId: number) {
  const { t } = useTranslation('chat');
  const [attachments, setAttachments] = useState<DraftAttachment[]>([]);
  const upload = useUploadAttachment();
  const removeAttachment = useDeleteAttachment();
  const attach = (files: File[]) => {
    const room = CHAT_ATTACHMENTS_PER_MESSAGE - attachments.length;
    if (files.length > room)
      notifications.show({ color: 'orange', message: t('composer.tooMany', { count: CHAT_ATTACHMENTS_PER_MESSAGE }) });
    for (const file of files.slice(0, Math.max(room, 0))) {
      const key = crypto.randomUUID();
      setAttachments((list) => [...list, { key, filename: file.name, id: null }]);
      upload(conversationId, file)
        .then((created) => setAttachments((list) => list.map((a) => (a.key === key ? { ...a, id: created.id } : a))))
        .catch((error: unknown) => {
          setAttachments((list) => list.filter((a) => a.key !== key));
          notifications.show({
            color: 'red',
            title: t('composer.uploadFailed', { name: file.name }),
            message: errorMessageOf(error),
          });
        });
    }
  };
  const remove = (attachment: DraftAttachment) => {
    setAttachments((list) => list.filter((x) => x.key !== attachment.key));
    if (attachment.id !== null) removeAttachment.mutate({ attachmentId: attachment.id });
  };
  return { attachments, attach, remove, clear: () => setAttachments([]) };
}

/** The draft's attachments with their upload state and a Remove button each. */
function DraftAttachmentList(props: { attachments: DraftAttachment[]; onRemove: (attachment: DraftAttachment) => void }) {
  const { t } = useTranslation('chat');
  if (props.attachments.length === 0) return null;
  return (
    <Group gap="xs" aria-label={t('composer.attachments')} role="list">
      {props.attachments.map((a) => (
        <Group key={a.key} gap={4} role="listitem" wrap="nowrap">
          {a.id === null ? (
            <Loader size={12} aria-label={t('composer.uploading', { name: a.filename })} />
          ) : (
            <IconPaperclip size={12} aria-hidden />
          )}
          <Text size="xs" truncate maw={200}>
            {a.filename}
          </Text>
          <CloseButton
            size="xs"
            aria-label={t('composer.removeAttachment', { name: a.filename })}
            disabled={a.id === null}
            onClick={() => props.onRemove(a)}
          />
        </Group>
      ))}
    </Group>
  );
}

/**
 * The composer (issue 22 item 2): text (Enter sends, Shift+Enter starts a new line), files attached with
 * chatUploadAttachmentEnabled (each uploaded at once by create-then-PUT, removable before sending), and Send. The
 * draft keeps one clientMessageId until it is sent, so a retry after a lost answer never doubles the message.
 */
export function ChatComposer(props: { conversationId: number; canUpload: boolean }) {
  const { conversationId, canUpload } = props;
  const { t } = useTranslation('chat');
  const [body, setBody] = useState('');
  const [clientMessageId, setClientMessageId] = useState(() => crypto.randomUUID());
  const { attachments, attach, remove, clear } = useDraftAttachments(conversationId);
  const send = useSendMessage();
  const uploading = attachments.some((a) => a.id === null);
  const ready = (body.trim().length > 0 || attachments.length > 0) && !uploading;

  const submit = () => {
    if (!ready || send.isPending) return;
    send.mutate(
      {
        conversationId,
        clientMessageId,
        body: body.trim(),
        attachmentIds: attachments.flatMap((a) => (a.id === null ? [] : [a.id])),
      },
      {
        onSuccess: () => {
          setBody('');
          clear();
          setClientMessageId(crypto.randomUUID());
        },
        onError: (error) => notifications.show({ color: 'red', title: t('composer.sendFailed'), message: errorMessageOf(error) }),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="xs">
      <Stack gap={6}>
        <DraftAttachmentList attachments={attachments} onRemove={remove} />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          {canUpload && (
            <FileButton onChange={attach} multiple>
              {(fileProps) => (
                <ActionIcon {...fileProps} variant="subtle" size="lg" aria-label={t('composer.attach')}>
                  <IconPaperclip size={18} />
                </ActionIcon>
              )}
            </FileButton>
          )}
          <Textarea
            aria-label={t('composer.label')}
            placeholder={t('composer.placeholder')}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                submit();
              }
            }}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            autosize
            minRows={1}
            maxRows={6}
            style={{ flex: 1 }}
          />
          <Button onClick={submit} disabled={!ready} loading={send.isPending} leftSection={<IconSend size={16} />}>
            {t('composer.send')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
