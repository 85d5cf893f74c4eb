import { Alert, Badge, Button, Group, Paper, PasswordInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ZClientAppPasswordForm,
  type ClientAppAccount,
  type ClientAppPasswordForm,
} from '@hearth/shared/client-app/client-app-account.schema';
import { errorMessageOf, fieldErrorsOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { useMfaStatus } from '@/components/mfa/mfa-api';
import { MfaSettingsModal } from '@/components/mfa/mfa-settings.modal';
import { zodValidate } from '@/forms/zod-validate';
import { ClientAppFrame } from '../client-app.frame';

/**
 * /client-mobile-app/account (issue "client and family app" item 6): the family member's own sign-in. Who is
 * signed in and the name to sign in with; a password to set (after a login link) or change; and the optional
 * authenticator (spec section 6: MFA is optional for clients and trusted contacts) through the shared MFA dialog.
 */
export function ClientAccountPage() {
  const { t } = useTranslation('clientAppAccount');
  return <ClientAppFrame title={t('title')}>{() => <Account />}</ClientAppFrame>;
}

function Account() {
  const { t } = useTranslation('clientAppAccount');
  const trpc = useTRPC();
  const account = useQuery(trpc.clientAppGetAccount.queryOptions());
  if (account.isError) return <Alert color="red">{account.error.message}</Alert>;
  if (!account.data) return <Skeleton height={240} radius="md" aria-label={t('loading')} />;
  const me = account.data;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h5" mb={4}>
          {t('signIn.title')}
        </Title>
        <Text size="sm">{me.name}</Text>
        <Text size="sm" c="dimmed">
          {t('signIn.how', { username: me.username, email: me.email })}
        </Text>
      </Paper>
      <PasswordSection account={me} />
      <AuthenticatorSection />
    </Stack>
  );
}

/** Sets a first password (no current one asked) or changes it (the current one asked), typed twice. */
function PasswordSection({ account }: { account: ClientAppAccount }) {
  const { t } = useTranslation('clientAppAccount');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<ClientAppPasswordForm>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: zodValidate(ZClientAppPasswordForm),
  });
  const save = useMutation(
    trpc.clientAppSetPassword.mutationOptions({
      onSuccess: () => {
        form.reset();
        void queryClient.invalidateQueries(trpc.clientAppGetAccount.queryFilter());
        notifications.show({ color: 'teal', message: account.hasPassword ? t('password.changed') : t('password.set') });
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (Object.keys(fields).length > 0) form.setErrors(fields);
        else notifications.show({ color: 'red', title: t('password.failed'), message: errorMessageOf(error) });
      },
    }),
  );
  const submit = form.onSubmit(({ currentPassword, newPassword }) =>
    save.mutate({ newPassword, currentPassword: account.hasPassword ? currentPassword : undefined }),
  );
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb={4}>
        {account.hasPassword ? t('password.changeTitle') : t('password.setTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {account.hasPassword ? t('password.changeHint') : t('password.setHint')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {account.hasPassword && (
            <PasswordInput
              label={t('password.current')}
              autoComplete="current-password"
              {...form.getInputProps('currentPassword')}
            />
          )}
          <PasswordInput
            label={t('password.new')}
            description={t('password.policy')}
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput label={t('password.confirm')} autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {account.hasPassword ? t('password.changeButton') : t('password.setButton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The optional authenticator: whether one is on, and the shared MFA dialog to set it up or remove it. */
function AuthenticatorSection() {
  const { t } = useTranslation('clientAppAccount');
  const status = useMfaStatus();
  const [opened, modal] = useDisclosure(false);
  const on = status.data?.enabled.includes('SOFTWARE_TOKEN_MFA') ?? false;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" gap="xs" mb={4}>
        <Title order={3} size="h5">
          {t('mfa.title')}
        </Title>
        {status.data && (
          <Badge color={on ? 'teal' : 'gray'} variant="light">
            {on ? t('mfa.on') : t('mfa.off')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('mfa.hint')}
      </Text>
      <Button variant="light" leftSection={<IconShieldLock size={16} />} onClick={modal.open}>
        {on ? t('mfa.manage') : t('mfa.setUp')}
      </Button>
      <MfaSettingsModal opened={opened} onClose={modal.close} />
    </Paper>
  );
}
