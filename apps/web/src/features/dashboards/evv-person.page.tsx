import { Alert, Anchor, Badge, Breadcrumbs, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import type { EvvPersonDashboardOutput, EvvVisit } from '@hearth/shared/dashboards/dashboards.schema';
import { AFTER_LOCK_REVIEW } from '@hearth/shared/dashboards/evv-compliance';
import { OFFICE_EDIT_REASON_LABELS, type OfficeEditReasonCode } from '@hearth/shared/shifts/shifts.constants';
import { useTRPC } from '@/api/trpc';
import { evvParamsOf, shortDate, timeText, todayText } from './dashboards.format';
import { EvvFilters } from './evv-filters';
import { EvvTotals } from './stat-cards';

const TYPE_LABELS: Record<number, string> = { 1: 'Mobile', 2: 'Offline', 3: 'Office' };

/** A check's time and how it was made (timesheet type), with its distance from the client's address. */
function CheckCell(props: { at: string | null; zone: string; type: number | null; distance: number | null }) {
  const { at, zone, type, distance } = props;
  return (
    <Stack gap={0}>
      <Text size="sm">{timeText(at, zone)}</Text>
      <Text size="xs" c="dimmed">
        {type ? (TYPE_LABELS[type] ?? `Type ${type}`) : '—'}
        {distance !== null && ` · ${Math.round(distance)} m`}
      </Text>
    </Stack>
  );
}

/** The flags of a visit as badges ("Compliant" alone when it is). */
function FlagBadges({ v }: { v: EvvVisit }) {
  return (
    <Group gap={4}>
      {v.compliant && (
        <Badge color="teal" variant="light" size="sm">
          Compliant
        </Badge>
      )}
      {!v.compliant && !v.geofenceException && !v.manualEdit && !v.clockSkew && (
        <Badge color="gray" variant="light" size="sm">
          Not verified
        </Badge>
      )}
      {v.geofenceException && (
        <Badge color="orange" variant="light" size="sm">
          Outside geofence
        </Badge>
      )}
      {v.manualEdit && (
        <Badge color="violet" variant="light" size="sm">
          Manual edit
        </Badge>
      )}
      {v.lateCheckIn && (
        <Badge color="red" variant="light" size="sm">
          Late check-in
        </Badge>
      )}
      {v.clockSkew && (
        <Badge color="yellow" variant="light" size="sm" title="The phone's clock differed from the server's: check the times">
          Phone clock off
        </Badge>
      )}
      {v.afterLock && (
        <Badge
          color="grape"
          variant="light"
          size="sm"
          title={`${AFTER_LOCK_REVIEW}: payroll computed before it arrived leaves this visit out`}
        >
          After pay period lock
        </Badge>
      )}
    </Group>
  );
}

const reasonText = (code: string | null) => (code ? (OFFICE_EDIT_REASON_LABELS[code as OfficeEditReasonCode] ?? code) : '');

/** A person's drill-down: totals and the completed visits with their EVV data and the counterpart's name. */
function EvvPersonView({ kind, data }: { kind: 'client' | 'caregiver'; data: EvvPersonDashboardOutput }) {
  return (
    <>
      <EvvTotals totals={data.totals} />
      {data.visits.length === 0 ? (
        <Text c="dimmed">No completed visits in this period.</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label="Visits">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Scheduled</Table.Th>
                <Table.Th>{kind === 'client' ? 'Caregiver' : 'Client'}</Table.Th>
                <Table.Th>Check-in</Table.Th>
                <Table.Th>Check-out</Table.Th>
                <Table.Th>Flags</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.visits.map((v) => (
                <Table.Tr key={v.shiftId}>
                  <Table.Td>{shortDate(v.date)}</Table.Td>
                  <Table.Td>
                    {timeText(v.startAt, v.timeZone)} – {timeText(v.endAt, v.timeZone)}
                  </Table.Td>
                  <Table.Td>{kind === 'client' ? (v.caregiverName ?? '—') : v.clientName}</Table.Td>
                  <Table.Td>
                    <CheckCell at={v.checkIn} zone={v.timeZone} type={v.checkInType} distance={v.checkInDistanceMetres} />
                  </Table.Td>
                  <Table.Td>
                    <CheckCell at={v.checkOut} zone={v.timeZone} type={v.checkOutType} distance={v.checkOutDistanceMetres} />
                  </Table.Td>
                  <Table.Td>
                    <FlagBadges v={v} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{reasonText(v.reasonCode)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

/** The frame of both drill-downs: breadcrumbs back to the tab, title, period picker, then the view. */
function EvvPersonFrame({ kind, id }: { kind: 'client' | 'caregiver'; id: number }) {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const { from, to } = evvParamsOf(params, todayText());
  const client = useQuery({ ...trpc.getEvvClientDashboard.queryOptions({ clientId: id, from, to }), enabled: kind === 'client' });
  const caregiver = useQuery({
    ...trpc.getEvvCaregiverDashboard.queryOptions({ caregiverId: id, from, to }),
    enabled: kind === 'caregiver',
  });
  const query = kind === 'client' ? client : caregiver;
  const tab = kind === 'client' ? 'clients' : 'caregivers';
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/dashboard" size="sm">
          Dashboard
        </Anchor>
        <Anchor component={Link} to={`/dashboard/evv?tab=${tab}&from=${from}&to=${to}`} size="sm">
          EVV compliance
        </Anchor>
        <span>{query.data?.name ?? (kind === 'client' ? 'Client' : 'Caregiver')}</span>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>
          {query.data?.name ?? ''}{' '}
          <Text span c="dimmed" fz="lg">
            EVV · {kind}
          </Text>
        </Title>
        <EvvFilters from={from} to={to} onPeriod={(p) => setParams(p, { replace: true })} />
      </Group>
      {query.isError && <Alert color="red">{query.error.message}</Alert>}
      {query.isPending && <Loader size="sm" />}
      {query.data && <EvvPersonView kind={kind} data={query.data} />}
    </Stack>
  );
}

/** /dashboard/evv/client/{clientId}: a client's completed visits with their EVV flags. */
export function EvvClientPage() {
  const id = Number(useParams().clientId);
  return <EvvPersonFrame key={`client-${id}`} kind="client" id={id} />;
}

/** /dashboard/evv/caregiver/{caregiverId}: a caregiver's completed visits with their EVV flags. */
export function EvvCaregiverPage() {
  const id = Number(useParams().caregiverId);
  return <EvvPersonFrame key={`caregiver-${id}`} kind="caregiver" id={id} />;
}
