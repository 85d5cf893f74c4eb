import { useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessageOf, fieldErrorsOf } from '@/api/api-error';
import { careSheetFieldsOf, serverErrorsOnForm, type CareSheetFormValues } from './care-sheet-form';
import { submitVisit } from './offline/offline-visits';

/**
 * Saving the check-out care sheet of shift `shiftId` through submitVisit: sent now -> a notice and the sheet's
 * review page; no network -> kept on the phone, a notice and back to the schedule; refused -> the server's field
 * errors on `form` and its message in `saveError`. `onSubmit` is the form element's submit handler; `showInvalid`
 * is true after a submit the form's own checks refused, until every field is fixed. `saving` while it runs.
 */
export function useCareSheetSave(shiftId: number, form: UseFormReturnType<CareSheetFormValues>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [triedInvalid, setTriedInvalid] = useState(false);

  const submit = async (formValues: CareSheetFormValues) => {
    setSaving(true);
    setSaveError(null);
    try {
      // Only the care sheet: the check-in and check-out were sent already or are in the visit stored on the phone.
      const result = await submitVisit({ shift_id: shiftId, submitted: true, checkInOut: {}, ...careSheetFieldsOf(formValues) });
      if (result.status === 'sent') {
        notifications.show({ color: 'teal', message: t('checkout.saved') });
        void navigate(`/app/care-sheets/${result.care_sheet_id}/review`);
      } else {
        notifications.show({
          color: 'orange',
          icon: <IconCloudOff size={18} />,
          message: t('checkout.savedOnPhone'),
        });
        void navigate('/app');
      }
    } catch (error) {
      form.setErrors(serverErrorsOnForm(fieldErrorsOf(error), formValues.clientMode));
      setSaveError(errorMessageOf(error));
    } finally {
      setSaving(false);
    }
  };

  const invalid = () => {
    setSaveError(null);
    setTriedInvalid(true);
  };
  // Said above the button too, as the field in question may be far up a long form; gone once all are fixed.
  const showInvalid = triedInvalid && Object.keys(form.errors).length > 0;
  return { saving, saveError, showInvalid, onSubmit: form.onSubmit((v) => void submit(v), invalid) };
}
