import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CASE_COMMENT_MAX } from '@hearth/shared/cases/cases.constants';
import type { CaseDetail } from '@hearth/shared/cases/cases.schema';
import { errorMessageOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useUserTimeZone } from '@/api/display-zone';
import { formatInstant } from '@/format/instant-format';
import { useAddCaseComment, openCaseAttachment } from './cases.queries';

/** The case's comments, oldest first, and a box to add one (cases.addComment). */
export function CaseComments({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('cases');
  const zone = useUserTimeZone();
  const { can } = useAllowedActions();
  const [body, setBody] = useState('');
  const add = useAddCaseComment();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('comments.title')}
        </Title>
        {detail.comments.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('comments.none')}
          </Text>
        )}
        {detail.comments.map((comment) => (
          <Stack key={comment.id} gap={2}>
            <Text size="xs" c="dimmed">
              {t('comments.by', { name: comment.author.name, when: formatInstant(comment.createdAt, zone) })}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {comment.body}
            </Text>
          </Stack>
        ))}
        {can('cases.addComment') && (
          <Stack gap="xs">
            <Textarea
              label={t('comments.comment')}
              autosize
              minRows={2}
              maxLength={CASE_COMMENT_MAX}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
            />
            {add.isError && (
              <Alert color="red" role="alert" variant="light">
                {errorMessageOf(add.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                size="xs"
                disabled={body.trim() === ''}
                loading={add.isPending}
                onClick={() => add.mutate({ id: detail.id, body: body.trim() }, { onSuccess: () => setBody('') })}
              >
                {t('comments.add')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** The case's attachments (photos from the field, office files): each opens through its short-lived link. */
export function CaseAttachments({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('cases');
  const zone = useUserTimeZone();
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
        {detail.attachments.map((file) => (
          <Group key={file.id} gap={6}>
            <IconPaperclip size={14} aria-hidden />
            <Anchor
              component="button"
              type="button"
              size="sm"
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
              {formatInstant(file.createdAt, zone)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
