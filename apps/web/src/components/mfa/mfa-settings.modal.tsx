import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MfaPreference } from '@hearth/shared/mfa/mfa.schema';
import { useTRPC } from '@/api/trpc';
import { AuthenticatorSetup } from './authenticator-setup';
import { SmsSetup } from './sms-setup';
import { useMfaStatus } from './mfa-api';

/**
 * The footer's authenticator dialog (spec "Navigation chrome", sections 4 and 8): the enabled methods, the
 * preference (SMS preferred, authenticator preferred or both disabled) with the spec's toasts, setting up the
 * authenticator app or a phone, and removing the authenticator.
 */
export function MfaSettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('mfa');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useMfaStatus(opened);
  const [setup, setSetup] = useState<'totp' | 'sms' | null>(null);
  const refresh = () => void queryClient.invalidateQueries(trpc.getMfaStatus.queryFilter());
  const preference = useMutation(
    trpc.setMfaPreference.mutationOptions({
      onSuccess: () => {
        refresh();
        notifications.show({ color: 'teal', message: t('toast.preferenceSaved') });
      },
      onError: (e, input) =>
        notifications.show({
          color: 'red',
          title: input.preference === 'SMS_MFA' ? t('toast.cannotSwitchToSms') : t('toast.disableFailed'),
          message: input.preference === 'SMS_MFA' ? t('toast.cannotSwitchToSmsAdvice') : e.message,
        }),
    }),
  );
  const remove = useMutation(
    trpc.removeAuthenticator.mutationOptions({
      onSuccess: refresh,
      onError: (e) => notifications.show({ color: 'red', title: t('toast.disableFailed'), message: e.message }),
    }),
  );
  const close = () => {
    setSetup(null);
    onClose();
  };
  const data = status.data;
  const hasTotp = !!data?.enabled.includes('SOFTWARE_TOKEN_MFA');
  return (
    <Modal opened={opened} onClose={close} title={t('settings.title')} size="lg">
      {status.isError && (
        <Alert color="red" title={t('toast.statusFailed')}>
          {status.error.message}
        </Alert>
      )}
      {data && !setup && (
        <Stack gap="md">
          <Group gap="xs">
            <Text size="sm">{t('settings.enabled')}</Text>
            {data.enabled.length === 0 && <Badge color="gray">{t('settings.none')}</Badge>}
            {data.enabled.map((m) => (
              <Badge key={m}>{t(`method.${m === 'SMS_MFA' ? 'sms' : 'authenticator'}`)}</Badge>
            ))}
          </Group>
          <Radio.Group
            label={t('settings.preference')}
            value={data.enabled.length ? (data.preferred ?? 'DISABLED') : 'DISABLED'}
            onChange={(value) => preference.mutate({ preference: value as MfaPreference })}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="SMS_MFA" label={t('preference.sms')} />
              <Radio value="SOFTWARE_TOKEN_MFA" label={t('preference.authenticator')} disabled={!hasTotp} />
              <Radio value="DISABLED" label={t('preference.disabled')} disabled={data.required} />
            </Stack>
          </Radio.Group>
          <Group>
            {!hasTotp && <Button onClick={() => setSetup('totp')}>{t('settings.setUpAuthenticator')}</Button>}
            {hasTotp && (
              <Button color="red" variant="light" loading={remove.isPending} onClick={() => remove.mutate()}>
                {t('settings.removeAuthenticator')}
              </Button>
            )}
            <Button variant="light" onClick={() => setSetup('sms')}>
              {data.phoneVerified ? t('settings.changePhone') : t('settings.verifyPhone')}
            </Button>
          </Group>
        </Stack>
      )}
      {setup === 'totp' && (
        <AuthenticatorSetup
          onDone={() => {
            refresh();
            setSetup(null);
          }}
        />
      )}
      {setup === 'sms' && (
        <SmsSetup
          initialPhone={data?.phoneNumber ?? null}
          onDone={() => {
            refresh();
            setSetup(null);
          }}
        />
      )}
    </Modal>
  );
}
