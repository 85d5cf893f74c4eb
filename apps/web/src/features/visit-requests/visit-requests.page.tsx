import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { VisitRequestStatus } from '@hearth/shared/visit-requests/visit-requests.constants';
import type { VisitRequestOutput } from '@hearth/shared/visit-requests/visit-requests.schema';
import { useAllowedActions } from '@/api/allowed-actions';
import { formatInstant } from '@/format/instant-format';
import { useVisitRequests } from './visit-requests.queries';
import { VisitRequestWhat } from './visit-request.text';
import { DecideVisitRequestModal, type Deciding } from './visit-request.decide-modal';

const STATUS_COLOR: Record<VisitRequestStatus, string> = {
  pending: 'blue',
  approved: 'teal',
  declined: 'red',
  withdrawn: 'gray',
};

/** Who asked: the name and, for a contact, their relationship to the client ("Pat Lee, daughter"). */
function Asker({ request }: { request: VisitRequestOutput }) {
  const { t } = useTranslation('visitRequests');
  const relation =
    request.requestedByRelation === 'client' ? t('asker.client') : request.requestedByRelation?.toLowerCase() || null;
  return (
    <Text size="sm">
      {relation ? t('asker.withRelation', { name: request.requestedByName, relation }) : request.requestedByName}
    </Text>
  );
}

/** One request as a table row: client, what, caregiver, who asked and when, note, then the actions or the answer. */
function RequestRow({
  request,
  highlighted,
  onDecide,
  canDecide,
}: {
  request: VisitRequestOutput;
  highlighted: boolean;
  onDecide: (d: Deciding) => void;
  canDecide: boolean;
}) {
  const { t } = useTranslation('visitRequests');
  return (
    <Table.Tr bg={highlighted ? 'var(--mantine-color-yellow-light)' : undefined} aria-current={highlighted || undefined}>
      <Table.Td>
        <Anchor component={Link} to={`/clients/${request.clientId}/schedule`} size="sm">
          {request.clientName}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <VisitRequestWhat request={request} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{request.caregiverName ?? (request.kind === 'add' ? '' : t('table.open'))}</Text>
      </Table.Td>
      <Table.Td>
        <Asker request={request} />
        <Text size="xs" c="dimmed">
          {formatInstant(request.createdAt, request.timezone)}
        </Text>
      </Table.Td>
      <Table.Td maw={260}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {request.note ?? ''}
        </Text>
      </Table.Td>
      <Table.Td>
        {request.status === 'pending' ? (
          canDecide && (
            <Group gap={6} wrap="nowrap">
              <Button size="xs" color="teal" onClick={() => onDecide({ request, decision: 'approve' })}>
                {t('actions.approve')}
              </Button>
              <Button size="xs" variant="light" color="red" onClick={() => onDecide({ request, decision: 'decline' })}>
                {t('actions.decline')}
              </Button>
            </Group>
          )
        ) : (
          <Stack gap={2}>
            <Badge color={STATUS_COLOR[request.status]} variant="light">
              {t(`status.${request.status}`)}
            </Badge>
            {request.decidedAt && (
              <Text size="xs" c="dimmed">
                {t('table.decidedBy', {
                  name: request.decidedByName ?? '',
                  when: formatInstant(request.decidedAt, request.timezone),
                })}
              </Text>
            )}
            {request.decisionReason && (
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                {request.decisionReason}
              </Text>
            )}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * /visit-requests (issue 25 item 3): the families' requests of the caller's branches. "Waiting" is the queue, oldest
 * first, each approved (the change is made on the schedule at once) or declined with a reason the family reads;
 * "Answered" lists the decided and withdrawn ones, newest first. Follows new requests live; a notification's link
 * (?request=N) highlights its row.
 */
export function VisitRequestsPage() {
  const { t } = useTranslation('visitRequests');
  const { can, loading } = useAllowedActions();
  const [params] = useSearchParams();
  const [status, setStatus] = useState<'pending' | 'decided'>('pending');
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const allowed = can('visitRequests.list');
  const query = useVisitRequests(status, allowed);
  const highlighted = Number(params.get('request')) || null;
  let body;
  if (loading) body = <Loader size="sm" aria-label={t('loading')} />;
  else if (!allowed) body = <Alert color="gray">{t('notAllowed')}</Alert>;
  else if (query.isPending) body = <Loader size="sm" aria-label={t('loading')} />;
  else if (query.isError)
    body = (
      <Alert color="red" role="alert">
        {t('loadFailed')}
      </Alert>
    );
  else if (query.data.length === 0)
    body = (
      <Paper withBorder p="lg" radius="md">
        <Text c="dimmed">{t(status === 'pending' ? 'emptyPending' : 'emptyDecided')}</Text>
      </Paper>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t(`tabs.${status}`)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('table.client')}</Table.Th>
              <Table.Th>{t('table.request')}</Table.Th>
              <Table.Th>{t('table.caregiver')}</Table.Th>
              <Table.Th>{t('table.askedBy')}</Table.Th>
              <Table.Th>{t('table.note')}</Table.Th>
              <Table.Th>{t(status === 'pending' ? 'table.actions' : 'table.answer')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((r) => (
              <RequestRow
                key={r.id}
                request={r}
                highlighted={r.id === highlighted}
                onDecide={setDeciding}
                canDecide={can('visitRequests.decide')}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <SegmentedControl
        style={{ alignSelf: 'flex-start' }}
        aria-label={t('tabs.label')}
        value={status}
        onChange={(v) => setStatus(v as 'pending' | 'decided')}
        data={[
          { value: 'pending', label: t('tabs.pending') },
          { value: 'decided', label: t('tabs.decided') },
        ]}
      />
      {body}
      <DecideVisitRequestModal deciding={deciding} onClose={() => setDeciding(null)} />
    </Stack>
  );
}
