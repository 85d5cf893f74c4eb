import { AppShell, Group, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { ColorSchemeToggle } from './color-scheme.toggle';
import { SignOutButton } from './sign-out.button';
import { StopImpersonatingButton } from './stop-impersonating.button';

/** The client and trusted-contact app layout (its screens are not specified yet): a header with sign-out. */
export function ClientShell() {
  return (
    <AppShell header={{ height: 52 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Title order={3}>Hearth</Title>
          <Group gap={4} wrap="nowrap">
            <StopImpersonatingButton />
            <ColorSchemeToggle />
            <SignOutButton compact />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
