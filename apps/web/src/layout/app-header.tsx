import { AppShell, Group, Title } from '@mantine/core';
import { ColorSchemeButton } from './color-scheme.button';
import { SignOutButton } from './sign-out.button';
import { StopImpersonatingButton } from './stop-impersonating.button';

/** The slim header of the phone apps (caregiver and client): the name, stop impersonating, colour scheme, sign out. */
export function PhoneAppHeader() {
  return (
    <AppShell.Header>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Title order={3}>Hearth</Title>
        <Group gap={4} wrap="nowrap">
          <StopImpersonatingButton />
          <ColorSchemeButton />
          <SignOutButton compact />
        </Group>
      </Group>
    </AppShell.Header>
  );
}
