import { useMemo, useState } from 'react';
import { Button, Checkbox, Group, Paper, ScrollArea, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RoleOutput } from '@hearth/shared/roles/roles.schema';
import { useTRPC } from '@/api/trpc';

/** The three permission sets of a role, each saved by its own call. */
export type PermissionKind = 'actions' | 'tables' | 'views';

interface Props {
  role: RoleOutput;
  kind: PermissionKind;
  catalog: string[];
  readOnly: boolean;
}

function currentSet(role: RoleOutput, kind: PermissionKind): string[] {
  if (kind === 'actions') return role.actionPermissions;
  if (kind === 'tables') return role.tablePermissions;
  return role.viewPermissions;
}

function useSavePermissions(kind: PermissionKind) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t } = useTranslation(['admin', 'common']);
  const procedure =
    kind === 'actions'
      ? trpc.updateRoleActionPermissions
      : kind === 'tables'
        ? trpc.updateRoleTablePermissions
        : trpc.updateRoleViewPermissions;
  return useMutation(
    procedure.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.getRoles.queryKey(), (roles) =>
          roles?.map((role) => (role.id === saved.id ? saved : role)),
        );
        notifications.show({ color: 'teal', message: t(`roles.kinds.${kind}.saved`, { role: saved.name }) });
      },
      onError: (error) => notifications.show({ color: 'red', title: t('roles.notSaved'), message: error.message }),
    }),
  );
}

/**
 * One permission set of one role as a checklist of the catalog, with a filter and select all/none (acting on the
 * filtered entries). Save replaces the whole set. Permissions the role holds that the catalog no longer lists stay
 * visible, so saving never drops them silently.
 */
export function PermissionSetEditor({ role, kind, catalog, readOnly }: Props) {
  const initial = currentSet(role, kind);
  const [selected, setSelected] = useState(() => new Set(initial));
  const [filter, setFilter] = useState('');
  const save = useSavePermissions(kind);
  const { t } = useTranslation(['admin', 'common']);

  const all = useMemo(() => [...new Set([...catalog, ...initial])].sort(), [catalog, initial]);
  const needle = filter.trim().toLowerCase();
  const visible = needle ? all.filter((name) => name.toLowerCase().includes(needle)) : all;
  const dirty = selected.size !== initial.length || initial.some((name) => !selected.has(name));

  const setMany = (names: string[], on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const name of names) {
        if (on) next.add(name);
        else next.delete(name);
      }
      return next;
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <TextInput
          placeholder={t(`roles.kinds.${kind}.filter`)}
          aria-label={t(`roles.kinds.${kind}.filter`)}
          leftSection={<IconSearch size={14} />}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          w={260}
        />
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t('roles.selected', { selected: selected.size, total: all.length })}
          </Text>
          <Button size="compact-xs" variant="default" disabled={readOnly} onClick={() => setMany(visible, true)}>
            {t('roles.selectAll')}
          </Button>
          <Button size="compact-xs" variant="default" disabled={readOnly} onClick={() => setMany(visible, false)}>
            {t('roles.selectNone')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="sm" radius="md">
        <ScrollArea.Autosize mah={440} type="auto">
          {visible.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {all.length === 0 ? t(`roles.kinds.${kind}.none`) : t('roles.noMatch')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" verticalSpacing={6}>
              {visible.map((name) => (
                <Checkbox
                  key={name}
                  size="xs"
                  label={name}
                  checked={selected.has(name)}
                  disabled={readOnly}
                  onChange={(event) => setMany([name], event.currentTarget.checked)}
                  styles={{ label: { wordBreak: 'break-all' } }}
                />
              ))}
            </SimpleGrid>
          )}
        </ScrollArea.Autosize>
      </Paper>
      {!readOnly && (
        <Group justify="flex-end" gap="sm">
          <Button size="xs" variant="default" disabled={!dirty} onClick={() => setSelected(new Set(initial))}>
            {t('common:actions.reset')}
          </Button>
          <Button
            size="xs"
            disabled={!dirty}
            loading={save.isPending}
            onClick={() => save.mutate({ roleId: role.id, permissions: [...selected].sort() })}
          >
            {t(`roles.kinds.${kind}.save`)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
