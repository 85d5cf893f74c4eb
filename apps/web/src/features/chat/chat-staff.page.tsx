import { useState, type CSSProperties } from 'react';
import { Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessagePlus, IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CurrentUser } from '@/api/current-user';
import { ChatBroadcastList, ChatBroadcastModal } from './chat-broadcasts';
import { ChatConversationList } from './chat-conversation-list';
import { ChatMessagePane } from './chat-message-pane';
import { ChatNewConversationModal } from './chat-new-conversation.modal';
import { ChatSettingsButton } from './chat-settings.button';
import { useChatLive } from './chat.queries';
import classes from './chat-staff.module.css';

/** The conversation named by `?c=<id>` (the fallback SMS and email link back), or null. */
function conversationParam(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /chat on the staff side (issue 22 item 6): the conversation list beside the open conversation (`?c=<id>`, which the
 * fallback messages link to), New conversation, and with chatBroadcastEnabled or chatBroadcastAllEnabled Broadcast
 * and the Broadcasts tab with read counts. Every open list and conversation follows the live 'chat' events.
 */
export function ChatStaffPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('chat');
  useChatLive();
  const rights = user.chat;
  const [params, setParams] = useSearchParams();
  const selected = conversationParam(params.get('c'));
  const [tab, setTab] = useState<string | null>('conversations');
  const [starting, start] = useDisclosure(false);
  const [broadcasting, broadcast] = useDisclosure(false);
  const canBroadcast = rights.broadcast || rights.broadcastAll;
  const open = (id: number | null) => {
    setTab('conversations');
    setParams(id === null ? {} : { c: String(id) });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Title order={2}>{t('page.title')}</Title>
        <Group gap="xs">
          <ChatSettingsButton />
          {canBroadcast && (
            <Button variant="default" leftSection={<IconSpeakerphone size={16} />} onClick={broadcast.open}>
              {t('page.broadcast')}
            </Button>
          )}
          <Button leftSection={<IconMessagePlus size={16} />} onClick={start.open}>
            {t('page.newConversation')}
          </Button>
        </Group>
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        {canBroadcast && (
          <Tabs.List mb="xs">
            <Tabs.Tab value="conversations">{t('page.conversationsTab')}</Tabs.Tab>
            <Tabs.Tab value="broadcasts">{t('page.broadcastsTab')}</Tabs.Tab>
          </Tabs.List>
        )}
        <Tabs.Panel value="conversations">
          <div
            className={classes.layout}
            data-open={selected !== null || undefined}
            style={{ '--chat-offset': canBroadcast ? '104px' : '56px' } as CSSProperties}
          >
            <ChatConversationList selectedId={selected} onSelect={open} readBranch={rights.readBranch} />
            <div className={classes.pane}>
              {selected === null ? (
                <Paper withBorder radius="md" h="100%" p="xl">
                  <Text c="dimmed" ta="center">
                    {t('page.pick')}
                  </Text>
                </Paper>
              ) : (
                <ChatMessagePane key={selected} conversationId={selected} myUserId={user.id} onClose={() => open(null)} />
              )}
            </div>
          </div>
        </Tabs.Panel>
        {canBroadcast && (
          <Tabs.Panel value="broadcasts">
            <ChatBroadcastList />
          </Tabs.Panel>
        )}
      </Tabs>
      <ChatNewConversationModal opened={starting} onClose={start.close} canInitiate={rights.initiate} onStarted={open} />
      {canBroadcast && (
        <ChatBroadcastModal
          opened={broadcasting}
          onClose={broadcast.close}
          branch={rights.broadcast}
          company={rights.broadcastAll}
        />
      )}
    </Stack>
  );
}
