import { useState, type Dispatch, type SetStateAction } from 'react';
import { ActionIcon, Alert, Button, Group, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CASE_TYPE_MAX_MODULES } from '@hearth/shared/cases/cases.constants';
import type { CaseType } from '@hearth/shared/cases/cases.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';

/** A module row being edited: a care form type lineage, its name as listed, and whether it is required. */
interface ModuleRow {
  careFormTypeLineageId: number;
  name: string;
  required: boolean;
}

/** `rows` with the row at `index` swapped with its neighbour `by` (-1 up, +1 down). */
function moved(rows: ModuleRow[], index: number, by: -1 | 1): ModuleRow[] {
  const next = [...rows];
  [next[index], next[index + by]] = [next[index + by]!, next[index]!];
  return next;
}

/** The module rows: number, care form type, required switch, and up, down and remove buttons unless read-only. */
function ModuleRowsTable(props: { rows: ModuleRow[]; setRows: Dispatch<SetStateAction<ModuleRow[]>>; readOnly: boolean }) {
  const { rows, setRows, readOnly } = props;
  const { t } = useTranslation('caseAdmin');
  if (rows.length === 0) return <Text size="sm">{t('modules.none')}</Text>;
  return (
    <Table verticalSpacing="xs" aria-label={t('modules.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>#</Table.Th>
          <Table.Th>{t('modules.careFormType')}</Table.Th>
          <Table.Th>{t('modules.required')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={row.careFormTypeLineageId}>
            <Table.Td>{index + 1}</Table.Td>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td>
              <Switch
                aria-label={t('modules.requiredOf', { name: row.name })}
                checked={row.required}
                disabled={readOnly}
                onChange={(event) => {
                  const required = event.currentTarget.checked;
                  setRows((r) => r.map((x, i) => (i === index ? { ...x, required } : x)));
                }}
              />
            </Table.Td>
            <Table.Td>
              {!readOnly && (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('modules.up', { name: row.name })}
                    disabled={index === 0}
                    onClick={() => setRows((r) => moved(r, index, -1))}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('modules.down', { name: row.name })}
                    disabled={index === rows.length - 1}
                    onClick={() => setRows((r) => moved(r, index, 1))}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('modules.remove', { name: row.name })}
                    onClick={() => setRows((r) => r.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A case type's modules (caseTypes.setModules): care form types picked from careFormTypes.list (by lineage, so the
 * latest active version is used when a module is started), each required or not, in order (up and down buttons).
 * Saving replaces the whole list. Read-only without caseTypes.setModules.
 */
export function CaseModulesEditor({ type, readOnly }: { type: CaseType; readOnly: boolean }) {
  const { t } = useTranslation('caseAdmin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const formTypes = useQuery(trpc.careFormTypes.list.queryOptions());
  const [rows, setRows] = useState<ModuleRow[]>(() =>
    type.modules.map(({ careFormTypeLineageId, name, required }) => ({ careFormTypeLineageId, name, required })),
  );
  const [picked, setPicked] = useState<string | null>(null);
  const save = useMutation(
    trpc.caseTypes.setModules.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.caseTypes.list.queryKey() });
        notifications.show({ color: 'teal', message: t('modules.saved', { name: type.name }) });
      },
    }),
  );
  const choices = (formTypes.data ?? [])
    .filter((f) => f.status !== 'retired' && !rows.some((r) => r.careFormTypeLineageId === f.lineageId))
    .map((f) => ({ value: String(f.lineageId), label: f.name }));
  const add = () => {
    const formType = formTypes.data?.find((f) => String(f.lineageId) === picked);
    if (!formType) return;
    setRows((r) => [...r, { careFormTypeLineageId: formType.lineageId, name: formType.name, required: false }]);
    setPicked(null);
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('modules.help')}
      </Text>
      <ModuleRowsTable rows={rows} setRows={setRows} readOnly={readOnly} />
      {formTypes.isError && <Alert color="red">{errorMessageOf(formTypes.error)}</Alert>}
      {save.isError && (
        <Alert color="red" role="alert">
          {errorMessageOf(save.error)}
        </Alert>
      )}
      {!readOnly && (
        <Group justify="space-between" align="flex-end">
          <Group gap="xs" align="flex-end">
            <Select
              label={t('modules.add')}
              placeholder={t('modules.pick')}
              data={choices}
              value={picked}
              onChange={setPicked}
              searchable
              w={320}
              disabled={rows.length >= CASE_TYPE_MAX_MODULES}
            />
            <Button variant="default" leftSection={<IconPlus size={16} />} onClick={add} disabled={!picked}>
              {t('modules.addButton')}
            </Button>
          </Group>
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate({
                id: type.id,
                modules: rows.map(({ careFormTypeLineageId, required }) => ({ careFormTypeLineageId, required })),
              })
            }
          >
            {t('modules.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
