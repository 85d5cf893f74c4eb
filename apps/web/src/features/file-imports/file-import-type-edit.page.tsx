import { Alert, Anchor, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessageOf, httpStatusOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useCurrentUser } from '@/api/current-user';
import { useTRPC } from '@/api/trpc';
import { useBranchOptions } from '@/components/records/options';
import { FileImportTypeForm } from './file-import-type.form';
import { importTargetLabel } from './file-imports.format';

/**
 * /admin/file-import-types/{name} (system level): one import type's label, description, column mapping and
 * defaults. Users without system-level access are told so instead of being shown a refused form.
 */
export function FileImportTypeEditPage() {
  const { t } = useTranslation('files');
  const trpc = useTRPC();
  const name = useParams().name ?? '';
  const me = useCurrentUser().data;
  const system = me?.roleHasSystemLevelAccess === true;
  const type = useQuery({ ...trpc.getFileImportType.queryOptions({ name }), enabled: system && name !== '' });
  const branches = useBranchOptions();
  const { can, loading } = useAllowedActions();

  let content;
  if (me && !system) {
    content = (
      <Alert color="gray" icon={<IconLock size={16} />}>
        {t('importTypes.systemOnly')}
      </Alert>
    );
  } else if (httpStatusOf(type.error) === 404 || httpStatusOf(type.error) === 400) {
    content = <Alert color="red">{t('importTypes.notFound', { name })}</Alert>;
  } else if (type.isError) {
    content = <Alert color="red">{errorMessageOf(type.error)}</Alert>;
  } else if (!type.data || loading || branches.loading) {
    content = <Loader size="sm" aria-label={t('importTypes.loading')} />;
  } else {
    content = (
      <>
        <Group gap="sm">
          <Title order={2}>{type.data.label}</Title>
          <Badge variant="light">{importTargetLabel(type.data.target)}</Badge>
          <Text size="sm" c="dimmed" ff="monospace">
            {type.data.name}
          </Text>
        </Group>
        <FileImportTypeForm
          key={type.data.name}
          type={type.data}
          branches={branches.options}
          readOnly={!can('updateFileImportType')}
        />
      </>
    );
  }
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/file-import-types" size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} /> {t('importTypes.back')}
        </Group>
      </Anchor>
      {content}
    </Stack>
  );
}
