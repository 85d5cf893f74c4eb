import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CASE_DEADLINES, CASE_REASON_MAX, type CaseDeadline } from '@hearth/shared/cases/cases.constants';
import type { CaseDetail } from '@hearth/shared/cases/cases.schema';
import { errorMessageOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useUserTimeZone } from '@/api/display-zone';
import { formatInstant } from '@/format/instant-format';
import { useMarkStateReported } from './cases.queries';

/** "Mark reported to the state": an optional note (the state's report number), then cases.markStateReported. */
function MarkReportedModal(props: { caseId: number; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('cases');
  const [note, setNote] = useState('');
  const mark = useMarkStateReported();
  const close = () => {
    setNote('');
    mark.reset();
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={close} title={t('deadlines.reportedTitle')}>
      <Stack gap="sm">
        <Textarea
          label={t('deadlines.note')}
          autosize
          minRows={2}
          maxLength={CASE_REASON_MAX}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {mark.isError && (
          <Alert color="red" role="alert" variant="light">
            {errorMessageOf(mark.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('deadlines.back')}
          </Button>
          <Button
            loading={mark.isPending}
            onClick={() =>
              mark.mutate({ id: props.caseId, note: note.trim() === '' ? undefined : note.trim() }, { onSuccess: close })
            }
          >
            {t('deadlines.confirmReported')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A deadline's state: overdue (red), met late (orange), met or running (nothing). */
function DeadlineBadge({ state }: { state: CaseDetail['deadlines'][CaseDeadline] }) {
  const { t } = useTranslation('cases');
  if (state.overdue) {
    return (
      <Badge color="red" variant="filled">
        {t('deadlines.overdue')}
      </Badge>
    );
  }
  if (state.metAt && state.dueAt) {
    const late = state.metAt > state.dueAt;
    return (
      <Badge color={late ? 'orange' : 'green'} variant="light">
        {late ? t('deadlines.late') : t('deadlines.onTime')}
      </Badge>
    );
  }
  return null;
}

/**
 * The case's deadlines (acknowledge, report to the state, resolve): when each is due and was met, in the user's zone,
 * with an overdue badge by the shared rule the server applies; "Mark reported to the state" while a state report is
 * due and not made.
 */
export function CaseDeadlines({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('cases');
  const zone = useUserTimeZone();
  const { can } = useAllowedActions();
  const [marking, setMarking] = useState(false);
  const stateReport = detail.deadlines.stateReport;
  const canMark = detail.canWork && can('cases.markStateReported') && stateReport.dueAt !== null && !stateReport.metAt;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {t('deadlines.title')}
          </Title>
          {canMark && (
            <Button size="xs" variant="light" onClick={() => setMarking(true)}>
              {t('deadlines.markReported')}
            </Button>
          )}
        </Group>
        {CASE_DEADLINES.map((name) => {
          const state = detail.deadlines[name];
          return (
            <Stack key={name} gap={0}>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {t(`deadlines.${name}`)}
                </Text>
                <DeadlineBadge state={state} />
              </Group>
              <Text size="sm">
                {state.dueAt ? t('deadlines.due', { when: formatInstant(state.dueAt, zone) }) : t('deadlines.none')}
              </Text>
              {state.metAt && (
                <Text size="sm" c="dimmed">
                  {t('deadlines.met', { when: formatInstant(state.metAt, zone) })}
                </Text>
              )}
            </Stack>
          );
        })}
        {detail.stateReportNote && (
          <Text size="sm" c="dimmed">
            {detail.stateReportNote}
          </Text>
        )}
      </Stack>
      <MarkReportedModal caseId={detail.id} opened={marking} onClose={() => setMarking(false)} />
    </Paper>
  );
}
