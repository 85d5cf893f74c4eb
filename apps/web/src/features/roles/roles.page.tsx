import { useState } from 'react';
import { Alert, Group, Loader, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/current-user';
import { useTRPC } from '@/api/trpc';
import { useAllowedActions } from '@/api/allowed-actions';
import { PermissionSetEditor, type PermissionKind } from './permission-set.editor';
import { ChatFlagsEditor } from './chat-flags.editor';

/** The permission sets, one tab each (named by the admin catalogue's roles.kinds.{kind}.tab). */
const KINDS: PermissionKind[] = ['actions', 'tables', 'views'];

/** The tabs: the permission sets, then the role's chat flags. */
type RoleTab = PermissionKind | 'chat';

/**
 * /admin/roles: a role's action, table and view permissions and its chat flags. Only users with system-level access
 * may change them (the chat flags also need the updateRoleChatFlags action); other admins see them read-only.
 */
export function RolesPage() {
  const trpc = useTRPC();
  const me = useCurrentUser().data;
  const { t } = useTranslation(['admin', 'common']);
  const roles = useQuery(trpc.getRoles.queryOptions());
  const catalog = useQuery(trpc.getPermissionCatalog.queryOptions());
  const [pickedRoleId, setPickedRoleId] = useState<string | null>(null);
  const [tab, setTab] = useState<RoleTab>('actions');
  const { can } = useAllowedActions();

  const readOnly = !me?.roleHasSystemLevelAccess;
  const chatReadOnly = readOnly || !can('updateRoleChatFlags');
  const role = roles.data?.find((r) => String(r.id) === pickedRoleId) ?? roles.data?.[0];
  const error = roles.error ?? catalog.error;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('roles.title')}</Title>
        <Select
          label={t('roles.role')}
          w={240}
          data={roles.data?.map((r) => ({ value: String(r.id), label: r.name })) ?? []}
          value={role ? String(role.id) : null}
          onChange={setPickedRoleId}
          allowDeselect={false}
          disabled={!roles.data}
        />
      </Group>
      {readOnly && (
        <Alert color="gray" icon={<IconLock size={16} />}>
          {t('roles.readOnly')}
        </Alert>
      )}
      {error && <Alert color="red">{error.message}</Alert>}
      {(roles.isPending || catalog.isPending) && <Loader size="sm" aria-label={t('common:loading')} />}
      {role && catalog.data && (
        <>
          <Text size="sm" c="dimmed">
            {role.hasSystemLevelAccess
              ? t('roles.levels.system')
              : role.hasCompanyLevelAccess
                ? t('roles.levels.company')
                : role.hasBranchLevelAccess
                  ? t('roles.levels.branch')
                  : t('roles.levels.own')}
          </Text>
          <Tabs value={tab} onChange={(value) => setTab((value as RoleTab | null) ?? 'actions')} keepMounted={false}>
            <Tabs.List>
              {KINDS.map((kind) => (
                <Tabs.Tab key={kind} value={kind}>
                  {t(`roles.kinds.${kind}.tab`)}
                </Tabs.Tab>
              ))}
              <Tabs.Tab value="chat">{t('roles.chat.tab')}</Tabs.Tab>
            </Tabs.List>
            {KINDS.map((kind) => (
              <Tabs.Panel key={kind} value={kind} pt="md">
                <PermissionSetEditor
                  key={`${role.id}-${kind}`}
                  role={role}
                  kind={kind}
                  catalog={catalog.data[kind]}
                  readOnly={readOnly}
                />
              </Tabs.Panel>
            ))}
            <Tabs.Panel value="chat" pt="md">
              <ChatFlagsEditor key={`${role.id}-chat`} role={role} readOnly={chatReadOnly} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Stack>
  );
}
