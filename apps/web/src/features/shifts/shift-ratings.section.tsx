import { useQuery } from '@tanstack/react-query';
import { Box, Paper, Rating, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '@/api/trpc';
import { useAllowedActions } from '@/api/allowed-actions';
import { formatInstant } from '@/format/instant-format';

/**
 * What the client or their family said of the visit in the client app (getVisitRatings: stars 1 to 5, a comment,
 * who and when), latest first, in the shift drawer; nothing when nobody rated it or the role may not read ratings.
 * @param timezone the branch zone the drawer shows times in
 */
export function ShiftRatingsSection({ shiftId, timezone }: { shiftId: number; timezone: string }) {
  const trpc = useTRPC();
  const { t } = useTranslation('schedule');
  const { can } = useAllowedActions();
  const ratings = useQuery({ ...trpc.getVisitRatings.queryOptions({ shiftId }), enabled: can('getVisitRatings') });
  if (!ratings.data?.length) return null;
  return (
    <Stack gap={6} component="section" aria-labelledby={`ratings-${shiftId}`}>
      <Title order={4} fz="sm" id={`ratings-${shiftId}`}>
        {t('drawer.ratings.title')}
      </Title>
      {ratings.data.map((r) => (
        <Paper key={`${r.raterName}-${r.updatedAt}`} withBorder p="xs" radius="sm">
          <Box role="img" aria-label={t('drawer.ratings.stars', { rating: r.rating })} w="fit-content">
            <Rating value={r.rating} readOnly size="sm" aria-hidden />
          </Box>
          {r.comment && <Text size="sm">{r.comment}</Text>}
          <Text size="xs" c="dimmed">
            {t('drawer.ratings.by', {
              name: r.raterName,
              relation: r.relation === 'client' ? t('drawer.ratings.theClient') : r.relation,
              when: formatInstant(r.updatedAt, timezone),
            })}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
