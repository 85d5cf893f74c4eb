import { Anchor, AppShell, Burger, Drawer, Group, ScrollArea, Text, Title } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
// Spanish month and day names for the date pickers of the staff screens (Mantine's dates use dayjs locales).
import 'dayjs/locale/es';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { APP_VERSION } from '@hearth/shared/app/app.constants';
import { useCurrentUser } from '@/api/current-user';
import { ColorSchemeToggle } from './color-scheme.toggle';
import { LanguageSelect } from './language-select';
import { MAIN_CONTENT_ID, mainClassName, SkipLink } from './skip-link';
import { SignOutButton } from './sign-out.button';
import { StaffMenu } from './staff-menu';
import { StopImpersonatingButton } from './stop-impersonating.button';
import { AuthenticatorButton } from '@/components/mfa/authenticator.button';
import { NotificationPopups } from '@/components/notifications/notification-popups';
import { PushButton } from '@/components/push/push.button';
import { LiveStatus } from './live-status';

/**
 * The office staff layout: header, side menu (a drawer titled Menu below the 62em tablet breakpoint), the page,
 * and a footer with the app version, the authenticator and push-notification buttons and, while impersonating, the
 * way back. Date pickers follow the shown language. A skip link comes first (WCAG 2.4.1).
 */
export function StaffShell() {
  const [drawerOpened, drawer] = useDisclosure(false);
  const { t, i18n } = useTranslation('shell');
  // The session gate renders shells only once the current user has loaded.
  const user = useCurrentUser().data;
  if (!user) return null;

  return (
    // The date pickers of every staff page name months and days in the shown language.
    <DatesProvider settings={{ locale: i18n.language }}>
      <AppShell
        header={{ height: 52 }}
        navbar={{ width: 240, breakpoint: 'md', collapsed: { mobile: true } }}
        footer={{ height: 36 }}
        padding="md"
      >
        <SkipLink />
        <NotificationPopups />
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger hiddenFrom="md" size="sm" opened={drawerOpened} onClick={drawer.open} aria-label={t('header.openMenu')} />
              <Anchor component={Link} to="/" c="inherit" underline="never">
                <Title order={3}>{t('header.product')}</Title>
              </Anchor>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <LanguageSelect />
              <ColorSchemeToggle />
              <Text size="sm" fw={500} visibleFrom="xs" truncate maw={220}>
                {user.firstName} {user.lastName}
              </Text>
              <SignOutButton />
            </Group>
          </Group>
        </AppShell.Header>

        {/* Hidden (not just slid away) below the tablet breakpoint, so the drawer holds the only copy of the menu. */}
        <AppShell.Navbar p="xs" visibleFrom="md">
          <AppShell.Section grow component={ScrollArea}>
            <StaffMenu user={user} />
          </AppShell.Section>
        </AppShell.Navbar>

        <Drawer opened={drawerOpened} onClose={drawer.close} title={t('header.menuTitle')} size={280} hiddenFrom="md">
          <StaffMenu user={user} onNavigate={drawer.close} />
        </Drawer>

        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={mainClassName}>
          <Outlet />
        </AppShell.Main>

        <AppShell.Footer px="md">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="md" wrap="nowrap" miw={0}>
              <Text size="xs" c="dimmed">
                {t('footer.version', { version: APP_VERSION })}
              </Text>
              <LiveStatus />
            </Group>
            <Group gap="xs" wrap="nowrap">
              <AuthenticatorButton />
              <PushButton />
              <StopImpersonatingButton />
            </Group>
          </Group>
        </AppShell.Footer>
      </AppShell>
    </DatesProvider>
  );
}
