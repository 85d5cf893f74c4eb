import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientAppClient } from '@hearth/shared/client-app/client-app.schema';
import { useTRPC } from '@/api/trpc';
import { ClientAppFrame } from '../client-app.frame';
import { VisitCard } from '../client-app-visits.card';
import { useVisitsLive } from '../client-app-visits.live';

/**
 * /client-mobile-app/visits (issue "client and family app" item 2): the shown client's past visits, newest first,
 * with their check-in and check-out times, twenty at a time (clientAppGetVisits pages by start time). Needs the
 * schedule permission.
 */
export function ClientVisitsPage() {
  const { t } = useTranslation('clientAppVisits');
  return (
    <ClientAppFrame title={t('title')} permission="schedule">
      {(client) => <PastVisits key={client.clientId} client={client} />}
    </ClientAppFrame>
  );
}

function PastVisits({ client }: { client: ClientAppClient }) {
  const { t } = useTranslation('clientAppVisits');
  const trpc = useTRPC();
  // One query per page, each asked from where the page before it ended (clientAppGetVisits' `before`).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const pages = useQueries({
    queries: cursors.map((before) => trpc.clientAppGetVisits.queryOptions({ clientId: client.clientId, before })),
  });
  useVisitsLive([trpc.clientAppGetVisits.queryKey()]);
  if (pages[0]!.isPending) return <Loader size="sm" aria-label={t('title')} />;
  if (pages.some((page) => page.isError)) return <Alert color="red">{t('list.failed')}</Alert>;
  const all = pages.flatMap((page) => page.data?.visits ?? []);
  const last = pages[pages.length - 1]!;
  const nextBefore = last.data?.nextBefore ?? null;
  return (
    <Stack gap="xs">
      {all.length === 0 && <Text c="dimmed">{t('list.empty')}</Text>}
      {all.map((visit) => (
        <VisitCard key={visit.shiftId} visit={visit} timezone={client.timezone} />
      ))}
      {(nextBefore !== null || last.isPending) && (
        <Button
          variant="light"
          loading={last.isPending}
          onClick={() => nextBefore && setCursors((list) => [...list, nextBefore])}
        >
          {t('list.more')}
        </Button>
      )}
    </Stack>
  );
}
