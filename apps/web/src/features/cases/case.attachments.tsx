import { useState } from 'react';
import { Alert, Anchor, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RECORD_FILE_CONTENT_TYPES } from '@hearth/shared/files/files.constants';
import { formatFileSize, recordFileProblem } from '@hearth/shared/files/files.schema';
import type { CaseDetail } from '@hearth/shared/cases/cases.schema';
import { errorMessageOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useUserTimeZone } from '@/api/display-zone';
import { formatInstant } from '@/format/instant-format';
import { openCaseAttachment, useUploadCaseAttachment } from './cases.queries';

/**
 * "Attach a file" (cases.createAttachment, then the bytes PUT to the signed URL): the record files' types and size
 * limit (recordFileProblem) are checked before anything is sent; the file is listed once its bytes are stored.
 */
function AttachButton({ caseId }: { caseId: number }) {
  const { t } = useTranslation('cases');
  const upload = useUploadCaseAttachment(caseId);
  const [problem, setProblem] = useState<string | null>(null);
  const send = (file: File | null) => {
    setProblem(null);
    upload.reset();
    if (!file) return;
    const facts = { filename: file.name, size: file.size, contentType: file.type || 'application/octet-stream' };
    const refused = recordFileProblem(facts);
    if (refused) {
      setProblem(refused);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('attachments.uploaded', { name: file.name }) }),
    });
  };
  const error = problem ?? (upload.isError ? errorMessageOf(upload.error) : null);
  return (
    <Stack gap={6}>
      <FileButton onChange={send} accept={RECORD_FILE_CONTENT_TYPES.join(',')}>
        {(props) => (
          <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={14} />} loading={upload.isPending}>
            {t('attachments.attach')}
          </Button>
        )}
      </FileButton>
      {error && (
        <Alert color="red" role="alert" variant="light">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The case's attachments (photos from the field, office files), oldest first: each opens through its short-lived
 * link; office staff who work the case attach more.
 */
export function CaseAttachments({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('cases');
  const zone = useUserTimeZone();
  const { can } = useAllowedActions();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('attachments.title')}
        </Title>
        {detail.attachments.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('attachments.none')}
          </Text>
        )}
        {detail.attachments.length > 0 && (
          <Stack component="ul" gap={4} aria-label={t('attachments.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {detail.attachments.map((file) => (
              <Group component="li" key={file.id} gap={6} wrap="nowrap" align="flex-start">
                <IconPaperclip size={14} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    ta="left"
                    style={{ overflowWrap: 'anywhere' }}
                    aria-label={t('attachments.open', { name: file.filename })}
                    onClick={() =>
                      void openCaseAttachment(detail.id, file.id).catch((error: unknown) =>
                        notifications.show({ color: 'red', message: errorMessageOf(error) }),
                      )
                    }
                  >
                    {file.filename}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatInstant(file.createdAt, zone)} · {formatFileSize(file.size)}
                  </Text>
                </Stack>
              </Group>
            ))}
          </Stack>
        )}
        {detail.canWork && can('cases.createAttachment') && <AttachButton caseId={detail.id} />}
      </Stack>
    </Paper>
  );
}
