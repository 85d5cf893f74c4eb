import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessagePlus } from '@tabler/icons-react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ConversationSummary } from '@hearth/shared/chat/chat.schema';
import { errorMessageOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useCurrentUser } from '@/api/current-user';
import { useUserTimeZone } from '@/api/display-zone';
import { useTRPC } from '@/api/trpc';
import { SectionCard } from '@/components/records/section-card';
import { countBadge } from '@/format/count-badge';
import { shortWhen } from './chat-format';
import { useConversations, useStartConversation } from './chat.queries';

/**
 * What the conversations listed are about: a client (their profile) or a visit (the shift drawer), with the visit's
 * caregiver record when it has one (whom "Message the caregiver" writes to).
 */
export type ChatAboutTarget =
  { kind: 'client'; clientId: number } | { kind: 'visit'; shiftId: number; caregiverId: number | null };

/**
 * The conversations about one client or one visit that the caller reaches (issue 22 item 1: "linked, shown on its
 * page"), newest activity first, each a link to it in /chat with its unread count, last message and time (the server's
 * clientId / shiftId filter, scope rules unchanged). About a visit, a caller who may start conversations
 * (chatInitiateConversationEnabled) and read the caregiver also gets "Message <caregiver>": a direct conversation
 * with the visit's caregiver about the visit (the existing one when already started), opened in /chat. Nothing for a
 * user without chat.
 */
export function ChatAboutSection({ about }: { about: ChatAboutTarget }) {
  const enabled = useCurrentUser().data?.chat.enabled === true;
  if (!enabled) return null;
  return <AboutList about={about} />;
}

function AboutList({ about }: { about: ChatAboutTarget }) {
  const { t } = useTranslation('chat');
  const keys = about.kind === 'client' ? 'aboutClient' : 'aboutVisit';
  const filter = about.kind === 'client' ? { clientId: about.clientId } : { shiftId: about.shiftId };
  const list = useConversations({ ...filter, page: 1, pageSize: 10 });
  const rows = list.data?.rows ?? [];
  return (
    <SectionCard
      title={t(`${keys}.title`)}
      actions={about.kind === 'visit' && <MessageCaregiver shiftId={about.shiftId} caregiverId={about.caregiverId} />}
      loading={list.isPending}
      loadingLabel={t(`${keys}.loading`)}
      error={list.error}
      empty={rows.length === 0 && t(`${keys}.empty`)}
    >
      {rows.length > 0 && (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <AboutRow key={row.id} row={row} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

/** One conversation: its title as a link (bold while unread), the last message, the unread badge and the time. */
function AboutRow({ row }: { row: ConversationSummary }) {
  const { t, i18n } = useTranslation('chat');
  const zone = useUserTimeZone();
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="xs">
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
  );
}

/**
 * "Message <caregiver>" on a visit with a caregiver who has a sign-in, for a caller with chatInitiateConversationEnabled
 * who may read the caregiver (getCaregiver gives their user). Starts (or finds) the direct conversation about the
 * visit and opens it in /chat; a refusal (the caregiver's chat off, out of reach) shows as a notification.
 */
function MessageCaregiver({ shiftId, caregiverId }: { shiftId: number; caregiverId: number | null }) {
  const { t } = useTranslation('chat');
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { can } = useAllowedActions();
  const initiate = useCurrentUser().data?.chat.initiate === true;
  const caregiver = useQuery(
    trpc.getCaregiver.queryOptions(initiate && caregiverId !== null && can('getCaregiver') ? { id: caregiverId } : skipToken),
  );
  const start = useStartConversation();
  const login = caregiver.data?.login;
  if (!caregiver.data || !login?.isActive) return null;
  const name = `${caregiver.data.firstName} ${caregiver.data.lastName}`;
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconMessagePlus size={14} />}
      loading={start.isPending}
      onClick={() =>
        start.mutate(
          { kind: 'direct', userIds: [login.userId], shiftId },
          {
            onSuccess: (conversation) => void navigate(`/chat?c=${conversation.id}`),
            onError: (error) =>
              notifications.show({ color: 'red', title: t('aboutVisit.startFailed'), message: errorMessageOf(error) }),
          },
        )
      }
    >
      {t('aboutVisit.message', { name })}
    </Button>
  );
}
