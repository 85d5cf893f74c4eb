import { Alert, Stack } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useChatOfflineBox } from './chat-offline.context';
import { useChatPhoneLive } from './chat-phone.data';
import { ChatPhoneConversation } from './chat-phone.conversation';
import { ChatPhoneList } from './chat-phone.list';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser has a network (navigator.onLine), live; read from the first render, so offline never flashes online. */
function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

/** The open conversation of `?c=<id>` (the fallback SMS and email link), else null. */
function openConversationId(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * /chat for caregivers (issue 22 item 6): a phone layout under the bottom bar's Chat tab, list -> conversation ->
 * composer, the open conversation in `?c=<id>` (so Back, the bar's Chat tab and the fallback link all work). Usable
 * offline: what was cached is read from the phone and what is written waits in the outbox (chat-offline.store.ts),
 * sent when the phone is back online, never lost, never doubled. The list's banner, or the conversation's title bar,
 * says when the phone is offline.
 */
export function ChatPhonePage() {
  const { t } = useTranslation('chatPhone');
  const box = useChatOfflineBox();
  useChatPhoneLive(box);
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const conversationId = openConversationId(params.get('c'));

  return (
    <Stack gap="sm">
      {!online && conversationId === null && (
        <Alert color="gray" icon={<IconCloudOff size={18} />} role="status" p="xs">
          {t('offline.banner')}
        </Alert>
      )}
      {conversationId === null ? (
        <ChatPhoneList box={box} online={online} onOpen={(id) => setParams({ c: String(id) })} />
      ) : (
        <ChatPhoneConversation
          key={conversationId}
          box={box}
          conversationId={conversationId}
          online={online}
          onBack={() => setParams({})}
        />
      )}
    </Stack>
  );
}
