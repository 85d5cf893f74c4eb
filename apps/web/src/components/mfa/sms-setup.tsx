import { useState } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '@/api/trpc';
import { VerificationCodeInput } from './verification-code.input';

/**
 * Verifies a phone for texted codes (issue 20): the number, then the 6-digit code texted to it; a match turns SMS
 * codes on and `onDone` runs.
 */
export function SmsSetup({ initialPhone, onDone }: { initialPhone: string | null; onDone: () => void }) {
  const { t } = useTranslation('mfa');
  const trpc = useTRPC();
  const [phone, setPhone] = useState(initialPhone ?? '');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation(
    trpc.sendPhoneVerificationCode.mutationOptions({
      onError: (e) => notifications.show({ color: 'red', title: t('toast.setupError'), message: e.message }),
    }),
  );
  const verify = useMutation(
    trpc.verifyPhone.mutationOptions({
      onSuccess: ({ verified }) => {
        if (!verified) return setError(t('verify.invalid'));
        notifications.show({ color: 'teal', message: t('sms.verified') });
        onDone();
      },
      onError: (e) => setError(e.message),
    }),
  );
  return (
    <Stack gap="sm">
      <Text size="sm">{t('sms.intro')}</Text>
      <TextInput label={t('sms.phone')} value={phone} onChange={(e) => setPhone(e.currentTarget.value)} type="tel" />
      <Button variant="light" loading={send.isPending} onClick={() => send.mutate({ phoneNumber: phone })}>
        {send.isSuccess ? t('sms.resend') : t('sms.send')}
      </Button>
      {send.isSuccess && (
        <>
          <VerificationCodeInput label={t('verify.code')} value={code} onChange={setCode} error={error} />
          <Button disabled={code.length !== 6} loading={verify.isPending} onClick={() => verify.mutate({ code })}>
            {t('verify.submit')}
          </Button>
        </>
      )}
    </Stack>
  );
}
