import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SignaturePad } from '@/components/signature/signature-pad';

/**
 * The signing of a form on the phone: the caregiver draws (or types) their signature and confirms. Online or not,
 * the signing is queued with the answers and sent by the sync (careForms.complete); a refusal brings the form back
 * with its problems.
 */
export function SignFormModal(props: { opened: boolean; onClose: () => void; onSign: (signature: string) => Promise<void> }) {
  const { opened, onClose, onSign } = props;
  const { t } = useTranslation('careFormsPhone');
  const [signature, setSignature] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!signature) return;
    setBusy(true);
    try {
      await onSign(signature);
      setSignature(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('fill.signTitle')} fullScreen>
      <Stack gap="md">
        <Text size="sm">{t('fill.signHint')}</Text>
        <SignaturePad label={t('fill.signature')} value={signature} onChange={setSignature} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('fill.cancel')}
          </Button>
          <Button onClick={() => void confirm()} disabled={!signature} loading={busy}>
            {t('fill.signConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
