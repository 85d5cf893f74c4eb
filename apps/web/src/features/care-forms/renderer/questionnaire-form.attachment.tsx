import { useState } from 'react';
import { Button, FileButton, Group, Image, Input, Paper, Text } from '@mantine/core';
import { IconCamera, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SignaturePad } from '@/components/signature/signature-pad';
import { attachmentDataUrl, attachmentOfDataUrl } from './answer-values';
import type { AnswerInputProps } from './questionnaire-form.fields';
import { downscalePhoto, PhotoError } from './photo-downscale';

/** Largest height a photo answer is shown at, in CSS pixels. */
const PHOTO_PREVIEW_HEIGHT = 220;

/**
 * A photo answer: "Take or choose a photo" opens the phone's camera (capture) or the file picker, the photo is
 * shrunk in the browser (photo-downscale.ts) and kept inline as the answer's valueAttachment; it shows under the
 * label with Replace and Remove. Read-only, it shows the photo alone.
 */
export function PhotoInput(props: AnswerInputProps) {
  const { t } = useTranslation('careForms');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<'unreadable' | 'tooLarge' | null>(null);
  const url = attachmentDataUrl(props.answer?.valueAttachment);
  const take = (file: File | null) => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    downscalePhoto(file)
      .then((attachment) => props.onAnswer({ valueAttachment: attachment }))
      .catch((error: unknown) => setFailure(error instanceof PhotoError ? error.reason : 'unreadable'))
      .finally(() => setBusy(false));
  };
  const error = failure === 'tooLarge' ? t('renderer.photoTooLarge') : failure ? t('renderer.photoUnreadable') : props.error;
  return (
    <Input.Wrapper size="xs" label={props.label} withAsterisk={props.required} error={error}>
      {url ? (
        <Image
          src={url}
          alt={t('renderer.photoOf', { label: props.label })}
          mah={PHOTO_PREVIEW_HEIGHT}
          w="auto"
          fit="contain"
          radius="sm"
          mt={4}
        />
      ) : (
        props.readOnly && (
          <Text size="sm" c="dimmed">
            {t('renderer.noPhoto')}
          </Text>
        )
      )}
      {!props.readOnly && (
        <Group gap="xs" mt={6}>
          <FileButton onChange={take} accept="image/jpeg,image/png,image/*" capture="environment">
            {(button) => (
              <Button {...button} size="xs" variant="light" leftSection={<IconCamera size={14} />} loading={busy}>
                {url ? t('renderer.replacePhoto') : t('renderer.takePhoto')}
              </Button>
            )}
          </FileButton>
          {url && (
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              leftSection={<IconTrash size={14} />}
              onClick={() => props.onAnswer(null)}
            >
              {t('renderer.removePhoto')}
            </Button>
          )}
        </Group>
      )}
    </Input.Wrapper>
  );
}

/**
 * A signature answer: drawn (or typed) on the shared signature pad and kept as a PNG valueAttachment; read-only, the
 * image as signed.
 */
export function SignatureInput(props: AnswerInputProps) {
  const { t } = useTranslation('careForms');
  const url = attachmentDataUrl(props.answer?.valueAttachment);
  if (props.readOnly) {
    return (
      <Input.Wrapper size="xs" label={props.label} withAsterisk={props.required} error={props.error}>
        {url ? (
          <Paper withBorder radius="md" bg="white" p={4} mt={4} maw={420}>
            <Image src={url} alt={t('renderer.signatureOf', { label: props.label })} mah={140} fit="contain" />
          </Paper>
        ) : (
          <Text size="sm" c="dimmed">
            {t('renderer.notSigned')}
          </Text>
        )}
      </Input.Wrapper>
    );
  }
  return (
    <SignaturePad
      label={props.label}
      required={props.required}
      size="xs"
      value={url}
      error={props.error}
      onChange={(dataUrl) => {
        const attachment = dataUrl ? attachmentOfDataUrl(dataUrl) : null;
        props.onAnswer(attachment ? { valueAttachment: attachment } : null);
      }}
    />
  );
}
