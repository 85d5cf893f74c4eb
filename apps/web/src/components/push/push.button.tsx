import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/current-user';
import { askForPush, canAskForPush, syncPushSubscription } from './push-subscription';

/** Where the button stands: may ask, asking, just enabled, or hidden (declined, unsupported, already decided). */
export type PushButtonState = 'can-ask' | 'asking' | 'enabled' | 'hidden';

/**
 * The push-notification button (spec "Navigation chrome": in the footer, only when permission can be asked;
 * "Push-permission prompt": shown once unless declined, declining stores a flag). A click asks the browser once;
 * granted, the browser subscribes and is registered, and the button says so until the next page load; refused or
 * dismissed, the flag is stored (push-subscription.ts) and the button goes. Hidden while impersonating: the browser
 * belongs to the impersonator. For a user who turned push on here before, it shows nothing and keeps the
 * subscription registered.
 * @param compact the phone apps' header icon instead of the staff footer's text button
 */
export function PushButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('push');
  const user = useCurrentUser().data;
  const userId = user && user.impersonatedUserId == null ? user.id : null;
  // What a click led to, for the user it was made by; before any click, what the browser and the flags allow.
  const [outcome, setOutcome] = useState<{ userId: number; state: PushButtonState } | null>(null);

  useEffect(() => {
    if (userId !== null) syncPushSubscription(userId);
  }, [userId]);

  if (userId === null) return null;
  const state = outcome?.userId === userId ? outcome.state : canAskForPush(userId) ? 'can-ask' : 'hidden';
  if (state === 'hidden') return null;
  const setState = (next: PushButtonState) => setOutcome({ userId, state: next });

  const ask = async () => {
    setState('asking');
    try {
      const answer = await askForPush(userId);
      if (answer === 'declined') return setState('hidden');
      setState('enabled');
      notifications.show({ color: 'teal', title: t('enabled.title'), message: t('enabled.message') });
    } catch {
      // Permission may be granted while the subscription failed: the button stays, so a click tries again.
      setState('can-ask');
      notifications.show({ color: 'red', title: t('failed.title'), message: t('failed.message') });
    }
  };

  if (state === 'enabled') {
    return compact ? (
      <ActionIcon variant="subtle" color="teal" size="lg" aria-label={t('button.enabled')} aria-disabled data-push-state={state}>
        <IconBellCheck size={20} />
      </ActionIcon>
    ) : (
      <Group gap={4} wrap="nowrap" data-push-state={state}>
        <IconBellCheck size={14} aria-hidden />
        <Text size="xs">{t('button.enabled')}</Text>
      </Group>
    );
  }

  const asking = state === 'asking';
  const label = asking ? t('button.asking') : t('button.enable');
  return compact ? (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} loading={asking} onClick={ask} data-push-state={state}>
      <IconBell size={20} />
    </ActionIcon>
  ) : (
    <Button
      size="compact-xs"
      variant="subtle"
      leftSection={<IconBell size={14} />}
      loading={asking}
      onClick={ask}
      data-push-state={state}
    >
      {label}
    </Button>
  );
}
