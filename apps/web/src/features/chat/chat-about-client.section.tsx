import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '@/api/current-user';
import { useUserTimeZone } from '@/api/display-zone';
import { SectionCard } from '@/components/records/section-card';
import { countBadge } from '@/format/count-badge';
import { shortWhen } from './chat-format';
import { useConversations } from './chat.queries';

/**
 * The conversations about one client that the caller reaches (issue 22 item 1: "linked, shown on its page"), newest
 * activity first, each a link to it in /chat with its unread count and last message. Nothing for a user without chat.
 */
export function ChatAboutClientSection({ clientId }: { clientId: number }) {
  const enabled = useCurrentUser().data?.chat.enabled === true;
  if (!enabled) return null;
  return <AboutClientList clientId={clientId} />;
}

function AboutClientList({ clientId }: { clientId: number }) {
  const { t, i18n } = useTranslation('chat');
  const zone = useUserTimeZone();
  const list = useConversations({ clientId, page: 1, pageSize: 10 });
  const rows = list.data?.rows ?? [];
  return (
    <SectionCard
      title={t('aboutClient.title')}
      loading={list.isPending}
      loadingLabel={t('aboutClient.loading')}
      error={list.error}
      empty={rows.length === 0 && t('aboutClient.empty')}
    >
      {rows.length > 0 && (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <Group key={row.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} miw={0}>
                <Anchor component={Link} to={`/chat?c=${row.id}`} fw={row.unreadCount > 0 ? 700 : 500} truncate>
                  {row.title}
                </Anchor>
                {row.lastMessage && (
                  <Text size="xs" c="dimmed" truncate>
                    {row.lastMessage.senderName}:{' '}
                    {row.lastMessage.preview || t(row.lastMessage.hasAttachments ? 'list.attachmentOnly' : 'list.deleted')}
                  </Text>
                )}
              </Stack>
              <Group gap={6} wrap="nowrap">
                {row.unreadCount > 0 && (
                  <Badge size="sm" aria-label={t('aboutClient.unread', { count: row.unreadCount })}>
                    {countBadge(row.unreadCount, i18n.language)}
                  </Badge>
                )}
                <Text size="xs" c="dimmed">
                  {shortWhen(row.updatedAt, zone)}
                </Text>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
