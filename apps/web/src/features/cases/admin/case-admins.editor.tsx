import { useState, type Dispatch, type SetStateAction } from 'react';
import { ActionIcon, Alert, Button, Group, Loader, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CaseAdmin, CaseType } from '@hearth/shared/cases/cases.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';

/** A case admin row being edited. */
type AdminRow = Pick<CaseAdmin, 'userId' | 'name' | 'assignNew' | 'notify'>;

/** The admin rows: name, assign-new and notify switches, and a remove button unless read-only. */
function AdminRowsTable(props: { rows: AdminRow[]; setRows: Dispatch<SetStateAction<AdminRow[]>>; readOnly: boolean }) {
  const { rows, setRows, readOnly } = props;
  const { t } = useTranslation('caseAdmin');
  const setFlag = (index: number, flag: 'assignNew' | 'notify', value: boolean) =>
    setRows((r) => r.map((x, i) => (i === index ? { ...x, [flag]: value } : x)));
  if (rows.length === 0) return <Text size="sm">{t('admins.none')}</Text>;
  return (
    <Table verticalSpacing="xs" aria-label={t('admins.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('admins.user')}</Table.Th>
          <Table.Th>{t('admins.assignNew')}</Table.Th>
          <Table.Th>{t('admins.notify')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={row.userId}>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td>
              <Switch
                aria-label={t('admins.assignNewOf', { name: row.name })}
                checked={row.assignNew}
                disabled={readOnly}
                onChange={(e) => setFlag(index, 'assignNew', e.currentTarget.checked)}
              />
            </Table.Td>
            <Table.Td>
              <Switch
                aria-label={t('admins.notifyOf', { name: row.name })}
                checked={row.notify}
                disabled={readOnly}
                onChange={(e) => setFlag(index, 'notify', e.currentTarget.checked)}
              />
            </Table.Td>
            <Table.Td>
              {!readOnly && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('admins.remove', { name: row.name })}
                  onClick={() => setRows((r) => r.filter((_, i) => i !== index))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The admins of one type in one branch, once loaded: add staff users, switch assign-new and notify, save. */
function BranchAdmins(props: { type: CaseType; branch: { id: number; name: string }; admins: CaseAdmin[]; readOnly: boolean }) {
  const { type, branch, admins, readOnly } = props;
  const { t } = useTranslation('caseAdmin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<AdminRow[]>(() =>
    admins.map(({ userId, name, assignNew, notify }) => ({ userId, name, assignNew, notify })),
  );
  const [picked, setPicked] = useState<string | null>(null);
  // Staff users of the branch (getUsers lists those in the caller's scope; a user without branches is company-wide).
  const users = useQuery(trpc.getUsers.queryOptions({ page: 1, pageSize: 100 }));
  const choices = (users.data?.rows ?? [])
    .filter((u) => u.isActive && (u.branchNames.length === 0 || u.branchNames.includes(branch.name)))
    .filter((u) => !rows.some((r) => r.userId === u.id))
    .map((u) => ({ value: String(u.id), label: `${u.firstName} ${u.lastName} (${u.roleName})` }));
  const save = useMutation(
    trpc.caseAdmins.set.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.caseAdmins.list.queryKey() });
        notifications.show({ color: 'teal', message: t('admins.saved', { type: type.name, branch: branch.name }) });
      },
    }),
  );
  const add = () => {
    const user = users.data?.rows.find((u) => String(u.id) === picked);
    if (!user) return;
    setRows((r) => [
      ...r,
      { userId: user.id, name: `${user.firstName} ${user.lastName}`, assignNew: r.length === 0, notify: true },
    ]);
    setPicked(null);
  };

  return (
    <Stack gap="sm">
      <AdminRowsTable rows={rows} setRows={setRows} readOnly={readOnly} />
      {users.isError && <Alert color="red">{errorMessageOf(users.error)}</Alert>}
      {save.isError && (
        <Alert color="red" role="alert">
          {errorMessageOf(save.error)}
        </Alert>
      )}
      {!readOnly && (
        <Group justify="space-between" align="flex-end">
          <Group gap="xs" align="flex-end">
            <Select
              label={t('admins.add')}
              placeholder={t('admins.pick')}
              data={choices}
              value={picked}
              onChange={setPicked}
              searchable
              w={320}
            />
            <Button variant="default" leftSection={<IconPlus size={16} />} onClick={add} disabled={!picked}>
              {t('admins.addButton')}
            </Button>
          </Group>
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate({
                caseTypeId: type.id,
                branchId: branch.id,
                admins: rows.map(({ userId, assignNew, notify }) => ({ userId, assignNew, notify })),
              })
            }
          >
            {t('admins.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * Case admins of a type per branch (caseAdmins.list, caseAdmins.set): pick a branch among the caller's, then who is
 * assigned new cases (the first assign-new admin gets them) and who is notified at once. Read-only without
 * caseAdmins.set.
 */
export function CaseAdminsEditor({ type, readOnly }: { type: CaseType; readOnly: boolean }) {
  const { t } = useTranslation('caseAdmin');
  const trpc = useTRPC();
  const branches = useQuery(trpc.getBranches.queryOptions());
  const [branchId, setBranchId] = useState<string | null>(null);
  const branch = branches.data?.find((b) => String(b.id) === branchId) ?? branches.data?.[0];
  const admins = useQuery({
    ...trpc.caseAdmins.list.queryOptions({ caseTypeId: type.id, branchId: branch?.id ?? 0 }),
    enabled: branch !== undefined,
  });

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('admins.help')}
      </Text>
      <Select
        label={t('admins.branch')}
        w={320}
        data={branches.data?.map((b) => ({ value: String(b.id), label: b.name })) ?? []}
        value={branch ? String(branch.id) : null}
        onChange={setBranchId}
        allowDeselect={false}
      />
      {(branches.error ?? admins.error) && <Alert color="red">{errorMessageOf(branches.error ?? admins.error)}</Alert>}
      {admins.isPending && branch && <Loader size="sm" aria-label={t('loading')} />}
      {branch && admins.data && (
        <BranchAdmins key={`${type.id}-${branch.id}`} type={type} branch={branch} admins={admins.data} readOnly={readOnly} />
      )}
    </Stack>
  );
}
