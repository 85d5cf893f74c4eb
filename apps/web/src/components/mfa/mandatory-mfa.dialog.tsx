import { useState } from 'react';
import { Button, Modal, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDeviceMobileMessage, IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AuthenticatorSetup } from './authenticator-setup';
import { SmsSetup } from './sms-setup';

/**
 * The mandatory MFA dialog (spec sections 4 and 6): for a user who must have a second factor and has none. Step 1
 * of 2 (50 percent) chooses the method, step 2 (100 percent) sets it up. It cannot be closed or escaped; the
 * server refuses everything else meanwhile (403), so nothing lies behind it.
 */
export function MandatoryMfaDialog({ phoneNumber }: { phoneNumber: string | null }) {
  const { t } = useTranslation('mfa');
  const queryClient = useQueryClient();
  // Enrolled: every cached refusal is stale; the refreshed status closes this dialog.
  const done = () => void queryClient.invalidateQueries();
  const [method, setMethod] = useState<'totp' | 'sms' | null>(null);
  const step = method ? 2 : 1;
  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title={t('mandatory.title')}
      centered
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('mandatory.step', { step, total: 2 })}
        </Text>
        <Progress value={step === 1 ? 50 : 100} aria-label={t('mandatory.progress')} />
        {!method && (
          <>
            <Text size="sm">{t('mandatory.intro')}</Text>
            <SimpleGrid cols={2}>
              <Button variant="light" leftSection={<IconShieldLock size={18} />} onClick={() => setMethod('totp')}>
                {t('method.authenticator')}
              </Button>
              <Button variant="light" leftSection={<IconDeviceMobileMessage size={18} />} onClick={() => setMethod('sms')}>
                {t('method.sms')}
              </Button>
            </SimpleGrid>
          </>
        )}
        {method === 'totp' && <AuthenticatorSetup onDone={done} />}
        {method === 'sms' && <SmsSetup initialPhone={phoneNumber} onDone={done} />}
        {method && (
          <Button variant="subtle" size="compact-sm" onClick={() => setMethod(null)}>
            {t('mandatory.back')}
          </Button>
        )}
      </Stack>
    </Modal>
  );
}
