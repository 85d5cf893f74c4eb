import { useState } from 'react';
import { ActionIcon, CloseButton, FileButton, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENTS_PER_MESSAGE,
  CHAT_MESSAGE_MAX_LENGTH,
} from '@hearth/shared/chat/chat.constants';
import { formatFileSize } from '@hearth/shared/files/files.schema';
import { errorMessageOf } from '@/api/api-error';
import type { ChatOfflineBox } from './chat-offline.store';
import { fitsAttachmentLimit } from './chat-offline.files';
import { newOutboxMessage } from './chat-offline.outbox';
import classes from './chat-phone.module.css';

/** A photo of the draft: its bytes being kept on the phone (kept null), or kept. */
interface DraftPhoto {
  key: string;
  filename: string;
  kept: { key: string; filename: string; size: number; contentType: string } | null;
}

/**
 * The phone's composer (issue 22 item 6): what is written goes into the outbox first (chat-offline.store.ts), shows
 * at once as "Waiting to send" and is sent from there, online now or once the phone is back online; the text box
 * empties only once the outbox holds it. Photos (chatUploadAttachmentEnabled) are kept on the phone as they are
 * chosen (their bytes in the encrypted offline store), online or not, and the outbox uploads them (create, PUT) just
 * before sending the message that carries them. A photo over the server's limit (CHAT_ATTACHMENT_MAX_BYTES) is
 * refused at once with its size; the draft stays as it was.
 */
export function ChatPhoneComposer(props: { box: ChatOfflineBox; conversationId: number; canUpload: boolean; online: boolean }) {
  const { box, conversationId, canUpload, online } = props;
  const { t } = useTranslation('chatPhone');
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<DraftPhoto[]>([]);
  const [saving, setSaving] = useState(false);
  const keeping = photos.some((p) => p.kept === null);
  const ready = (body.trim().length > 0 || photos.length > 0) && !keeping && !saving;

  const attach = (file: File | null) => {
    if (!file || photos.length >= CHAT_ATTACHMENTS_PER_MESSAGE) return;
    if (!fitsAttachmentLimit(file.size)) {
      notifications.show({
        color: 'red',
        title: t('composer.tooLargeTitle'),
        message: t('composer.tooLarge', {
          name: file.name,
          size: formatFileSize(file.size, 'up'),
          max: formatFileSize(CHAT_ATTACHMENT_MAX_BYTES),
        }),
      });
      return;
    }
    const key = crypto.randomUUID();
    setPhotos((list) => [...list, { key, filename: file.name, kept: null }]);
    box
      .keepFile(file)
      .then((kept) => setPhotos((list) => list.map((p) => (p.key === key ? { ...p, kept } : p))))
      .catch((error: unknown) => {
        setPhotos((list) => list.filter((p) => p.key !== key));
        notifications.show({ color: 'red', title: t('composer.keepFailed'), message: errorMessageOf(error) });
      });
  };

  const submit = async () => {
    if (!ready) return;
    setSaving(true);
    try {
      const files = photos.flatMap((p) => (p.kept ? [p.kept] : []));
      await box.write(newOutboxMessage({ conversationId, body, files }, crypto.randomUUID(), new Date().toISOString()));
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
          if (p.kept) void box.forgetFiles([p.kept.key]);
        }}
      />
      <Group gap={6} align="flex-end" wrap="nowrap">
        {canUpload && (
          <FileButton onChange={attach} accept="image/*" capture="environment">
            {(fileProps) => (
              <ActionIcon
                {...fileProps}
                variant="subtle"
                size="input-sm"
                aria-label={t('composer.attachPhoto')}
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

/** The draft's photos: being kept on the phone (a loader) or kept, each removable once kept. */
function PhotoChips(props: { photos: DraftPhoto[]; onRemove: (photo: DraftPhoto) => void }) {
  const { photos, onRemove } = props;
  const { t } = useTranslation('chatPhone');
  if (photos.length === 0) return null;
  return (
    <Group gap="xs" role="list" aria-label={t('composer.attachPhoto')}>
      {photos.map((p) => (
        <Group key={p.key} gap={4} role="listitem" wrap="nowrap">
          {p.kept === null ? <Loader size={12} /> : <IconPaperclip size={12} aria-hidden />}
          <Text size="xs" truncate maw={180}>
            {p.filename}
          </Text>
          <CloseButton
            size="sm"
            aria-label={t('composer.removeAttachment', { name: p.filename })}
            disabled={p.kept === null}
            onClick={() => onRemove(p)}
          />
        </Group>
      ))}
    </Group>
  );
}
