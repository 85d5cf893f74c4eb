import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CARE_FORM_AMEND_REASON_MAX } from '@hearth/shared/care-forms/care-forms.constants';
import { errorMessageOf, fieldErrorsOf } from '@/api/api-error';
import { useAmendCareForm } from './care-forms.queries';

/**
 * "Amend" a signed form (issue 23 item 2: an amendment keeps the earlier version): the reason is asked for, then the
 * form reopens as its next version in progress (careForms.amend); the signed version stays readable under
 * "Versions".
 */
export function CareFormAmendModal(props: { formId: number; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('careForms');
  const [reason, setReason] = useState('');
  const amend = useAmendCareForm();
  const close = () => {
    setReason('');
    amend.reset();
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={close} title={t('amend.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('amend.intro')}</Text>
        <Textarea
          label={t('amend.reason')}
          required
          autosize
          minRows={3}
          maxLength={CARE_FORM_AMEND_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={fieldErrorsOf(amend.error).reason}
        />
        {amend.isError && !fieldErrorsOf(amend.error).reason && (
          <Alert color="red" role="alert" variant="light">
            {errorMessageOf(amend.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('amend.cancel')}
          </Button>
          <Button
            disabled={reason.trim() === ''}
            loading={amend.isPending}
            onClick={() => amend.mutate({ id: props.formId, reason: reason.trim() }, { onSuccess: close })}
          >
            {t('amend.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
