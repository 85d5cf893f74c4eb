import { useState } from 'react';
import { Alert, Anchor, Badge, Group, Pagination, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HIDDEN_TOKEN, type NotifyChannel } from '@hearth/shared/notify/notify.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { formatInstant } from '@hearth/shared/app/time-display';
import { useUserTimeZone } from '@/api/display-zone';

const PAGE_SIZE = 50;

const CHANNEL_COLORS: Record<NotifyChannel, string> = { email: 'blue', sms: 'grape', push: 'orange' };

/**
 * /mocks: the outbox of the default notifier, newest first. Every email, SMS and push the app "sends" (login links
 * among them) is written here instead of leaving the building, so it can be read; a sign-in link shows that it was
 * sent, its token hidden (nobody may sign in as the recipient from here).
 */
export function OutboxPage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const timeZone = useUserTimeZone();
  const outbox = useQuery({
    ...trpc.getOutbox.queryOptions({ page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
  const data = outbox.data;

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Outbox</Title>
        <Text size="sm" c="dimmed">
          Messages the app has sent (email, SMS, push), newest first. Nothing here leaves the server.
        </Text>
      </div>
      {outbox.isError && <Alert color="red">{errorMessageOf(outbox.error)}</Alert>}
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={900} type="native">
          <Table striped fz="sm" verticalSpacing="xs" aria-label="Outbox">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Channel</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Recipient</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Body</Table.Th>
                <Table.Th>Link</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outbox.isPending &&
                Array.from({ length: 5 }, (_, i) => (
                  <Table.Tr key={i} aria-hidden>
                    <Table.Td colSpan={7}>
                      <Skeleton height={12} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              {data?.rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text size="sm" c="dimmed" ta="center" py="lg">
                      No messages yet. Login links and other notices show up here when they are sent.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {data?.rows.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(m.createdAt, timeZone)}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={CHANNEL_COLORS[m.channel]}>
                      {m.channel}
                    </Badge>
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
                    {m.link?.includes(HIDDEN_TOKEN) ? (
                      // A sign-in link shows that it was sent; its token is never readable here.
                      <Text size="sm" c="dimmed" truncate="end" title={m.link}>
                        {m.link}
                      </Text>
                    ) : m.link ? (
                      <Anchor
                        href={m.link}
                        size="sm"
                        target="_blank"
                        rel="noreferrer"
                        title={m.link}
                        truncate="end"
                        display="block"
                      >
                        {m.link}
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {data && data.totalPages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {data.totalCount} messages
          </Text>
          <Pagination size="sm" total={data.totalPages} value={data.page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
