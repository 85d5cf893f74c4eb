import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SignaturePad } from '@/components/signature/signature-pad';

/**
 * "Complete and sign" (issue 23 item 2: a completed form is signed and read-only): the signer draws (or types) their
 * signature and confirms; the form is then completed with it (careForms.complete). The dialog closes when the server
 * has answered; what it refused shows on the page under the questions.
 */
export function CareFormSignModal(props: {
  opened: boolean;
  onClose: () => void;
  onSign: (signature: string) => void;
  signing: boolean;
  error: string | null;
}) {
  const { t } = useTranslation('careForms');
  const [signature, setSignature] = useState<string | null>(null);
  const close = () => {
    setSignature(null);
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={close} title={t('sign.title')} size="lg">
      <Stack gap="sm">
        <Text size="sm">{t('sign.intro')}</Text>
        <SignaturePad label={t('sign.signature')} required value={signature} onChange={setSignature} size="xs" />
        {props.error && (
          <Alert color="red" role="alert" variant="light">
            {props.error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('sign.cancel')}
          </Button>
          <Button disabled={signature === null} loading={props.signing} onClick={() => signature && props.onSign(signature)}>
            {t('sign.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
