import { useState } from 'react';
import { ActionIcon, CloseButton, FileButton, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHAT_ATTACHMENTS_PER_MESSAGE, CHAT_MESSAGE_MAX_LENGTH } from '@hearth/shared/chat/chat.constants';
import type { ChatAttachment } from '@hearth/shared/chat/chat.schema';
import { errorMessageOf } from '@/api/api-error';
import { useDeleteAttachment, useUploadAttachment } from './chat.queries';
import type { ChatOfflineBox } from './chat-offline.store';
import { newOutboxMessage } from './chat-offline.outbox';
import classes from './chat-phone.module.css';

/** A photo of the draft: uploading (attachment null), or uploaded. */
interface DraftPhoto {
  key: string;
  filename: string;
  attachment: ChatAttachment | null;
}

/**
 * The phone's composer (issue 22 item 6): what is written goes into the outbox first (chat-offline.store.ts), shows
 * at once as "Waiting to send" and is sent from there, online now or once the phone is back online; the text box
 * empties only once the outbox holds it. Photos (chatUploadAttachmentEnabled) upload at once by create-then-PUT, so
 * they need the network; the message that carries them may still wait in the outbox.
 */
export function ChatPhoneComposer(props: { box: ChatOfflineBox; conversationId: number; canUpload: boolean; online: boolean }) {
  const { box, conversationId, canUpload, online } = props;
  const { t } = useTranslation('chatPhone');
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<DraftPhoto[]>([]);
  const [saving, setSaving] = useState(false);
  const upload = useUploadAttachment();
  const removeAttachment = useDeleteAttachment();
  const uploading = photos.some((p) => p.attachment === null);
  const ready = (body.trim().length > 0 || photos.length > 0) && !uploading && !saving;

  const attach = (file: File | null) => {
    if (!file || photos.length >= CHAT_ATTACHMENTS_PER_MESSAGE) return;
    const key = crypto.randomUUID();
    setPhotos((list) => [...list, { key, filename: file.name, attachment: null }]);
    upload(conversationId, file)
      .then((created) => {
        const attachment: ChatAttachment = {
          id: created.id,
          filename: file.name,
          size: file.size,
          contentType: file.type || 'application/octet-stream',
        };
        setPhotos((list) => list.map((p) => (p.key === key ? { ...p, attachment } : p)));
      })
      .catch((error: unknown) => {
        setPhotos((list) => list.filter((p) => p.key !== key));
        notifications.show({ color: 'red', title: t('composer.uploadFailed'), message: errorMessageOf(error) });
      });
  };

  const submit = async () => {
    if (!ready) return;
    setSaving(true);
    try {
      const attachments = photos.flatMap((p) => (p.attachment ? [p.attachment] : []));
      await box.write(newOutboxMessage({ conversationId, body, attachments }, crypto.randomUUID(), new Date().toISOString()));
      setBody('');
      setPhotos([]);
    } catch (error) {
      // The store could not keep it (no cache key yet on a phone that was never online): the text stays in the box.
      notifications.show({ color: 'red', title: t('composer.saveFailed'), message: errorMessageOf(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap={6} className={classes.composer}>
      <PhotoChips
        photos={photos}
        onRemove={(p) => {
          setPhotos((list) => list.filter((x) => x.key !== p.key));
          if (p.attachment) removeAttachment.mutate({ attachmentId: p.attachment.id });
        }}
      />
      <Group gap={6} align="flex-end" wrap="nowrap">
        {canUpload && (
          <FileButton onChange={attach} accept="image/*" capture="environment" disabled={!online}>
            {(fileProps) => (
              <ActionIcon
                {...fileProps}
                variant="subtle"
                size="input-sm"
                disabled={!online}
                aria-label={online ? t('composer.attachPhoto') : t('composer.attachOffline')}
                title={online ? undefined : t('composer.attachOffline')}
              >
                <IconCamera size={20} />
              </ActionIcon>
            )}
          </FileButton>
        )}
        <Textarea
          aria-label={t('composer.label')}
          placeholder={t('composer.placeholder')}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          autosize
          minRows={1}
          maxRows={5}
          className={classes.grow}
        />
        <ActionIcon
          size="input-sm"
          onClick={() => void submit()}
          disabled={!ready}
          loading={saving}
          aria-label={t('composer.send')}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </Stack>
  );
}

/** The draft's photos: uploading (a loader) or uploaded, each removable once uploaded. */
function PhotoChips(props: { photos: DraftPhoto[]; onRemove: (photo: DraftPhoto) => void }) {
  const { photos, onRemove } = props;
  const { t } = useTranslation('chatPhone');
  if (photos.length === 0) return null;
  return (
    <Group gap="xs" role="list" aria-label={t('composer.attachPhoto')}>
      {photos.map((p) => (
        <Group key={p.key} gap={4} role="listitem" wrap="nowrap">
          {p.attachment === null ? <Loader size={12} /> : <IconPaperclip size={12} aria-hidden />}
          <Text size="xs" truncate maw={180}>
            {p.filename}
          </Text>
          <CloseButton
            size="sm"
            aria-label={t('composer.removeAttachment', { name: p.filename })}
            disabled={p.attachment === null}
            onClick={() => onRemove(p)}
          />
        </Group>
      ))}
    </Group>
  );
}
