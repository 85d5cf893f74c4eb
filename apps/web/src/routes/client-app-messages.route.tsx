import { useEffect, useMemo } from 'react';
import { Alert, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ClientAppClient } from '@hearth/shared/client-app/client-app.schema';
import { useCurrentUser } from '@/api/current-user';
import { useTRPCClient } from '@/api/trpc';
import { ClientAppFrame } from '@/features/client-app/client-app.frame';
import { ChatComposer } from '@/features/chat/chat-composer';
import { flattenPages } from '@/features/chat/chat-messages.cache';
import { ChatMessageList } from '@/features/chat/chat-message-list';
import { useChatLive, useChatMessages, useConversation, useMarkRead } from '@/features/chat/chat.queries';

/**
 * /client-mobile-app/messages (issue "client and family app" item 4): the caller's conversation with the office of
 * the shown client's branch, through chat. Needs the messages permission (the frame says so otherwise). Composed
 * here because the client app and chat are two features.
 */
export function ClientMessagesRoute() {
  const { t } = useTranslation('clientAppMessages');
  return (
    <ClientAppFrame title={t('title')} permission="messages">
      {(client) => <FamilyConversation key={client.clientId} client={client} />}
    </ClientAppFrame>
  );
}

/**
 * The conversation about `client`: found or started once per visit of the page (clientAppStartConversation is
 * idempotent), then chat's message list and composer, following live 'chat' events, marking what is seen as read.
 */
function FamilyConversation({ client }: { client: ClientAppClient }) {
  const { t } = useTranslation('clientAppMessages');
  const trpcClient = useTRPCClient();
  const myUserId = useCurrentUser().data?.id ?? 0;
  useChatLive();
  const started = useQuery({
    queryKey: ['clientApp', 'conversation', client.clientId],
    queryFn: () => trpcClient.clientAppStartConversation.mutate({ clientId: client.clientId }),
    staleTime: Infinity,
    retry: 1,
  });
  const conversationId = started.data?.conversationId ?? null;
  const detail = useConversation(conversationId);
  const history = useChatMessages(conversationId);
  const messages = useMemo(() => flattenPages(history.data), [history.data]);
  const { mutate: mark } = useMarkRead();
  const conversation = detail.data;
  const readUpTo = conversation?.members.find((m) => m.userId === myUserId)?.lastReadMessageId ?? 0;
  const newest = messages[messages.length - 1];
  const unseen = messages.some((m) => m.id > readUpTo && m.sender.userId !== myUserId);
  useEffect(() => {
    if (conversationId === null || !unseen || !newest || document.visibilityState !== 'visible') return;
    mark({ conversationId, messageId: newest.id });
  }, [conversationId, unseen, newest, mark]);

  const failure = started.error ?? detail.error ?? history.error;
  if (failure)
    return (
      <Alert color="red" title={t('failed')}>
        {failure.message}
      </Alert>
    );
  if (!conversation || history.isPending) return <Skeleton height={320} radius="md" aria-label={t('loading')} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('intro', { office: conversation.title, name: client.firstName })}
      </Text>
      <Paper
        withBorder
        radius="md"
        // The phone's header and bottom bar, the page's title, the intro and the composer take the rest.
        h="calc(100dvh - 52px - 64px - 250px)"
        mih={240}
        style={{ display: 'flex', flexDirection: 'column' }}
        aria-label={t('conversation', { office: conversation.title })}
      >
        {messages.length === 0 ? (
          <Text c="dimmed" ta="center" size="sm" m="auto" px="md">
            {t('empty')}
          </Text>
        ) : (
          <ChatMessageList
            messages={messages}
            members={conversation.members}
            myUserId={myUserId}
            canDownload={conversation.canDownload}
            canCopy={false}
            clientId={null}
            hasOlder={history.hasNextPage}
            loadingOlder={history.isFetchingNextPage}
            onLoadOlder={() => void history.fetchNextPage()}
          />
        )}
      </Paper>
      {conversation.canSend && <ChatComposer conversationId={conversation.id} canUpload={conversation.canUpload} />}
    </Stack>
  );
}
