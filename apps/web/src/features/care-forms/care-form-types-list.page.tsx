import { useState } from 'react';
import { Alert, Button, Group, Loader, Menu, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconChevronDown, IconCopy, IconFileImport, IconLock, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CareFormTypeDetail } from '@hearth/shared/care-forms/care-forms.schema';
import { errorMessageOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useTRPC } from '@/api/trpc';
import { TypeCreateModal } from './builder/type-create.modal';
import { TypeImportModal } from './builder/type-import.modal';
import { typeBuilderHref, TypesTable } from './builder/types-table';

/** Which dialog is open. */
type Dialog = 'create' | 'import' | null;

/** "Copy a built-in" menu: the shipped types (careFormTypes.builtIns), each copied as a new draft of the company. */
function CopyBuiltInMenu({ onCopied }: { onCopied: (type: CareFormTypeDetail) => void }) {
  const { t } = useTranslation('careFormBuilder');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const builtIns = useQuery(trpc.careFormTypes.builtIns.queryOptions());
  const copy = useMutation(
    trpc.careFormTypes.copyBuiltIn.mutationOptions({
      onSuccess: (type) => {
        void queryClient.invalidateQueries({ queryKey: trpc.careFormTypes.list.queryKey() });
        notifications.show({ color: 'teal', message: t('list.copied', { name: type.name }) });
        onCopied(type);
      },
      onError: (error) => notifications.show({ color: 'red', title: t('list.copyFailed'), message: errorMessageOf(error) }),
    }),
  );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconCopy size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={copy.isPending}
        >
          {t('list.copyBuiltIn')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {builtIns.data?.map((builtIn) => (
          <Menu.Item key={builtIn.key} onClick={() => copy.mutate({ key: builtIn.key })}>
            {builtIn.name}
            <Text span size="xs" c="dimmed">
              {' '}
              {t('list.builtInItems', { count: builtIn.itemCount })}
            </Text>
          </Menu.Item>
        ))}
        {builtIns.isError && <Menu.Label>{errorMessageOf(builtIns.error)}</Menu.Label>}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * /care-forms/care-form-types (issue 23 item 1): the company's care form types, the latest version of each, with
 * category, version, status and the frozen mark of a type forms use. A Company Admin creates a type, copies a
 * built-in, imports a Questionnaire JSON file or text (every problem the server finds listed), activates and retires
 * types; everyone who may read types exports a type's JSON.
 */
export function CareFormTypesListPage() {
  const { t } = useTranslation('careFormBuilder');
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { can, loading } = useAllowedActions();
  const types = useQuery(trpc.careFormTypes.list.queryOptions());
  const [dialog, setDialog] = useState<Dialog>(null);
  const canDesign = can('careFormTypes.update');
  const open = (type: CareFormTypeDetail) => void navigate(typeBuilderHref(type.id));

  let content;
  if (types.isError) {
    content = (
      <Alert color="red" role="alert">
        {errorMessageOf(types.error)}
      </Alert>
    );
  } else if (types.isPending) {
    content = <Loader size="sm" aria-label={t('list.loading')} />;
  } else if (types.data.length === 0) {
    content = (
      <Text c="dimmed" size="sm">
        {t('list.empty')}
      </Text>
    );
  } else {
    content = <TypesTable types={types.data} canDesign={canDesign} />;
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('list.title')}</Title>
        {canDesign && (
          <Group gap="xs">
            {can('careFormTypes.copyBuiltIn') && <CopyBuiltInMenu onCopied={open} />}
            {can('careFormTypes.importJson') && (
              <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setDialog('import')}>
                {t('list.import')}
              </Button>
            )}
            {can('careFormTypes.create') && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog('create')}>
                {t('list.new')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {!loading && !canDesign && (
        <Alert color="gray" icon={<IconLock size={16} />}>
          {t('list.readOnly')}
        </Alert>
      )}
      {content}
      {dialog === 'create' && <TypeCreateModal opened onClose={() => setDialog(null)} onCreated={open} />}
      {dialog === 'import' && <TypeImportModal opened onClose={() => setDialog(null)} onImported={open} />}
    </Stack>
  );
}
