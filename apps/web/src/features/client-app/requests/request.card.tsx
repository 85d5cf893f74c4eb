import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { ClientAppClient } from '@hearth/shared/client-app/client-app.schema';
import type { VisitRequestStatus } from '@hearth/shared/visit-requests/visit-requests.constants';
import type { ClientAppVisitRequest } from '@hearth/shared/visit-requests/visit-requests.schema';
import { errorMessageOf } from '@/api/api-error';
import { formatInstant } from '@/format/instant-format';
import { useWithdrawRequest } from './requests.queries';
import { visitSpan } from './request-text';

/** A request's status colour: waiting in the brand's blue, approved green, declined red, withdrawn grey. */
const STATUS_COLOR: Record<VisitRequestStatus, string> = {
  pending: 'blue',
  approved: 'teal',
  declined: 'red',
  withdrawn: 'gray',
};

/** The times of a request: the visit's and the new ones, on the client's wall clock. */
function RequestTimes({ request, zone }: { request: ClientAppVisitRequest; zone: string }) {
  const { t } = useTranslation('clientAppRequests');
  const visit = request.visitStart && request.visitEnd ? visitSpan(request.visitStart, request.visitEnd, zone) : '';
  const when = request.start && request.end ? visitSpan(request.start, request.end, zone) : '';
  return (
    <Stack gap={2}>
      {visit && <Text size="sm">{request.kind === 'move' ? t('summary.from', { when: visit }) : visit}</Text>}
      {when && <Text size="sm">{request.kind === 'move' ? t('summary.to', { when }) : when}</Text>}
    </Stack>
  );
}

/**
 * One request as the family reads it: what it asks, its status, who asked and when, the note, the office's answer
 * and, while it waits, "Withdraw" (for who asked, or the client) after a confirmation.
 */
export function RequestCard({ request, client }: { request: ClientAppVisitRequest; client: ClientAppClient }) {
  const { t } = useTranslation('clientAppRequests');
  const withdraw = useWithdrawRequest(client.clientId);
  const [confirming, setConfirming] = useState(false);
  const zone = client.timezone;
  const asked = formatInstant(request.createdAt, zone, { style: 'dateTime' });
  const doWithdraw = () =>
    withdraw.mutate(
      { clientId: client.clientId, requestId: request.id },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('withdrawn') }),
        onError: (error) => notifications.show({ color: 'red', message: errorMessageOf(error) }),
        onSettled: () => setConfirming(false),
      },
    );
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={t(`summary.${request.kind}`)}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fw={600}>{t(`summary.${request.kind}`)}</Text>
          <Badge color={STATUS_COLOR[request.status]} variant="light" style={{ flexShrink: 0 }}>
            {t(`status.${request.status}`)}
          </Badge>
        </Group>
        <RequestTimes request={request} zone={zone} />
        <Text size="xs" c="dimmed">
          {request.mine ? t('askedByYou', { when: asked }) : t('askedBy', { name: request.requestedByName, when: asked })}
        </Text>
        {request.note && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {t('note', { note: request.note })}
          </Text>
        )}
        {request.decidedAt && (
          <Text size="sm" c={request.status === 'declined' ? 'red.8' : undefined}>
            {request.decisionReason
              ? t('answeredWith', { when: formatInstant(request.decidedAt, zone), reason: request.decisionReason })
              : t('answered', { when: formatInstant(request.decidedAt, zone) })}
          </Text>
        )}
        {request.canWithdraw &&
          (confirming ? (
            <Group gap="xs" justify="flex-end">
              <Text size="sm">{t('withdrawConfirm')}</Text>
              <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                {t('keep')}
              </Button>
              <Button size="xs" color="red" loading={withdraw.isPending} onClick={doWithdraw}>
                {t('withdraw')}
              </Button>
            </Group>
          ) : (
            <Group justify="flex-end">
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
                {t('withdraw')}
              </Button>
            </Group>
          ))}
      </Stack>
    </Paper>
  );
}
