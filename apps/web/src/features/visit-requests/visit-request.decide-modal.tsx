import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { VISIT_REQUEST_REASON_MAX } from '@hearth/shared/visit-requests/visit-requests.constants';
import type { VisitRequestOutput } from '@hearth/shared/visit-requests/visit-requests.schema';
import { errorMessageOf, fieldErrorsOf } from '@/api/api-error';
import { useDecideVisitRequest } from './visit-requests.queries';
import { VisitRequestWhat } from './visit-request.text';

/** What the office is about to do with a request: approve (apply it) or decline. */
export interface Deciding {
  request: VisitRequestOutput;
  decision: 'approve' | 'decline';
}

/**
 * Confirms a decision (visitRequests.decide): approving says the change is made on the schedule at once and takes an
 * optional word for the family; declining needs the reason the family will read. A refusal (the caregiver busy at
 * the new time, a locked pay period, the visit started) shows in the modal and nothing is decided.
 */
export function DecideVisitRequestModal({ deciding, onClose }: { deciding: Deciding | null; onClose: () => void }) {
  const { t } = useTranslation('visitRequests');
  const decide = useDecideVisitRequest();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    decide.reset();
    onClose();
  };
  const approve = deciding?.decision === 'approve';
  const submit = () => {
    if (!deciding) return;
    if (!approve && !reason.trim()) return setError(t('decide.reasonRequired'));
    setError(null);
    decide.mutate(
      { id: deciding.request.id, decision: deciding.decision, reason: reason.trim() || null },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t(approve ? 'decide.approved' : 'decide.declined') });
          close();
        },
        onError: (e) => setError(fieldErrorsOf(e).reason ?? errorMessageOf(e)),
      },
    );
  };
  return (
    <Modal
      opened={deciding !== null}
      onClose={close}
      title={t(approve ? 'decide.approveTitle' : 'decide.declineTitle', { client: deciding?.request.clientName ?? '' })}
    >
      {deciding && (
        <Stack gap="sm">
          <VisitRequestWhat request={deciding.request} />
          <Text size="sm" c="dimmed">
            {t(approve ? 'decide.approveHint' : 'decide.declineHint')}
          </Text>
          <Textarea
            label={t(approve ? 'decide.message' : 'decide.reason')}
            required={!approve}
            autosize
            minRows={2}
            maxLength={VISIT_REQUEST_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
          />
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('decide.back')}
            </Button>
            <Button color={approve ? 'teal' : 'red'} loading={decide.isPending} onClick={submit}>
              {t(approve ? 'decide.approve' : 'decide.decline')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
