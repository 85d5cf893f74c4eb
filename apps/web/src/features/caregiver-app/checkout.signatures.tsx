import { SegmentedControl, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { CaregiverSignMode, CareSheetFormValues, ClientSignMode } from './care-sheet-form';
import { Section } from './checkout.section';
import { SignaturePad } from '@/components/signature/signature-pad';

const CLIENT_MODES: ClientSignMode[] = ['signature', 'initials', 'unable'];
const CAREGIVER_MODES: CaregiverSignMode[] = ['signature', 'initials'];

/**
 * The care sheet's "Client" block: how the client confirms (signature, initials, unable to sign), then the pad for
 * the drawing or the reason they could not sign. Changing the way drops the drawing and that block's errors.
 */
export function ClientSignSection({ form }: { form: UseFormReturnType<CareSheetFormValues> }) {
  const { t } = useTranslation();
  const values = form.getValues();
  const setClientMode = (mode: string) => {
    form.setFieldValue('clientMode', mode as ClientSignMode);
    form.setFieldValue('clientDrawing', null);
    form.clearFieldError('client');
    form.clearFieldError('reason');
  };
  return (
    <Section title={t('signatures.client')}>
      <SegmentedControl
        fullWidth
        data={CLIENT_MODES.map((mode) => ({ value: mode, label: t(`signatures.${mode}`) }))}
        value={values.clientMode}
        onChange={setClientMode}
        aria-label={t('signatures.clientMode')}
      />
      {values.clientMode === 'unable' ? (
        <Textarea
          label={t('signatures.unableReason')}
          autosize
          minRows={2}
          size="sm"
          value={values.client_unable_to_sign_reason}
          onChange={(e) => {
            form.setFieldValue('client_unable_to_sign_reason', e.currentTarget.value);
            form.clearFieldError('reason');
          }}
          error={form.errors.reason}
        />
      ) : (
        <SignaturePad
          key={values.clientMode}
          label={values.clientMode === 'initials' ? t('signatures.clientInitials') : t('signatures.clientSignature')}
          height={values.clientMode === 'initials' ? 110 : 160}
          value={values.clientDrawing}
          onChange={(png) => {
            form.setFieldValue('clientDrawing', png);
            form.clearFieldError('client');
          }}
          error={typeof form.errors.client === 'string' ? form.errors.client : undefined}
        />
      )}
    </Section>
  );
}

/**
 * The care sheet's "Caregiver" block: signature or initials, and the pad to draw it on. Changing the way drops the
 * drawing and its error.
 */
export function CaregiverSignSection({ form }: { form: UseFormReturnType<CareSheetFormValues> }) {
  const { t } = useTranslation();
  const values = form.getValues();
  const setCaregiverMode = (mode: string) => {
    form.setFieldValue('caregiverMode', mode as CaregiverSignMode);
    form.setFieldValue('caregiverDrawing', null);
    form.clearFieldError('caregiver');
  };
  return (
    <Section title={t('signatures.caregiver')}>
      <SegmentedControl
        fullWidth
        data={CAREGIVER_MODES.map((mode) => ({ value: mode, label: t(`signatures.${mode}`) }))}
        value={values.caregiverMode}
        onChange={setCaregiverMode}
        aria-label={t('signatures.caregiverMode')}
      />
      <SignaturePad
        key={values.caregiverMode}
        label={values.caregiverMode === 'initials' ? t('signatures.yourInitials') : t('signatures.yourSignature')}
        height={values.caregiverMode === 'initials' ? 110 : 160}
        value={values.caregiverDrawing}
        onChange={(png) => {
          form.setFieldValue('caregiverDrawing', png);
          form.clearFieldError('caregiver');
        }}
        error={typeof form.errors.caregiver === 'string' ? form.errors.caregiver : undefined}
      />
    </Section>
  );
}
