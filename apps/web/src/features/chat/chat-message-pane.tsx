import { useEffect, useMemo } from 'react';
import { Alert, Anchor, Badge, CloseButton, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { httpStatusOf } from '@/api/api-error';
import { useUserTimeZone } from '@/api/display-zone';
import { formatInstant } from '@/format/instant-format';
import { ChatComposer } from './chat-composer';
import { flattenPages } from './chat-messages.cache';
import { ChatMessageList } from './chat-message-list';
import { useChatMessages, useConversation, useMarkRead } from './chat.queries';
import classes from './chat-staff.module.css';

/**
 * The open conversation (issue 22 item 6): its title, members and what it is about (a link to the client), the
 * messages, and the composer when the caller may write (a supervisor reading another's conversation reads only).
 * What the caller has seen is marked read as it arrives. 404 (out of reach) says so instead of a blank pane.
 */
export function ChatMessagePane(props: { conversationId: number; myUserId: number; onClose: () => void }) {
  const { conversationId, myUserId, onClose } = props;
  const { t } = useTranslation('chat');
  const zone = useUserTimeZone();
  const detail = useConversation(conversationId);
  const history = useChatMessages(conversationId);
  const messages = useMemo(() => flattenPages(history.data), [history.data]);
  const markRead = useMarkRead();
  const conversation = detail.data;
  const me = conversation?.members.find((m) => m.userId === myUserId);
  const newest = messages[messages.length - 1];

  // Marks read up to the newest message once one of others after the caller's read position is on screen (members
  // and office readers only; a supervisor's reading moves no one's position).
  const { mutate: mark } = markRead;
  const readUpTo = me?.lastReadMessageId ?? 0;
  const unseen = messages.some((m) => m.id > readUpTo && m.sender.userId !== myUserId);
  const mayMark = conversation !== undefined && (conversation.isMember || conversation.kind === 'office');
  useEffect(() => {
    if (!mayMark || !unseen || !newest || document.visibilityState !== 'visible') return;
    mark({ conversationId, messageId: newest.id });
  }, [mayMark, unseen, newest, conversationId, mark]);

  if (detail.isError) {
    return (
      <Alert color={httpStatusOf(detail.error) === 404 ? 'gray' : 'red'} title={t('pane.unavailable')}>
        {detail.error.message}
      </Alert>
    );
  }
  if (!conversation) return <Skeleton height="100%" radius="md" aria-label={t('pane.loading')} />;

  const others = conversation.members.filter((m) => m.userId !== myUserId);
  return (
    <Stack gap="xs" h="100%" className={classes.pane}>
      <Paper withBorder radius="md" px="sm" py={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} miw={0}>
            <Group gap="xs" wrap="nowrap">
              <Title order={3} size="h4" lineClamp={1}>
                {conversation.title}
              </Title>
              {conversation.kind !== 'direct' && (
                <Badge size="sm" variant="light" color="gray">
                  {t(`kinds.${conversation.kind}`)}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {others.length > 0 ? others.map((m) => `${m.name} (${m.roleName})`).join(', ') : t('pane.noOthers')}
            </Text>
            {conversation.about.clientId !== null && (
              <Text size="xs">
                {t('pane.aboutClient')}{' '}
                <Anchor component={Link} to={`/clients/${conversation.about.clientId}/profile`} size="xs">
                  {conversation.about.clientName}
                </Anchor>
                {conversation.about.shiftStart &&
                  ` · ${t('pane.visitOn', { when: formatInstant(conversation.about.shiftStart, zone) })}`}
              </Text>
            )}
          </Stack>
          <CloseButton aria-label={t('pane.close')} onClick={onClose} />
        </Group>
      </Paper>
      {!conversation.isMember && (
        <Alert color="blue" variant="light" py={6}>
          {conversation.canSend ? t('pane.officeReader') : t('pane.supervisorReader')}
        </Alert>
      )}
      {history.isError ? (
        <Alert color="red">{history.error.message}</Alert>
      ) : history.isPending ? (
        <Skeleton style={{ flex: 1 }} radius="md" aria-label={t('pane.loading')} />
      ) : (
        <Paper withBorder radius="md" style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
          <ChatMessageList
            messages={messages}
            members={conversation.members}
            myUserId={myUserId}
            canDownload={conversation.canDownload}
            canCopy={conversation.canCopyAttachments}
            clientId={conversation.about.clientId}
            hasOlder={history.hasNextPage}
            loadingOlder={history.isFetchingNextPage}
            onLoadOlder={() => void history.fetchNextPage()}
          />
        </Paper>
      )}
      {conversation.canSend && (
        <ChatComposer key={conversationId} conversationId={conversationId} canUpload={conversation.canUpload} />
      )}
    </Stack>
  );
}
