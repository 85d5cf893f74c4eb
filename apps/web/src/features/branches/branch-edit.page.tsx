import { Alert, Anchor, Group, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '@/api/trpc';
import { BranchEditForm } from './branch-edit.form';

/** /admin/branches/{id}: edit one branch. */
export function BranchEditPage() {
  const trpc = useTRPC();
  const { t } = useTranslation(['admin', 'common']);
  const branchId = Number(useParams().id);
  const valid = Number.isInteger(branchId) && branchId > 0;
  const branch = useQuery({ ...trpc.getBranch.queryOptions({ id: branchId }), enabled: valid });

  if (!valid) return <Alert color="red">{t('branches.noBranch')}</Alert>;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/branches" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> {t('branches.title')}
        </Group>
      </Anchor>
      {branch.isPending && <Loader size="sm" aria-label={t('common:loading')} />}
      {branch.isError && <Alert color="red">{branch.error.message}</Alert>}
      {branch.data && (
        <>
          <Title order={2}>{branch.data.name}</Title>
          <BranchEditForm key={branch.data.id} branch={branch.data} />
        </>
      )}
    </Stack>
  );
}
