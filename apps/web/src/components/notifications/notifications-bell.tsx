import { ActionIcon, Indicator } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotificationStatus, useNotificationsLive } from './notifications-api';

/**
 * The phone app's way to /notifications (the caregiver app's tab bar holds the spec's four tabs only): a button in
 * the header (an inbox, apart from the push button's bell) with the same red dot as the staff menu's Notifications
 * item, while the newest notification is unseen.
 */
export function NotificationsBell() {
  const { t } = useTranslation('notifications');
  useNotificationsLive();
  const unseen = useNotificationStatus().data?.newestUnseen === true;
  return (
    <Indicator color="red" size={10} offset={6} disabled={!unseen} withBorder>
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={unseen ? t('menu.newUnseen') : t('page.title')}
        data-testid={unseen ? 'notifications-red-dot' : undefined}
      >
        <IconInbox size={20} stroke={1.6} />
      </ActionIcon>
    </Indicator>
  );
}
