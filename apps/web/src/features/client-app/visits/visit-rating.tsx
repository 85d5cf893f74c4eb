import { useState } from 'react';
import { Alert, Button, Paper, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VISIT_RATING_COMMENT_MAX, type ClientAppVisitDetail } from '@hearth/shared/client-app/client-app-visits.schema';
import { fieldErrorsOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { formatInstant } from '@/format/instant-format';

/**
 * The caller's rating of a visit that took place (issue "client and family app" item 2): 1 to 5 stars and an
 * optional comment, sent to the office (clientAppRateVisit); the caller's own rating is shown and may be changed.
 */
export function VisitRating({ clientId, visit, timezone }: { clientId: number; visit: ClientAppVisitDetail; timezone: string }) {
  const { t, i18n } = useTranslation('clientAppVisits');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(visit.myRating?.rating ?? 0);
  const [comment, setComment] = useState(visit.myRating?.comment ?? '');
  const [sent, setSent] = useState(false);
  const rate = useMutation(
    trpc.clientAppRateVisit.mutationOptions({
      onSuccess: () => {
        setSent(true);
        void queryClient.invalidateQueries({ queryKey: trpc.clientAppGetVisit.queryKey({ clientId, shiftId: visit.shiftId }) });
      },
    }),
  );
  const fieldErrors = fieldErrorsOf(rate.error);
  if (!visit.canRate) {
    return (
      <Text size="sm" c="dimmed">
        {t('rating.notYet')}
      </Text>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="visit-rating">
      <Stack gap="sm">
        <Title order={3} size="h5" id="visit-rating">
          {t('rating.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('rating.hint')}
        </Text>
        {visit.myRating && (
          <Text size="sm">
            {t('rating.yours', { when: formatInstant(visit.myRating.updatedAt, timezone, { language: i18n.language }) })}
          </Text>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="visit-rating-stars">
            {t('rating.label')}
          </Text>
          <Rating
            value={rating}
            onChange={(value) => {
              setRating(value);
              setSent(false);
            }}
            size="xl"
            aria-labelledby="visit-rating-stars"
            getSymbolLabel={(value) => t('rating.stars', { count: value })}
          />
        </Stack>
        <Textarea
          label={t('rating.comment')}
          value={comment}
          onChange={(event) => {
            setComment(event.currentTarget.value);
            setSent(false);
          }}
          maxLength={VISIT_RATING_COMMENT_MAX}
          autosize
          minRows={2}
          error={fieldErrors.comment}
        />
        {rate.isError && !fieldErrors.comment && <Alert color="red">{rate.error.message || t('rating.failed')}</Alert>}
        {sent && <Alert color="green">{t('rating.saved')}</Alert>}
        <Button
          disabled={rating < 1}
          loading={rate.isPending}
          onClick={() => rate.mutate({ clientId, shiftId: visit.shiftId, rating, comment })}
        >
          {visit.myRating ? t('rating.update') : t('rating.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
