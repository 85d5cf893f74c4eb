import { startTransition, useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessageOf } from '@/api/api-error';
import { useCaregiverAppStart, useScheduleShifts } from './schedule-data';
import { firstShiftsOf, groupShiftsByDay } from './schedule-days';
import { ScheduleDaySection } from './schedule.day';
import { useDeepLinkScroll, useScheduleScroll } from './schedule.scroll';

/** Height of the sticky offline banner, in pixels (the day headers stick below it). */
const OFFLINE_BANNER_PX = 48;

/**
 * Visits in the first render pass: more than a phone screen holds. A slow phone shows them first, then renders the
 * rest of the window in the background (a transition), instead of building every card before showing any (issue
 * "caregiver app", Performance).
 */
const FIRST_PASS_SHIFTS = 6;

/**
 * /app: the caregiver's schedule (issue "caregiver app" item 2), or the missed visits with `?status=missing`;
 * `?startTimestamp=ISO` starts there and scrolls that visit into view. Visits grouped by day in their time zone
 * with sticky day headers; infinite scroll up and down (at most 3 pages kept, the visible visit stays in place when
 * pages come or go). Offline, the saved windows answer and the page says so.
 */
export function SchedulePage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const missed = searchParams.get('status') === 'missing';
  const startTimestamp = searchParams.get('startTimestamp') ?? undefined;
  const query = useScheduleShifts(missed ? 'missing' : undefined, startTimestamp);
  // What can wait starts once the first window has shown (or failed): on a slow network it must not delay it.
  useCaregiverAppStart(query.isSuccess || query.isError);

  const pages = query.data?.pages;
  const allDays = useMemo(() => groupShiftsByDay((pages ?? []).flatMap((p) => p.shifts)), [pages]);
  const fromCache = (pages ?? []).some((p) => p.fromCache);
  // The first window renders in two passes (FIRST_PASS_SHIFTS); everything after renders at once.
  const [allShown, setAllShown] = useState(false);
  useEffect(() => {
    if (query.isSuccess && !allShown) startTransition(() => setAllShown(true));
  }, [query.isSuccess, allShown]);
  const days = allShown ? allDays : firstShiftsOf(allDays, FIRST_PASS_SHIFTS);

  // The sentinels wait for the whole first window to be on screen, so the deep-linked visit is what shows first.
  const ready = query.isSuccess && allShown;
  const { topRef, bottomRef } = useScheduleScroll(query, ready);
  const target = useDeepLinkScroll(allDays, startTimestamp, allShown);
  const dayTop = fromCache
    ? `calc(var(--app-shell-header-offset, 52px) + ${OFFLINE_BANNER_PX}px)`
    : 'var(--app-shell-header-offset, 52px)';

  const title = missed ? t('schedule.missedTitle') : t('schedule.title');
  return (
    <Stack gap="sm" pb="xl">
      <Title order={3}>{title}</Title>
      {fromCache && (
        // Stays in view while earlier visits load above it; the day headers stick below it.
        <Box
          pb={4}
          style={{
            position: 'sticky',
            top: 'var(--app-shell-header-offset, 52px)',
            zIndex: 3,
            background: 'var(--mantine-color-body)',
          }}
        >
          <Alert color="orange" variant="light" icon={<IconCloudOff size={18} />} py="xs" h={OFFLINE_BANNER_PX - 4}>
            {t('schedule.offline')}
          </Alert>
        </Box>
      )}
      {query.isPending && (
        <Center py="xl">
          <Loader aria-label={t('schedule.loading')} />
        </Center>
      )}
      {query.isError && !query.data && (
        <Alert color="red" title={t('schedule.loadFailed')}>
          <Stack gap="xs">
            <Text size="sm">{errorMessageOf(query.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void query.refetch()} style={{ alignSelf: 'flex-start' }}>
              {t('schedule.tryAgain')}
            </Button>
          </Stack>
        </Alert>
      )}
      {query.isSuccess && (
        <>
          <div ref={topRef} style={{ height: 1 }} />
          {query.isFetchingPreviousPage && (
            <Center>
              <Loader size="sm" aria-label={t('schedule.loadingEarlier')} />
            </Center>
          )}
          {days.length === 0 && (
            <Paper withBorder p="lg" radius="md">
              <Text fw={500}>{missed ? t('schedule.noMissed') : t('schedule.noVisits')}</Text>
              <Text size="sm" c="dimmed">
                {missed ? t('schedule.noMissedHint') : t('schedule.noVisitsHint')}
              </Text>
            </Paper>
          )}
          {days.map((day) => (
            <ScheduleDaySection key={day.date} day={day} stickyTop={dayTop} highlightedId={target?.id} />
          ))}
          {query.isFetchingNextPage && (
            <Center>
              <Loader size="sm" aria-label={t('schedule.loadingLater')} />
            </Center>
          )}
          <div ref={bottomRef} style={{ height: 1 }} />
        </>
      )}
    </Stack>
  );
}
