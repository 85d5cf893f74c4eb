import { Checkbox } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RecordForm } from '@/forms/use-record-form';
import { PartySelect, type PartyOption } from './party-select';

/** The form values of a visit's caregiver: the picked caregiver's id, or none with `open` ticked. */
export interface CaregiverValues {
  caregiverId: string | null;
  open: boolean;
}

/** The caregiver part of a shift or pattern payload: the picked id, or null for an open shift (or none picked yet). */
export function caregiverPayload(v: CaregiverValues): number | null {
  return v.open || v.caregiverId === null ? null : Number(v.caregiverId);
}

/**
 * The caregiver of a shift or a pattern picked by name, or an "open" checkbox that leaves it to pickup and greys
 * the pick out. `current` is the caregiver already on the record (its label shows before anything is searched);
 * `openLabel` and `openPlaceholder` name the open case (one shift or a pattern's shifts).
 */
export function CaregiverOrOpenField<V extends CaregiverValues>(props: {
  record: RecordForm<V>;
  current: PartyOption | null;
  openLabel: string;
  openPlaceholder: string;
}) {
  const { record, current, openLabel, openPlaceholder } = props;
  const v = record.form.values;
  const { t } = useTranslation('schedule');
  return (
    <div>
      <PartySelect
        view="caregivers"
        label={t('form.caregiver')}
        value={v.open ? null : v.caregiverId}
        current={current}
        disabled={v.open}
        placeholder={v.open ? openPlaceholder : undefined}
        error={record.errorOf('caregiverId')}
        // Mantine cannot resolve a field's type through the generic V; CaregiverValues says it is string | null.
        onChange={(option) => record.form.setFieldValue('caregiverId', (option?.value ?? null) as never)}
      />
      <Checkbox mt={6} size="xs" label={openLabel} {...record.inputProps('open', { type: 'checkbox' })} />
    </div>
  );
}
