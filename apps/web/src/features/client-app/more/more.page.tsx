import { NavLink, Paper } from '@mantine/core';
import { IconBell, IconChevronRight, IconClipboardHeart, IconReceipt, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContactPermission } from '@hearth/shared/client-app/client-app.constants';
import { ClientAppFrame } from '../client-app.frame';
import { CLIENT_APP } from '../client-app.shell';

const ENTRIES: {
  key: 'carePlan' | 'statements' | 'alerts' | 'account';
  path: string;
  Icon: typeof IconBell;
  needs?: ContactPermission;
}[] = [
  { key: 'carePlan', path: '/care-plan', Icon: IconClipboardHeart, needs: 'careNotes' },
  { key: 'statements', path: '/statements', Icon: IconReceipt, needs: 'statements' },
  { key: 'alerts', path: '/alerts', Icon: IconBell, needs: 'alerts' },
  { key: 'account', path: '/account', Icon: IconUserCircle },
];

/** /client-mobile-app/more: the pages beyond the bottom bar, those the shown client's permissions open. */
export function ClientMorePage() {
  const { t } = useTranslation('clientApp');
  return (
    <ClientAppFrame title={t('more.title')}>
      {(client) => (
        <Paper withBorder radius="md">
          {ENTRIES.filter(({ needs }) => !needs || client.permissions[needs]).map(({ key, path, Icon }) => (
            <NavLink
              key={key}
              component={Link}
              to={`${CLIENT_APP}${path}`}
              label={t(`more.${key}`)}
              description={t(`more.${key}Hint`)}
              leftSection={<Icon size={22} stroke={1.6} />}
              rightSection={<IconChevronRight size={16} />}
            />
          ))}
        </Paper>
      )}
    </ClientAppFrame>
  );
}
