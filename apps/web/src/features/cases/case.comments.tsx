import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CASE_COMMENT_MAX } from '@hearth/shared/cases/cases.constants';
import type { CaseDetail } from '@hearth/shared/cases/cases.schema';
import { errorMessageOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useUserTimeZone } from '@/api/display-zone';
import { formatInstant } from '@/format/instant-format';
import { useAddCaseComment } from './cases.queries';

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
