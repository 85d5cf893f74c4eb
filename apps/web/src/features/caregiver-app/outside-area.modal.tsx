import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CaregiverShiftOutput } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { milesFromMetres } from './visit-format';

/**
 * The reason the caregiver checks in or out beyond the client's geofence (issue item 4): a modal that never blocks
 * (any reason goes through, flagged for the office). Its own module, loaded when first needed, so the schedule's
 * first download and render carry no modal or text area (issue "caregiver app", Performance).
 * @param distanceMetres how far the phone is from the client's address, in metres
 * @param onSubmit called with the trimmed reason; the caller closes the modal
 */
export function OutsideAreaModal(props: {
  shift: CaregiverShiftOutput;
  distanceMetres: number;
  actionLabel: string;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const { shift, distanceMetres, actionLabel, onClose, onSubmit } = props;
  const [reason, setReason] = useState('');
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('outsideArea.title')} centered>
      <Stack gap="sm">
        <Text size="sm">
          {t('outsideArea.body', {
            miles: milesFromMetres(distanceMetres),
            metres: Math.round(distanceMetres),
            client: shift.clientName,
            radius: shift.geofenceRadiusMetres,
          })}
        </Text>
        <Textarea
          label={t('outsideArea.reason')}
          placeholder={t('outsideArea.reasonPlaceholder')}
          autosize
          minRows={2}
          maxLength={500}
          data-autofocus
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('outsideArea.cancel')}
          </Button>
          <Button disabled={!reason.trim()} onClick={() => onSubmit(reason.trim())}>
            {actionLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
