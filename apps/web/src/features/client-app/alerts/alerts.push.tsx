import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/current-user';
import { askForPush, hasEnabled, pushSupported } from '@/components/push/push-subscription';

type PushState = 'unsupported' | 'blocked' | 'on' | 'off' | 'asking';

/** Where push stands in this browser for user `userId`. */
function pushState(userId: number): PushState {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission === 'granted' && hasEnabled(userId)) return 'on';
  return 'off';
}

/**
 * Push on this device (issue "client and family app" item 4; the spec's push-permission prompt): what push needs
 * here and a button that asks the browser (askForPush registers the subscription with the server). Said plainly
 * when the browser cannot (an iPhone pushes only to a web app added to the Home Screen) or the site is blocked.
 * Without push, a text or an email stands in for it (notifications.service.ts withPushStandIn). Hidden while
 * impersonating: the browser belongs to the impersonator.
 */
export function AlertsPushCard() {
  const { t } = useTranslation('clientAppAlerts');
  const user = useCurrentUser().data;
  const userId = user && user.impersonatedUserId == null ? user.id : null;
  const [asked, setAsked] = useState<PushState | null>(null);
  if (userId === null) return null;
  const state = asked ?? pushState(userId);

  const ask = async () => {
    setAsked('asking');
    try {
      const answer = await askForPush(userId);
      setAsked(answer === 'enabled' ? 'on' : pushState(userId));
      if (answer === 'enabled') notifications.show({ color: 'teal', message: t('push.enabled') });
    } catch {
      setAsked('off');
      notifications.show({ color: 'red', message: t('push.failed') });
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" mb="md" data-push-state={state}>
      <Group gap={6} wrap="nowrap">
        {state === 'on' && <IconBellCheck size={18} aria-hidden color="var(--mantine-color-teal-filled)" />}
        <Text fw={600}>{t('push.title')}</Text>
      </Group>
      <Text size="sm" c="dimmed" mb={state === 'off' || state === 'asking' ? 8 : 0}>
        {t(`push.${state === 'asking' ? 'off' : state}`)}
      </Text>
      {(state === 'off' || state === 'asking') && (
        <Button leftSection={<IconBell size={16} />} onClick={() => void ask()} loading={state === 'asking'}>
          {t('push.allow')}
        </Button>
      )}
    </Paper>
  );
}
