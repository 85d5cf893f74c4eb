import { useState } from 'react';
import { Badge, Button, Group, Modal, PasswordInput, SimpleGrid, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZSetCaregiverPasswordInput, type CaregiverOutput } from '@hearth/shared/caregivers/caregivers.schema';
import { useTRPC } from '@/api/trpc';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { Detail, SectionCard } from '@/components/records/section-card';
import { SendLoginLinkButton } from '@/components/records/send-login-link';
import { useRecordForm } from '@/forms/use-record-form';

interface PasswordFormValues {
  password: string;
  confirm: string;
}

function SetPasswordForm({ caregiver, onDone }: { caregiver: CaregiverOutput; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t } = useTranslation('records');
  const toInput = (v: PasswordFormValues) => ({ caregiverId: caregiver.id, password: v.password });
  const record = useRecordForm<PasswordFormValues, ReturnType<typeof toInput>>({
    initialValues: { password: '', confirm: '' },
    toPayload: toInput,
    schema: ZSetCaregiverPasswordInput,
    rules: (v): Record<string, string> => (v.confirm !== v.password ? { confirm: t('signIn.mismatch') } : {}),
    // The server states the password policy itself, rule by rule, as the caregiver's password is typed.
    check: (input) => ({ action: 'setCaregiverPassword', input }),
  });
  const set = useMutation(
    trpc.setCaregiverPassword.mutationOptions({
      onSuccess: (saved) => {
        void queryClient.invalidateQueries({ queryKey: trpc.getCaregiver.queryKey({ id: caregiver.id }) });
        notifications.show({ color: 'teal', message: t('signIn.passwordSet', { username: saved.username }) });
        onDone();
      },
      onError: record.onSaveError,
    }),
  );
  return (
    <RecordFormFrame
      record={record}
      pending={set.isPending}
      onCancel={onDone}
      submitLabel={t('signIn.setPassword')}
      onSubmit={(values) => set.mutate(toInput(values))}
    >
      <Text size="sm" c="dimmed">
        {t('signIn.policy')}
      </Text>
      <PasswordInput
        label={t('signIn.newPassword')}
        required
        autoComplete="new-password"
        data-autofocus
        {...record.inputProps('password')}
      />
      <PasswordInput label={t('signIn.repeat')} required autoComplete="new-password" {...record.inputProps('confirm')} />
    </RecordFormFrame>
  );
}

/** The caregiver's sign-in to the caregiver app: account state, "Set password" and "Send login link". */
export function CaregiverSignInSection(props: { caregiver: CaregiverOutput; canSetPassword: boolean; canSendLink: boolean }) {
  const { caregiver, canSetPassword, canSendLink } = props;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [settingPassword, setSettingPassword] = useState(false);
  const { t } = useTranslation('records');
  const login = caregiver.login;
  return (
    <SectionCard
      title={t('signIn.title')}
      actions={
        <>
          {canSendLink && (
            <SendLoginLinkButton
              procedure={trpc.sendCaregiverLoginLink}
              input={{ caregiverId: caregiver.id }}
              // The first link sent creates the sign-in, which the section shows.
              onSent={() => void queryClient.invalidateQueries({ queryKey: trpc.getCaregiver.queryKey({ id: caregiver.id }) })}
              size="compact-sm"
              variant="light"
              iconSize={14}
            />
          )}
          {canSetPassword && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconKey size={14} />}
              onClick={() => setSettingPassword(true)}
            >
              {t('signIn.setPassword')}
            </Button>
          )}
        </>
      }
    >
      {login ? (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Detail label={t('signIn.username')}>{login.username}</Detail>
          <Detail label={t('signIn.password')}>{login.hasPassword ? t('signIn.isSet') : t('signIn.notSet')}</Detail>
          <Detail label={t('signIn.account')}>
            <Group gap={4}>
              <Badge size="sm" variant="light" color={login.isActive ? 'teal' : 'gray'}>
                {login.isActive ? t('signIn.active') : t('signIn.disabled')}
              </Badge>
            </Group>
          </Detail>
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          {t('signIn.none')}
        </Text>
      )}
      <Modal opened={settingPassword} onClose={() => setSettingPassword(false)} title={t('signIn.setPassword')}>
        {settingPassword && <SetPasswordForm caregiver={caregiver} onDone={() => setSettingPassword(false)} />}
      </Modal>
    </SectionCard>
  );
}
