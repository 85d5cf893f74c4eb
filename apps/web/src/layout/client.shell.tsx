import { AppShell } from '@mantine/core';
import { PhoneAppHeader } from './app-header';
import { Outlet } from 'react-router';

/** The client and trusted-contact app layout (its screens are not specified yet): a header with sign-out. */
export function ClientShell() {
  return (
    <AppShell header={{ height: 52 }} padding="md">
      <PhoneAppHeader />
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
