import { Alert, Anchor, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, httpStatusOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useCurrentUser } from '@/api/current-user';
import { useTRPC } from '@/api/trpc';
import { FileExportTypeForm } from './file-export-type.form';
import { exportFormatLabel, exportKindLabel } from './file-exports.format';

/**
 * /admin/file-export-types/{name} (system level): one export type's label, description, retention and settings.
 * Users without system-level access are told so instead of being shown a refused form.
 */
export function FileExportTypeEditPage() {
  const { t } = useTranslation('files');
  const trpc = useTRPC();
  const name = useParams().name ?? '';
  const me = useCurrentUser().data;
  const system = me?.roleHasSystemLevelAccess === true;
  const type = useQuery({ ...trpc.getFileExportType.queryOptions({ name }), enabled: system && name !== '' });
  const { can, loading } = useAllowedActions();

  let content;
  if (me && !system) {
    content = (
      <Alert color="gray" icon={<IconLock size={16} />}>
        {t('exportTypes.systemOnly')}
      </Alert>
    );
  } else if (httpStatusOf(type.error) === 404 || httpStatusOf(type.error) === 400) {
    content = <Alert color="red">{t('exportTypes.notFound', { name })}</Alert>;
  } else if (type.isError) {
    content = <Alert color="red">{errorMessageOf(type.error)}</Alert>;
  } else if (!type.data || loading) {
    content = <Loader size="sm" aria-label={t('exportTypes.loading')} />;
  } else {
    content = (
      <>
        <Group gap="sm">
          <Title order={2}>{type.data.label}</Title>
          <Badge variant="light">{exportKindLabel(type.data.kind)}</Badge>
          <Badge variant="default">{exportFormatLabel(type.data.format)}</Badge>
          <Text size="sm" c="dimmed" ff="monospace">
            {type.data.name}
          </Text>
        </Group>
        <FileExportTypeForm key={type.data.name} type={type.data} readOnly={!can('updateFileExportType')} />
      </>
    );
  }
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/file-export-types" size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} /> {t('exportTypes.back')}
        </Group>
      </Anchor>
      {content}
    </Stack>
  );
}
