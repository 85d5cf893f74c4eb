import { useState } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { signOut } from '@/api/auth-api';
import { errorMessageOf } from '@/api/api-error';
import { unregisterThisBrowser } from '@/components/push/push-subscription';

/**
 * Signs out, first forgetting this browser's push subscription. The session is forgotten locally even when the
 * server call fails (the route guard then shows /login);
 * the failure is still reported, as the spec asks ("Logout failed").
 * @param compact the phone apps' icon button instead of the staff header's text button
 * @param label the button's name when given (the phone apps pass it in the user's language), else "Sign out"
 */
export function SignOutButton({ compact = false, label: given }: { compact?: boolean; label?: string }) {
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation('shell');
  const label = given ?? t('header.signOut');
  const onClick = async () => {
    setBusy(true);
    try {
      // While still signed in: the next person on this browser must not get this one's notifications.
      await unregisterThisBrowser();
      await signOut();
    } catch (error) {
      notifications.show({ color: 'red', title: t('header.logoutFailed'), message: errorMessageOf(error) });
    } finally {
      setBusy(false);
    }
  };
  if (compact) {
    // The phone apps' header: an icon with its accessible name, no hover tooltip (touch screens do not hover).
    return (
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} loading={busy} onClick={onClick}>
        <IconLogout size={20} />
      </ActionIcon>
    );
  }
  return (
    <Button variant="subtle" color="gray" size="xs" leftSection={<IconLogout size={16} />} loading={busy} onClick={onClick}>
      {label}
    </Button>
  );
}
