import { Alert, Anchor, Badge, Breadcrumbs, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { EvvPersonDashboardOutput, EvvVisit } from '@hearth/shared/dashboards/dashboards.schema';
import { OFFICE_EDIT_REASON_CODES } from '@hearth/shared/shifts/shifts.constants';
import { useTRPC } from '@/api/trpc';
import { evvParamsOf, shortDate, timeText, todayText } from './dashboards.format';
import { EvvFilters } from './evv-filters';
import { EvvTotals } from './stat-cards';

/** Timesheet types (1 mobile, 2 offline, 3 office) and their `evv.types` keys. */
const TYPE_KEYS = { 1: 'mobile', 2: 'offline', 3: 'office' } as const;

/** A check's time and how it was made (timesheet type), with its distance from the client's address. */
function CheckCell(props: { at: string | null; zone: string; type: number | null; distance: number | null }) {
  const { at, zone, type, distance } = props;
  const { t } = useTranslation('reports');
  const typeKey = type ? TYPE_KEYS[type as keyof typeof TYPE_KEYS] : undefined;
  return (
    <Stack gap={0}>
      <Text size="sm">{timeText(at, zone)}</Text>
      <Text size="xs" c="dimmed">
        {typeKey ? t(`evv.types.${typeKey}`) : type ? t('evv.type', { type }) : '—'}
        {distance !== null && ` · ${Math.round(distance)} m`}
      </Text>
    </Stack>
  );
}

/** The flags of a visit as badges ("Compliant" alone when it is). */
function FlagBadges({ v }: { v: EvvVisit }) {
  const { t } = useTranslation('reports');
  return (
    <Group gap={4}>
      {v.compliant && (
        <Badge color="teal" variant="light" size="sm">
          {t('evv.badges.compliant')}
        </Badge>
      )}
      {!v.compliant && !v.geofenceException && !v.manualEdit && !v.clockSkew && (
        <Badge color="gray" variant="light" size="sm">
          {t('evv.badges.notVerified')}
        </Badge>
      )}
      {v.geofenceException && (
        <Badge color="orange" variant="light" size="sm">
          {t('evv.badges.outsideGeofence')}
        </Badge>
      )}
      {v.manualEdit && (
        <Badge color="violet" variant="light" size="sm">
          {t('evv.badges.manualEdit')}
        </Badge>
      )}
      {v.lateCheckIn && (
        <Badge color="red" variant="light" size="sm">
          {t('evv.badges.lateCheckIn')}
        </Badge>
      )}
      {v.clockSkew && (
        <Badge color="yellow" variant="light" size="sm" title={t('evv.badges.phoneClockOffTitle')}>
          {t('evv.badges.phoneClockOff')}
        </Badge>
      )}
      {v.afterLock && (
        <Badge color="grape" variant="light" size="sm" title={t('evv.badges.afterLockTitle')}>
          {t('evv.badges.afterLock')}
        </Badge>
      )}
    </Group>
  );
}

/** A person's drill-down: totals and the completed visits with their EVV data and the counterpart's name. */
function EvvPersonView({ kind, data }: { kind: 'client' | 'caregiver'; data: EvvPersonDashboardOutput }) {
  const { t } = useTranslation('reports');
  // An office edit's reason in words, the code itself for one this screen does not know.
  const reasonText = (code: string | null) =>
    !code
      ? ''
      : (OFFICE_EDIT_REASON_CODES as readonly string[]).includes(code)
        ? t(`evv.reasons.${code as (typeof OFFICE_EDIT_REASON_CODES)[number]}`)
        : code;
  return (
    <>
      <EvvTotals totals={data.totals} />
      {data.visits.length === 0 ? (
        <Text c="dimmed">{t('trends.noVisits')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label={t('evv.visits')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('evv.date')}</Table.Th>
                <Table.Th>{t('evv.scheduled')}</Table.Th>
                <Table.Th>{kind === 'client' ? t('evv.caregiver') : t('evv.client')}</Table.Th>
                <Table.Th>{t('evv.checkIn')}</Table.Th>
                <Table.Th>{t('evv.checkOut')}</Table.Th>
                <Table.Th>{t('evv.flags')}</Table.Th>
                <Table.Th>{t('evv.reason')}</Table.Th>
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
  const { t } = useTranslation('reports');
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
          {t('dashboard.title')}
        </Anchor>
        <Anchor component={Link} to={`/dashboard/evv?tab=${tab}&from=${from}&to=${to}`} size="sm">
          {t('evv.title')}
        </Anchor>
        <span>{query.data?.name ?? (kind === 'client' ? t('evv.client') : t('evv.caregiver'))}</span>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>
          {query.data?.name ?? ''}{' '}
          <Text span c="dimmed" fz="lg">
            {kind === 'client' ? t('evv.kindClient') : t('evv.kindCaregiver')}
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
