import { useEffect, useState } from 'react';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTRPC } from '@/api/trpc';
import { useLiveEvent } from '@/api/live-events';
import { formatInstantRange } from '@/format/instant-format';

/** The time now (ms since the epoch), updated once a minute while the component is mounted. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Whole minutes from the ISO instant `start` to `now` (ms), never below zero. */
function minutesSince(start: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(start)) / 60_000));
}

/**
 * Home's "Late visits" (issue "Reaching people" item 3, the late-visit alert live on Home): the visits of the
 * caller's branches not checked in 15 minutes after their start (getLateVisits), each with the caregiver to call and
 * a link to the client's schedule. A visit checked in, moved or given away, or a new alert, reaches the card through
 * the live 'visits' and 'shifts' events (the server's late-visit job publishes one as each visit turns late), and
 * the minutes late follow the browser's clock, without asking the server again. Renders nothing while
 * every visit is on time, so Home stays quiet on a good day.
 */
export function LateVisitsCard() {
  const { t } = useTranslation('shell');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const late = useQuery(trpc.getLateVisits.queryOptions({}));
  const now = useMinuteClock();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.getLateVisits.queryKey() });
  useLiveEvent('visits', refresh);
  useLiveEvent('shifts', refresh);
  const rows = late.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Paper withBorder p="lg" radius="md" role="region" aria-labelledby="late-visits-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconClockExclamation size={20} aria-hidden color="var(--mantine-color-red-text)" />
          <Title order={3} size="h4" id="late-visits-title">
            {t('home.lateVisits.title', { count: rows.length })}
          </Title>
        </Group>
        {rows.map((visit) => (
          <Group key={visit.shiftId} justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/clients/${visit.clientId}/schedule`} fw={500}>
                {visit.clientName}
              </Anchor>
              <Text size="sm">
                {t('home.lateVisits.caregiver', {
                  caregiver: visit.caregiverName,
                  when: formatInstantRange(visit.startAt, visit.endAt, visit.timezone),
                })}
              </Text>
              {visit.caregiverPhone && (
                <Anchor href={`tel:${visit.caregiverPhone}`} size="sm">
                  {t('home.lateVisits.call', { phone: visit.caregiverPhone })}
                </Anchor>
              )}
            </div>
            <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
              {t('home.lateVisits.minutesLate', { count: minutesSince(visit.startAt, now) })}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
