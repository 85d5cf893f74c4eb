import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CaseType } from '@hearth/shared/cases/cases.schema';
import { errorMessageOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useTRPC } from '@/api/trpc';
import { CaseAdminsEditor } from './case-admins.editor';
import { CaseModulesEditor } from './case-modules.editor';
import { CaseTypeModal } from './case-type.modal';

/** The types table: one row per type; clicking a row opens its modules and case admins below. */
function TypesTable(props: {
  types: CaseType[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
  onEdit?: (type: CaseType) => void;
}) {
  const { types, selectedId, onSelect, onEdit } = props;
  const { t } = useTranslation('caseAdmin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // A deadline in the table: "24 h", or "none".
  const hours = (value: number | null) => (value === null ? t('types.none') : t('types.hours', { count: value }));
  const status = useMutation(
    trpc.caseTypes.update.mutationOptions({
      onSuccess: (type) => {
        void queryClient.invalidateQueries({ queryKey: trpc.caseTypes.list.queryKey() });
        notifications.show({
          color: 'teal',
          message: t(type.status === 'active' ? 'type.activated' : 'type.retired', { name: type.name }),
        });
      },
      onError: (error) => notifications.show({ color: 'red', message: errorMessageOf(error) }),
    }),
  );
  return (
    <Table highlightOnHover verticalSpacing="xs" aria-label={t('types.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('type.name')}</Table.Th>
          <Table.Th>{t('type.defaultPriority')}</Table.Th>
          <Table.Th>{t('types.acknowledge')}</Table.Th>
          <Table.Th>{t('types.stateReport')}</Table.Th>
          <Table.Th>{t('types.resolve')}</Table.Th>
          <Table.Th>{t('types.modules')}</Table.Th>
          <Table.Th>{t('types.status')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {types.map((type) => (
          <Table.Tr
            key={type.id}
            onClick={() => onSelect(type.id)}
            bg={type.id === selectedId ? 'var(--mantine-primary-color-light)' : undefined}
            style={{ cursor: 'pointer' }}
          >
            <Table.Td>
              <Text size="sm" fw={500}>
                {type.name}
              </Text>
              {type.reportableByCaregivers && (
                <Text size="xs" c="dimmed">
                  {t('types.reportable')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{t(`priorities.${type.defaultPriority}`)}</Table.Td>
            <Table.Td>{hours(type.acknowledgeWithinHours)}</Table.Td>
            <Table.Td>{hours(type.stateReportWithinHours)}</Table.Td>
            <Table.Td>{hours(type.resolveWithinHours)}</Table.Td>
            <Table.Td>{type.modules.length}</Table.Td>
            <Table.Td>
              <Badge color={type.status === 'active' ? 'teal' : 'gray'} variant="light" style={{ overflow: 'visible' }}>
                {t(`statuses.${type.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td onClick={(event) => event.stopPropagation()}>
              {onEdit && (
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => onEdit(type)}>
                    {t('actions.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    loading={status.isPending && status.variables.id === type.id}
                    onClick={() => status.mutate({ id: type.id, status: type.status === 'active' ? 'retired' : 'active' })}
                  >
                    {type.status === 'active' ? t('actions.retire') : t('actions.activate')}
                  </Button>
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
 * /admin/cases (issue 24 item 1): the company's case types with default priority and deadlines (create, edit, retire
 * and activate with caseTypes.create and update), and for the picked type its modules (caseTypes.setModules) and
 * its case admins per branch (caseAdmins.set). Actions the role lacks are left out; the server checks every call.
 */
export function CaseAdminPage() {
  const { t } = useTranslation('caseAdmin');
  const trpc = useTRPC();
  const { can, loading } = useAllowedActions();
  const types = useQuery(trpc.caseTypes.list.queryOptions());
  const [selectedId, setSelectedId] = useState<number>();
  const [editing, setEditing] = useState<CaseType | 'new' | null>(null);
  const canEdit = can('caseTypes.update');
  const selected = types.data?.find((type) => type.id === selectedId) ?? types.data?.[0];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('title')}</Title>
        {can('caseTypes.create') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('type.new')}
          </Button>
        )}
      </Group>
      {!loading && !canEdit && (
        <Alert color="gray" icon={<IconLock size={16} />}>
          {t('readOnly')}
        </Alert>
      )}
      {types.isError && (
        <Alert color="red" role="alert">
          {errorMessageOf(types.error)}
        </Alert>
      )}
      {types.isPending && <Loader size="sm" aria-label={t('loading')} />}
      {types.data?.length === 0 && <Text c="dimmed">{t('types.empty')}</Text>}
      {types.data && types.data.length > 0 && (
        <TypesTable
          types={types.data}
          selectedId={selected?.id}
          onSelect={setSelectedId}
          onEdit={canEdit ? setEditing : undefined}
        />
      )}
      {selected && (
        <Paper withBorder p="md">
          <Title order={3} mb="sm">
            {selected.name}
          </Title>
          <Tabs defaultValue="modules" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="modules">{t('modules.title')}</Tabs.Tab>
              <Tabs.Tab value="admins">{t('admins.title')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="modules" pt="md">
              <CaseModulesEditor key={selected.id} type={selected} readOnly={!can('caseTypes.setModules')} />
            </Tabs.Panel>
            <Tabs.Panel value="admins" pt="md">
              <CaseAdminsEditor key={selected.id} type={selected} readOnly={!can('caseAdmins.set')} />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      )}
      {editing && <CaseTypeModal type={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
