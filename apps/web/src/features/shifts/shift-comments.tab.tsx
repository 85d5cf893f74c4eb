import { useState } from 'react';
import { Alert, Button, Divider, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ShiftCommentOutput } from '@hearth/shared/shifts/shifts.schema';
import { errorMessageOf } from '@/api/api-error';
import { useCurrentUser } from '@/api/current-user';
import { useTRPC } from '@/api/trpc';
import { DeleteButton } from '@/components/records/delete-button';
import { EditButton } from '@/components/records/edit-button';
import { useShiftRefresh } from './shift-queries';
import { formatZoned } from './shift-time';

/** A comment's text box with its Save and Cancel (or Add) buttons; the server's refusal shows under it. */
function CommentEditor(props: {
  initial: string;
  label: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (body: string) => void;
  onCancel?: () => void;
}) {
  const { initial, label, submitLabel, pending, error, onSubmit, onCancel } = props;
  const { t } = useTranslation('schedule');
  const [body, setBody] = useState(initial);
  const blank = body.trim() === '';
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!blank) onSubmit(body.trim());
      }}
    >
      <Stack gap={6}>
        <Textarea
          aria-label={label}
          placeholder={t('comments.placeholder')}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={4000}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          error={error ? errorMessageOf(error) : undefined}
        />
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button size="compact-sm" variant="default" onClick={onCancel}>
              {t('comments.cancel')}
            </Button>
          )}
          <Button size="compact-sm" type="submit" disabled={blank} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CommentItem(props: { comment: ShiftCommentOutput; timezone: string; mine: boolean; onChanged: () => void }) {
  const { comment, timezone, mine, onChanged } = props;
  const trpc = useTRPC();
  const { t } = useTranslation('schedule');
  const [editing, setEditing] = useState(false);
  const update = useMutation(
    trpc.updateShiftComment.mutationOptions({
      onSuccess: () => {
        setEditing(false);
        onChanged();
      },
    }),
  );
  const remove = useMutation(trpc.deleteShiftComment.mutationOptions({ onSuccess: onChanged }));
  const edited = comment.updatedAt !== comment.createdAt;
  return (
    <div>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed">
          <Text span fw={600} c="var(--mantine-color-text)" size="xs">
            {comment.userName ?? t('comments.unknownUser')}
          </Text>
          {' · '}
          {formatZoned(comment.createdAt, timezone)}
          {edited ? ` · ${t('comments.edited')}` : ''}
        </Text>
        {mine && !editing && (
          <Group gap={2} wrap="nowrap">
            <EditButton what={t('comments.noun')} onClick={() => setEditing(true)} />
            <DeleteButton what={t('comments.noun')} onConfirm={() => remove.mutateAsync({ id: comment.id })} />
          </Group>
        )}
      </Group>
      {editing ? (
        <CommentEditor
          initial={comment.body}
          label={t('comments.editLabel')}
          submitLabel={t('comments.save')}
          pending={update.isPending}
          error={update.error}
          onSubmit={(body) => update.mutate({ id: comment.id, body })}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.body}
        </Text>
      )}
    </div>
  );
}

/** A shift's comments (getShiftComments), oldest first; everyone may add one, authors edit or delete their own. */
export function ShiftCommentsTab(props: { scheduleId: number; timezone: string; canWrite: boolean }) {
  const { scheduleId, timezone, canWrite } = props;
  const trpc = useTRPC();
  const { t } = useTranslation('schedule');
  const refresh = useShiftRefresh();
  const me = useCurrentUser().data;
  const comments = useQuery(trpc.getShiftComments.queryOptions({ scheduleId }));
  const [draftKey, setDraftKey] = useState(0);
  const onChanged = () => void refresh.comments(scheduleId);
  const create = useMutation(
    trpc.createShiftComment.mutationOptions({
      onSuccess: () => {
        setDraftKey((k) => k + 1);
        onChanged();
      },
    }),
  );
  if (comments.isPending) return <Loader size="xs" aria-label={t('comments.loading')} />;
  if (comments.isError) return <Alert color="red">{errorMessageOf(comments.error)}</Alert>;
  const list = [...comments.data].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  return (
    <Stack gap="sm">
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('comments.none')}
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label={t('comments.listLabel')}>
          {list.map((c, i) => (
            <div key={c.id} role="listitem">
              {i > 0 && <Divider mb="xs" />}
              <CommentItem comment={c} timezone={timezone} mine={me !== undefined && c.userId === me.id} onChanged={onChanged} />
            </div>
          ))}
        </Stack>
      )}
      {canWrite && (
        <CommentEditor
          key={draftKey}
          initial=""
          label={t('comments.newLabel')}
          submitLabel={t('comments.add')}
          pending={create.isPending}
          error={create.error}
          onSubmit={(body) => create.mutate({ scheduleId, body })}
        />
      )}
    </Stack>
  );
}
