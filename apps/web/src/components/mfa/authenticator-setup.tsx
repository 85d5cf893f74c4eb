import { useEffect, useState } from 'react';
import { Alert, Button, Code, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { MFA_COMPLETE_CLOSE_MS } from '@hearth/shared/mfa/mfa.constants';
import { errorMessageOf } from '@/api/api-error';
import { secretOf, startAuthenticatorSetup, verifyAuthenticator } from './mfa-api';
import { VerificationCodeInput } from './verification-code.input';

type Step = 'setup' | 'verify' | 'complete';

/** Offers the backup codes as a text file (shown once, spec section 4 flow; issue 20). */
function downloadBackupCodes(codes: string[]): void {
  const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'hearth-backup-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The authenticator app setup (spec section 4): setup (the password again, then the QR code of the otpauth:// URI
 * drawn in the browser, its secret to type, the backup codes shown once and downloadable), verify (the first code;
 * Verify enabled only at exactly 6 characters, spec section 5), complete (success shown, `onDone` after 2 s, which
 * refreshes what depends on the new factor).
 */
export function AuthenticatorSetup({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('mfa');
  const [step, setStep] = useState<Step>('setup');
  const [password, setPassword] = useState('');
  const [setup, setSetup] = useState<{ totpURI: string; backupCodes: string[] } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (step !== 'complete') return;
    const timer = window.setTimeout(onDone, MFA_COMPLETE_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [step, onDone]);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      setSetup(await startAuthenticatorSetup(password));
      setStep('verify');
    } catch (e) {
      notifications.show({ color: 'red', title: t('toast.setupError'), message: errorMessageOf(e) });
    } finally {
      setBusy(false);
    }
  };
  const verify = async () => {
    if (!code) return setError(t('verify.empty'));
    setBusy(true);
    setError(null);
    try {
      await verifyAuthenticator(code);
      setStep('complete');
    } catch (e) {
      if ((e as { status?: number }).status === 401) setError(t('verify.invalid'));
      else notifications.show({ color: 'red', title: t('toast.authenticatorFailed'), message: errorMessageOf(e) });
    } finally {
      setBusy(false);
    }
  };

  if (step === 'complete') {
    return (
      <Alert color="teal" icon={<IconCircleCheck size={18} />} title={t('complete.title')}>
        {t('complete.body')}
      </Alert>
    );
  }
  if (step === 'setup' || !setup) {
    return (
      <Stack gap="sm">
        <Text size="sm">{t('setup.intro')}</Text>
        <PasswordInput label={t('setup.password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
        <Button onClick={() => void start()} loading={busy}>
          {t('setup.start')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">{t('verify.scan')}</Text>
      <Group align="flex-start" wrap="nowrap">
        <QRCodeSVG value={setup.totpURI} size={160} title={t('verify.qrTitle')} />
        <Stack gap={4}>
          <Text size="xs">{t('verify.typeSecret')}</Text>
          <Code>{secretOf(setup.totpURI)}</Code>
          <Text size="xs" mt="xs">
            {t('verify.backupCodes')}
          </Text>
          <Code block>{setup.backupCodes.join('\n')}</Code>
          <Button size="compact-xs" variant="light" onClick={() => downloadBackupCodes(setup.backupCodes)}>
            {t('verify.download')}
          </Button>
        </Stack>
      </Group>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void verify();
        }}
      >
        <VerificationCodeInput label={t('verify.code')} value={code} onChange={setCode} error={error} />
        <Button type="submit" mt="sm" fullWidth loading={busy} disabled={code.length !== 6}>
          {t('verify.submit')}
        </Button>
      </form>
    </Stack>
  );
}
