import type { ReactNode } from 'react';
import { AppShell, Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ColorSchemeButton } from './color-scheme.button';
import { LanguageSelect } from './language-select';
import { SignOutButton } from './sign-out.button';
import { StopImpersonatingButton } from './stop-impersonating.button';
import { PushButton } from '@/components/push/push.button';

/** The product's name, the same in every language. */
const PRODUCT_NAME = 'Hearth';

/**
 * The slim header of the phone apps (caregiver and client): the name, stop impersonating, the push-notification
 * button (their footer is the tab bar), the user's language
 * (LanguageSelect in its compact form, an icon with the language's code, to fit a 390 px wide phone), colour scheme,
 * sign out,
 * named in the user's language (the clientApp catalogue's `header`, shared by both phone apps). `actions` come first
 * among the buttons (the caregiver app's notifications button).
 */
export function PhoneAppHeader({ actions }: { actions?: ReactNode } = {}) {
  const { t } = useTranslation('clientApp');
  return (
    <AppShell.Header>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Title order={3}>{PRODUCT_NAME}</Title>
        <Group gap={4} wrap="nowrap">
          <StopImpersonatingButton label={t('header.stopImpersonating')} />
          {actions}
          <PushButton compact />
          <LanguageSelect compact />
          <ColorSchemeButton aria-label={t('header.colorScheme')} />
          <SignOutButton compact label={t('header.signOut')} />
        </Group>
      </Group>
    </AppShell.Header>
  );
}
