import { ActionIcon, Popover, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHAT_FALLBACK_MINUTES } from '@hearth/shared/chat/chat.constants';
import { errorMessageOf } from '@/api/api-error';
import { useChatSettings, useUpdateChatSettings } from './chat.queries';

/**
 * The caller's chat fallback settings (issue 22 item 5, spec "User" chatSmsEnabled default true, chatEmailEnabled
 * default false): whether a message left unread for a while reaches them by text or by email.
 */
export function ChatSettingsButton() {
  const { t } = useTranslation('chat');
  const settings = useChatSettings();
  const update = useUpdateChatSettings();
  const change = (input: { chatSmsEnabled?: boolean; chatEmailEnabled?: boolean }) =>
    update.mutate(input, { onError: (error) => notifications.show({ color: 'red', message: errorMessageOf(error) }) });
  return (
    <Popover position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="default" size="lg" aria-label={t('settings.open')}>
          <IconSettings size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" maw={300}>
          <Text size="sm" fw={600}>
            {t('settings.title')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('settings.hint', { minutes: CHAT_FALLBACK_MINUTES })}
          </Text>
          <Switch
            label={t('settings.sms')}
            checked={settings.data?.chatSmsEnabled ?? false}
            disabled={!settings.data || update.isPending}
            onChange={(event) => change({ chatSmsEnabled: event.currentTarget.checked })}
          />
          <Switch
            label={t('settings.email')}
            checked={settings.data?.chatEmailEnabled ?? false}
            disabled={!settings.data || update.isPending}
            onChange={(event) => change({ chatEmailEnabled: event.currentTarget.checked })}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
