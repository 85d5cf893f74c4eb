import { Anchor, Badge, Button, Group, Paper, Table, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { IconDownload, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CareFormTypeSummary } from '@hearth/shared/care-forms/care-forms.schema';
import { errorMessageOf } from '@/api/api-error';
import { useUserTimeZone } from '@/api/display-zone';
import { useTRPC } from '@/api/trpc';
import { formatInstant } from '@/format/instant-format';
import { downloadTypeJson } from './type-files';
import { nextStatus, STATUS_COLORS, useSetTypeStatus } from './type-status';

/** Where a type's builder is. */
export const typeBuilderHref = (id: number) => `/care-forms/care-form-types/${id}`;

/**
 * The company's care form types, the latest version of each: name (opening the builder), category, version,
 * status, whether forms use it (frozen: a save makes a new version), its items and when it changed; each row
 * exports its Questionnaire JSON and, for a designer (`canDesign`), activates or retires it.
 */
export function TypesTable({ types, canDesign }: { types: CareFormTypeSummary[]; canDesign: boolean }) {
  const { t } = useTranslation('careFormBuilder');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const timeZone = useUserTimeZone();
  const setStatus = useSetTypeStatus();

  const exportType = async (id: number) => {
    try {
      downloadTypeJson(await queryClient.fetchQuery(trpc.careFormTypes.detail.queryOptions({ id })));
    } catch (error) {
      notifications.show({ color: 'red', title: t('list.exportFailed'), message: errorMessageOf(error) });
    }
  };

  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={860} type="native">
        <Table striped verticalSpacing="xs" fz="sm" aria-label={t('list.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('list.name')}</Table.Th>
              <Table.Th>{t('fields.category')}</Table.Th>
              <Table.Th ta="right">{t('list.version')}</Table.Th>
              <Table.Th>{t('list.status')}</Table.Th>
              <Table.Th ta="right">{t('list.items')}</Table.Th>
              <Table.Th>{t('list.updated')}</Table.Th>
              <Table.Th>{t('list.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {types.map((type) => (
              <Table.Tr key={type.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Anchor component={Link} to={typeBuilderHref(type.id)} fz="sm">
                      {type.name}
                    </Anchor>
                    {type.frozen && (
                      <Tooltip label={t('list.frozenHelp')}>
                        <Badge variant="light" color="gray" leftSection={<IconLock size={12} />} tabIndex={0}>
                          {t('list.frozen')}
                        </Badge>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{t(`categories.${type.category}`)}</Table.Td>
                <Table.Td ta="right">{type.version}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLORS[type.status]}>
                    {t(`statuses.${type.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{type.itemCount}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(type.updatedAt, timeZone)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconDownload size={14} />}
                      onClick={() => void exportType(type.id)}
                      aria-label={t('list.exportOne', { name: type.name })}
                    >
                      {t('list.export')}
                    </Button>
                    {canDesign && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        color={type.status === 'active' ? 'orange' : 'teal'}
                        loading={setStatus.isPending && setStatus.variables.id === type.id}
                        onClick={() => setStatus.mutate({ id: type.id, status: nextStatus(type.status) })}
                        aria-label={t(type.status === 'active' ? 'status.retireOne' : 'status.activateOne', { name: type.name })}
                      >
                        {t(type.status === 'active' ? 'status.retire' : 'status.activate')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
