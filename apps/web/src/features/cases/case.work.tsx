import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CASE_REASON_MAX, type CasePriority, type CaseStatus } from '@hearth/shared/cases/cases.constants';
import type { CaseDetail } from '@hearth/shared/cases/cases.schema';
import { errorMessageOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useCurrentUser } from '@/api/current-user';
import { useTRPC } from '@/api/trpc';
import { PrioritySelect } from './case-report.fields';
import { moveKind } from './case.rules';
import { useTransitionCase, useUpdateCase } from './cases.queries';

/** The reason asked before cancelling or reopening a case (the shared rules refuse either without one). */
function ReasonModal(props: {
  kind: 'cancel' | 'reopen' | null;
  pending: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('cases');
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    props.onClose();
  };
  const cancel = props.kind === 'cancel';
  return (
    <Modal opened={props.kind !== null} onClose={close} title={cancel ? t('reason.cancelTitle') : t('reason.reopenTitle')}>
      <Stack gap="sm">
        <Text size="sm">{t('reason.intro')}</Text>
        <Textarea
          label={t('reason.reason')}
          required
          autosize
          minRows={3}
          maxLength={CASE_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        {props.error && (
          <Alert color="red" role="alert" variant="light">
            {props.error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('reason.back')}
          </Button>
          <Button
            color={cancel ? 'red' : undefined}
            disabled={reason.trim() === ''}
            loading={props.pending}
            onClick={() => props.onConfirm(reason.trim())}
          >
            {cancel ? t('reason.confirmCancel') : t('reason.confirmReopen')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The status buttons: one per status the server allows the caller now (allowedTransitions); cancelling and reopening
 * ask for a reason first; a refusal (such as a required module not completed) shows under the buttons.
 */
function StatusButtons({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('cases');
  const move = useTransitionCase();
  const [asking, setAsking] = useState<{ to: CaseStatus; kind: 'cancel' | 'reopen' } | null>(null);
  const go = (to: CaseStatus, reason?: string) =>
    move.mutate({ id: detail.id, to, reason }, { onSuccess: () => setAsking(null) });
  const label = (to: CaseStatus) => (moveKind(detail.status, to) === 'reopen' ? t('work.reopen') : t(`work.to.${to}`));
  return (
    <Stack gap="xs">
      {detail.allowedTransitions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('work.noMoves')}
        </Text>
      ) : (
        <Group gap="xs">
          {detail.allowedTransitions.map((to) => {
            const kind = moveKind(detail.status, to);
            return (
              <Button
                key={to}
                size="xs"
                variant={kind === 'cancel' ? 'outline' : 'filled'}
                color={kind === 'cancel' ? 'red' : undefined}
                loading={move.isPending && move.variables.to === to && asking === null}
                onClick={() => {
                  move.reset();
                  if (kind === 'plain') go(to);
                  else setAsking({ to, kind });
                }}
              >
                {label(to)}
              </Button>
            );
          })}
        </Group>
      )}
      {detail.status === 'in-progress' &&
        !detail.allowedTransitions.includes('completed') &&
        detail.modules.some((m) => m.required && m.careFormStatus !== 'completed' && m.careFormStatus !== 'amended') && (
          <Text size="sm" c="dimmed">
            {t('work.needsModules')}
          </Text>
        )}
      {move.isError && asking === null && (
        <Alert color="red" role="alert" variant="light">
          {errorMessageOf(move.error)}
        </Alert>
      )}
      <ReasonModal
        kind={asking?.kind ?? null}
        pending={move.isPending}
        error={move.isError ? errorMessageOf(move.error) : null}
        onConfirm={(reason) => asking && go(asking.to, reason)}
        onClose={() => {
          move.reset();
          setAsking(null);
        }}
      />
    </Stack>
  );
}

/**
 * Who the case is assigned to: no one, or one of the office users of its branch who work cases (cases.assignees; the
 * caller shown as "Me"). A current assignee no longer listed (moved to another branch, say) stays shown.
 */
function AssigneeSelect({ detail, disabled }: { detail: CaseDetail; disabled: boolean }) {
  const { t } = useTranslation('cases');
  const trpc = useTRPC();
  const { can } = useAllowedActions();
  const me = useCurrentUser().data;
  const update = useUpdateCase();
  const assignees = useQuery(trpc.cases.assignees.queryOptions(can('cases.assignees') ? { id: detail.id } : skipToken));
  const data = [{ value: '', label: t('work.unassigned') }];
  const add = (value: number, label: string) => {
    if (!data.some((o) => o.value === String(value))) data.push({ value: String(value), label });
  };
  for (const person of assignees.data ?? [])
    add(person.userId, person.userId === me?.id ? t('work.me', { name: person.name }) : person.name);
  if (detail.assignee) add(detail.assignee.userId, detail.assignee.name);
  return (
    <Stack gap={4}>
      <Select
        label={t('work.assignee')}
        data={data}
        value={detail.assignee ? String(detail.assignee.userId) : ''}
        allowDeselect={false}
        searchable
        nothingFoundMessage={t('work.noAssignee')}
        disabled={disabled || update.isPending}
        onChange={(value) => update.mutate({ id: detail.id, assigneeUserId: value ? Number(value) : null })}
        error={update.isError ? errorMessageOf(update.error) : undefined}
      />
    </Stack>
  );
}

/** Priority of the case, changed at once (cases.update). */
function PriorityEdit({ detail, disabled }: { detail: CaseDetail; disabled: boolean }) {
  const { t } = useTranslation('cases');
  const update = useUpdateCase();
  return (
    <Stack gap={4}>
      <PrioritySelect
        label={t('work.priority')}
        value={detail.priority}
        disabled={disabled || update.isPending}
        onChange={(value) => value && update.mutate({ id: detail.id, priority: value as CasePriority })}
      />
      {update.isError && (
        <Text size="xs" c="red" role="alert">
          {errorMessageOf(update.error)}
        </Text>
      )}
    </Stack>
  );
}

/** "Work the case": the status buttons, the assignee and the priority (read-only for who may not work it). */
export function CaseWork({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('cases');
  const { can } = useAllowedActions();
  const editable = detail.canWork && can('cases.update');
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('work.title')}
        </Title>
        {detail.canWork ? (
          <StatusButtons detail={detail} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('work.readOnly')}
          </Text>
        )}
        <Group grow align="flex-start">
          <AssigneeSelect detail={detail} disabled={!editable} />
          <PriorityEdit detail={detail} disabled={!editable} />
        </Group>
      </Stack>
    </Paper>
  );
}
