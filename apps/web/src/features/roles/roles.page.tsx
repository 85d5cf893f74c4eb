import { useState } from 'react';
import { Alert, Group, Loader, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconLock } from '@tabler/icons-react';
import { useCurrentUser } from '@/api/current-user';
import { useTRPC } from '@/api/trpc';
import { PermissionSetEditor, type PermissionKind } from './permission-set.editor';

const TABS: { kind: PermissionKind; label: string }[] = [
  { kind: 'actions', label: 'Actions' },
  { kind: 'tables', label: 'Tables' },
  { kind: 'views', label: 'Views' },
];

/**
 * /admin/roles: a role's action, table and view permissions. Only users with system-level access may change them;
 * other admins see them read-only.
 */
export function RolesPage() {
  const trpc = useTRPC();
  const me = useCurrentUser().data;
  const roles = useQuery(trpc.getRoles.queryOptions());
  const catalog = useQuery(trpc.getPermissionCatalog.queryOptions());
  const [pickedRoleId, setPickedRoleId] = useState<string | null>(null);
  const [tab, setTab] = useState<PermissionKind>('actions');

  const readOnly = !me?.roleHasSystemLevelAccess;
  const role = roles.data?.find((r) => String(r.id) === pickedRoleId) ?? roles.data?.[0];
  const error = roles.error ?? catalog.error;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Roles</Title>
        <Select
          label="Role"
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
          Read only: permissions can be changed by users with system-level access.
        </Alert>
      )}
      {error && <Alert color="red">{error.message}</Alert>}
      {(roles.isPending || catalog.isPending) && <Loader size="sm" />}
      {role && catalog.data && (
        <>
          <Text size="sm" c="dimmed">
            {role.hasSystemLevelAccess
              ? 'System-level access'
              : role.hasCompanyLevelAccess
                ? 'Company-level access'
                : role.hasBranchLevelAccess
                  ? 'Branch-level access'
                  : 'Own records only'}
          </Text>
          <Tabs value={tab} onChange={(value) => setTab((value as PermissionKind | null) ?? 'actions')} keepMounted={false}>
            <Tabs.List>
              {TABS.map(({ kind, label }) => (
                <Tabs.Tab key={kind} value={kind}>
                  {label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {TABS.map(({ kind }) => (
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
          </Tabs>
        </>
      )}
    </Stack>
  );
}
