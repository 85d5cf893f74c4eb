import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClientAppClient } from '@hearth/shared/client-app/client-app.schema';
import type { ClientAppVisit } from '@hearth/shared/client-app/client-app-visits.schema';
import { useTRPC } from '@/api/trpc';
import { formatInstant } from '@/format/instant-format';
import { ClientAppFrame } from '../client-app.frame';
import { CLIENT_APP } from '../client-app.shell';
import { VisitCard } from '../client-app-visits.card';
import { useVisitsLive } from '../client-app-visits.live';

/**
 * /client-mobile-app (issue "client and family app" item 1): today's visits of the shown client with their live
 * status ("Checked in at 9:02 AM" as the caregiver's phone records it, refreshed by live events), then the next
 * visits grouped by day, in the client's zone. Needs the schedule permission.
 */
export function ClientHomePage() {
  const { t } = useTranslation('clientApp');
  return (
    <ClientAppFrame title={t('home.title')} permission="schedule">
      {(client) => <Home client={client} />}
    </ClientAppFrame>
  );
}

function Home({ client }: { client: ClientAppClient }) {
  const { t, i18n } = useTranslation('clientAppVisits');
  const trpc = useTRPC();
  const options = trpc.clientAppGetHome.queryOptions({ clientId: client.clientId });
  const home = useQuery(options);
  useVisitsLive([options.queryKey]);
  if (home.isPending) return <Loader size="sm" aria-label={t('title')} />;
  if (home.isError) return <Alert color="red">{t('list.failed')}</Alert>;
  const { todayVisits, nextVisits } = home.data;
  const byDay = new Map<string, ClientAppVisit[]>();
  for (const visit of nextVisits) {
    const day = formatInstant(visit.startAt, client.timezone, { style: 'weekdayDate', language: i18n.language });
    byDay.set(day, [...(byDay.get(day) ?? []), visit]);
  }
  return (
    <Stack gap="lg">
      <Stack gap="xs" component="section" aria-labelledby="home-today">
        <Title order={3} size="h5" id="home-today">
          {t('home.today')} · {formatInstant(new Date(), client.timezone, { style: 'weekdayDate', language: i18n.language })}
        </Title>
        {todayVisits.length === 0 && <Text c="dimmed">{t('home.noneToday')}</Text>}
        {todayVisits.map((visit) => (
          <VisitCard key={visit.shiftId} visit={visit} timezone={client.timezone} hideDay />
        ))}
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="home-next">
        <Title order={3} size="h5" id="home-next">
          {t('home.next')}
        </Title>
        {nextVisits.length === 0 && <Text c="dimmed">{t('home.noneNext')}</Text>}
        {[...byDay.entries()].map(([day, visits]) => (
          <Stack gap={6} key={day}>
            <Text size="sm" fw={600} c="dimmed">
              {day}
            </Text>
            {visits.map((visit) => (
              <VisitCard key={visit.shiftId} visit={visit} timezone={client.timezone} hideDay />
            ))}
          </Stack>
        ))}
      </Stack>
      <Anchor component={Link} to={`${CLIENT_APP}/visits`}>
        {t('home.allVisits')}
      </Anchor>
    </Stack>
  );
}
