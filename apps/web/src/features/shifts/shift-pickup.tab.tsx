import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PickupCandidateOutput, PickupInvitationOutput } from '@hearth/shared/shifts/pickup-invitations.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { formatDistance, INVITATION_STATUS_COLORS, invitationStatusLabel } from './shift-display';
import { useShiftRefresh } from './shift-queries';
import { formatZoned } from './shift-time';

/** How many caregivers "Invite best" invites at once. */
const BEST_COUNT = 10;

function InvitationsTable({ invitations, timezone }: { invitations: PickupInvitationOutput[]; timezone: string }) {
  const { t } = useTranslation('schedule');
  return (
    <Table.ScrollContainer minWidth={520} type="native">
      <Table fz="sm" verticalSpacing={4} aria-label={t('pickup.invitationsLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('pickup.caregiver')}</Table.Th>
            <Table.Th>{t('pickup.status')}</Table.Th>
            <Table.Th>{t('pickup.sent')}</Table.Th>
            <Table.Th>{t('pickup.answered')}</Table.Th>
            <Table.Th ta="right">{t('pickup.distance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invitations.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>{i.caregiverName}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={INVITATION_STATUS_COLORS[i.status]}>
                  {invitationStatusLabel(i.status)}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatZoned(i.sentAt, timezone)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{i.respondedAt ? formatZoned(i.respondedAt, timezone) : '—'}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatDistance(i.distanceMetres)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CandidatesTable(props: {
  candidates: PickupCandidateOutput[];
  invited: Set<number>;
  selected: Set<number>;
  canSend: boolean;
  onToggle: (caregiverId: number) => void;
}) {
  const { candidates, invited, selected, canSend, onToggle } = props;
  const { t } = useTranslation('schedule');
  return (
    <Table.ScrollContainer minWidth={440} type="native">
      <Table fz="sm" verticalSpacing={4} aria-label={t('pickup.candidatesLabel')} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {canSend && <Table.Th w={32} />}
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>{t('pickup.caregiver')}</Table.Th>
            <Table.Th ta="right">{t('pickup.distance')}</Table.Th>
            <Table.Th ta="right">{t('pickup.pastVisits')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {candidates.map((c) => {
            const already = invited.has(c.caregiverId);
            return (
              <Table.Tr key={c.caregiverId}>
                {canSend && (
                  <Table.Td>
                    <Checkbox
                      size="xs"
                      aria-label={t('pickup.invite', { name: c.caregiverName })}
                      checked={already || selected.has(c.caregiverId)}
                      disabled={already}
                      onChange={() => onToggle(c.caregiverId)}
                    />
                  </Table.Td>
                )}
                <Table.Td c="dimmed">{c.rank}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {c.caregiverName}
                    {already && (
                      <Badge size="xs" variant="light" color="gray">
                        {t('pickup.invited')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatDistance(c.distanceMetres)}
                </Table.Td>
                <Table.Td ta="right">{c.pastVisits}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * An open shift's pickup (issue "Scheduling" item 4): the invitations sent so far with their status
 * (getShiftPickupInvitations), and the eligible caregivers ranked by distance from the client and past visits
 * (getPickupCandidates) to invite, chosen one by one or the best ten (sendPickupInvitations).
 */
export function ShiftPickupTab(props: { scheduleId: number; timezone: string; canSend: boolean }) {
  const { scheduleId, timezone, canSend } = props;
  const trpc = useTRPC();
  const { t } = useTranslation('schedule');
  const refresh = useShiftRefresh();
  const invitations = useQuery(trpc.getShiftPickupInvitations.queryOptions({ scheduleId }));
  const candidates = useQuery({ ...trpc.getPickupCandidates.queryOptions({ scheduleId }), enabled: canSend });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const send = useMutation(
    trpc.sendPickupInvitations.mutationOptions({
      onSuccess: (result) => {
        setSelected(new Set());
        notifications.show({
          color: result.sent > 0 ? 'teal' : 'yellow',
          message: result.sent > 0 ? t('pickup.sentCount', { count: result.sent }) : t('pickup.noneNew'),
        });
        void refresh.shift(scheduleId);
      },
      onError: (error) => notifications.show({ color: 'red', title: t('pickup.notSent'), message: errorMessageOf(error) }),
    }),
  );
  const invited = new Set((invitations.data ?? []).map((i) => i.caregiverId));
  const ranked = [...(candidates.data ?? [])].sort((a, b) => a.rank - b.rank);
  const best = ranked.filter((c) => !invited.has(c.caregiverId)).slice(0, BEST_COUNT);
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={5}>{t('pickup.invitations')}</Title>
        {invitations.isPending && <Loader size="xs" aria-label={t('pickup.loadingInvitations')} />}
        {invitations.isError && <Alert color="red">{errorMessageOf(invitations.error)}</Alert>}
        {invitations.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('pickup.noInvitations')}
          </Text>
        )}
        {invitations.data && invitations.data.length > 0 && (
          <InvitationsTable invitations={invitations.data} timezone={timezone} />
        )}
      </Stack>
      {canSend && (
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Title order={5}>{t('pickup.eligible')}</Title>
            <Group gap="xs">
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconSend size={14} />}
                disabled={selected.size === 0}
                loading={send.isPending && selected.size > 0}
                onClick={() => send.mutate({ scheduleId, caregiverIds: [...selected] })}
              >
                {t('pickup.inviteSelected', { n: selected.size })}
              </Button>
              <Button
                size="compact-sm"
                leftSection={<IconSend size={14} />}
                disabled={best.length === 0}
                loading={send.isPending && selected.size === 0}
                onClick={() => send.mutate({ scheduleId, caregiverIds: best.map((c) => c.caregiverId) })}
              >
                {t('pickup.inviteBest', { n: BEST_COUNT })}
              </Button>
            </Group>
          </Group>
          <Text size="xs" c="dimmed">
            {t('pickup.eligibleHelp')}
          </Text>
          {candidates.isPending && <Loader size="xs" aria-label={t('pickup.loadingCandidates')} />}
          {candidates.isError && <Alert color="red">{errorMessageOf(candidates.error)}</Alert>}
          {candidates.data?.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('pickup.nobody')}
            </Text>
          )}
          {ranked.length > 0 && (
            <CandidatesTable candidates={ranked} invited={invited} selected={selected} canSend={canSend} onToggle={toggle} />
          )}
        </Stack>
      )}
    </Stack>
  );
}
