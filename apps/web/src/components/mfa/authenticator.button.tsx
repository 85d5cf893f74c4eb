import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MfaSettingsModal } from './mfa-settings.modal';

/** The footer's authenticator button (spec "Navigation chrome"): opens the two-step verification settings. */
export function AuthenticatorButton() {
  const { t } = useTranslation('mfa');
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button size="compact-xs" variant="subtle" leftSection={<IconShieldLock size={14} />} onClick={modal.open}>
        {t('footer.button')}
      </Button>
      <MfaSettingsModal opened={opened} onClose={modal.close} />
    </>
  );
}
