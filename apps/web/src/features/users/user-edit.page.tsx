import { Alert, Anchor, Badge, Button, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft, IconUserShare } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/current-user';
import { useTRPC } from '@/api/trpc';
import { UserEditForm } from './user-edit.form';
import { UserHistoryPanel } from './user-history.panel';
import { UserMfaResetButton } from './user-mfa-reset.button';

/** /admin/users/{id}: edit one user and read their change history. */
export function UserEditPage() {
  const trpc = useTRPC();
  const { t } = useTranslation(['admin', 'common']);
  const userId = Number(useParams().id);
  const valid = Number.isInteger(userId) && userId > 0;
  const user = useQuery({ ...trpc.getUser.queryOptions({ id: userId }), enabled: valid });

  if (!valid) return <Alert color="red">{t('users.noUser')}</Alert>;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/users" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> {t('users.title')}
        </Group>
      </Anchor>
      {user.isPending && <Loader size="sm" aria-label={t('common:loading')} />}
      {user.isError && <Alert color="red">{user.error.message}</Alert>}
      {user.data && (
        <>
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2}>
                {user.data.firstName} {user.data.lastName}
              </Title>
              <Group gap="xs">
                <Text c="dimmed" size="sm">
                  {user.data.username}
                </Text>
                <Badge size="sm" variant="light">
                  {user.data.roleName}
                </Badge>
              </Group>
            </div>
            {user.data.management.refusal === null && (
              <Group gap="xs">
                <UserMfaResetButton userId={user.data.id} name={`${user.data.firstName} ${user.data.lastName}`} />
                <ImpersonateButton userId={user.data.id} />
              </Group>
            )}
          </Group>
          <UserEditForm key={user.data.id} user={user.data} />
          <Divider />
          <UserHistoryPanel userId={user.data.id} />
        </>
      )}
    </Stack>
  );
}

/**
 * Starts seeing the app as this user; the footer then offers the way back. Not offered on oneself, nor on a user
 * the caller may not manage (the server refuses it: users.management.ts).
 */
function ImpersonateButton({ userId }: { userId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useCurrentUser().data;
  const { t } = useTranslation(['admin', 'common']);
  const start = useMutation(
    trpc.startImpersonatingUser.mutationOptions({
      onSuccess: async () => {
        await navigate('/');
        // Every cached answer belongs to the previous identity: drop it all, refetching what is on screen.
        await queryClient.resetQueries();
      },
      onError: (error) => notifications.show({ color: 'red', title: t('users.impersonateFailed'), message: error.message }),
    }),
  );
  if (!me || me.id === userId || me.impersonatedUserId != null) return null;
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconUserShare size={14} />}
      loading={start.isPending}
      onClick={() => start.mutate({ userId })}
    >
      {t('users.impersonate')}
    </Button>
  );
}
