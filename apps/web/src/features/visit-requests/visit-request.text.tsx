import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VisitRequestOutput } from '@hearth/shared/visit-requests/visit-requests.schema';
import { formatInstant, formatInstantRange } from '@/format/instant-format';

/** A span on the branch's wall clock: "Tue 12/01/26, 9:00 AM – 11:00 AM" (with the zone when the viewer is elsewhere). */
export function spanText(start: string, end: string, zone: string): string {
  return `${formatInstant(start, zone, { style: 'weekdayDate' })}, ${formatInstantRange(start, end, zone)}`;
}

/** What a request asks, with the visit's times and the new ones on the branch's wall clock. */
export function VisitRequestWhat({ request }: { request: VisitRequestOutput }) {
  const { t } = useTranslation('visitRequests');
  const zone = request.timezone;
  const visit = request.visitStart && request.visitEnd ? spanText(request.visitStart, request.visitEnd, zone) : null;
  const when = request.start && request.end ? spanText(request.start, request.end, zone) : null;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {t(`kinds.${request.kind}`)}
      </Text>
      {visit && <Text size="sm">{request.kind === 'move' ? t('what.from', { when: visit }) : visit}</Text>}
      {when && <Text size="sm">{request.kind === 'move' ? t('what.to', { when }) : when}</Text>}
    </Stack>
  );
}
