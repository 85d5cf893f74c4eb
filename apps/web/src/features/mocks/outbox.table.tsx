import { Anchor, Badge, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HIDDEN_TOKEN, type NotifyChannel, type OutboxEntry, type OutboxState } from '@hearth/shared/notify/notify.schema';
import { formatInstant } from '@/format/instant-format';

const CHANNEL_COLORS: Record<NotifyChannel, string> = { email: 'blue', sms: 'grape', push: 'orange' };
const STATE_COLORS: Record<OutboxState, string> = { kept: 'gray', queued: 'blue', sent: 'green', failed: 'red' };

/**
 * Where a message stands: kept in the outbox (no delivery configured), queued, sent (with its time) or failed, with
 * the attempts made and the last failure's reason (the provider's answer), in `timeZone`.
 */
function OutboxState({ message: m, timeZone }: { message: OutboxEntry; timeZone: string }) {
  const { t } = useTranslation('outbox');
  return (
    <Stack gap={2} align="flex-start">
      <Badge size="sm" variant="light" color={STATE_COLORS[m.state]}>
        {t(`states.${m.state}`)}
      </Badge>
      {m.sentAt && (
        <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
          {t('sentAt', { time: formatInstant(m.sentAt, timeZone) })}
        </Text>
      )}
      {m.attempts > 0 && <Text size="xs">{t('attempts', { count: m.attempts })}</Text>}
      {m.failureReason && (
        <Text size="xs" lineClamp={3} title={m.failureReason} style={{ overflowWrap: 'anywhere' }}>
          {t('reason', { reason: m.failureReason })}
        </Text>
      )}
    </Stack>
  );
}

/** The message's link: a sign-in link shows that it was sent, its token never readable here; others open. */
function OutboxLink({ link }: { link: string | null }) {
  if (link?.includes(HIDDEN_TOKEN)) {
    return (
      <Text size="sm" c="dimmed" truncate="end" title={link}>
        {link}
      </Text>
    );
  }
  if (!link) return '—';
  return (
    <Anchor href={link} size="sm" target="_blank" rel="noreferrer" title={link} truncate="end" display="block">
      {link}
    </Anchor>
  );
}

/** One sent message as a table row, its time in `timeZone`. */
function OutboxRow({ message: m, timeZone }: { message: OutboxEntry; timeZone: string }) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(m.createdAt, timeZone)}</Table.Td>
      <Table.Td>
        <Badge size="sm" variant="light" color={CHANNEL_COLORS[m.channel]}>
          {m.channel}
        </Badge>
      </Table.Td>
      <Table.Td miw={170} maw={240}>
        <OutboxState message={m} timeZone={timeZone} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{m.kind}</Table.Td>
      <Table.Td>{m.recipient}</Table.Td>
      <Table.Td>{m.subject ?? '—'}</Table.Td>
      <Table.Td maw={360}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>
          {m.body}
        </Text>
      </Table.Td>
      <Table.Td maw={220}>
        <OutboxLink link={m.link} />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The outbox table: one row per message of `rows` (time in `timeZone`, channel, delivery state, kind, recipient,
 * subject, body, link),
 * skeleton rows while `pending`, a note when the page is empty. `rows` is undefined until the first page arrives.
 */
export function OutboxTable(props: { rows: OutboxEntry[] | undefined; pending: boolean; timeZone: string }) {
  const { rows, pending, timeZone } = props;
  const { t } = useTranslation('finance');
  const { t: tOutbox } = useTranslation('outbox');
  return (
    <Table.ScrollContainer minWidth={1100} type="native">
      <Table striped fz="sm" verticalSpacing="xs" aria-label={t('outbox.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('outbox.time')}</Table.Th>
            <Table.Th>{t('outbox.channel')}</Table.Th>
            <Table.Th>{tOutbox('state')}</Table.Th>
            <Table.Th>{t('outbox.kind')}</Table.Th>
            <Table.Th>{t('outbox.recipient')}</Table.Th>
            <Table.Th>{t('outbox.subject')}</Table.Th>
            <Table.Th>{t('outbox.body')}</Table.Th>
            <Table.Th>{t('outbox.link')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pending &&
            Array.from({ length: 5 }, (_, i) => (
              <Table.Tr key={i} aria-hidden>
                <Table.Td colSpan={8}>
                  <Skeleton height={12} />
                </Table.Td>
              </Table.Tr>
            ))}
          {rows?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={8}>
                <Text size="sm" c="dimmed" ta="center" py="lg">
                  {t('outbox.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows?.map((m) => (
            <OutboxRow key={m.id} message={m} timeZone={timeZone} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
