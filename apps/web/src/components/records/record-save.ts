import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useRecordForm, type RecordForm } from '@/forms/use-record-form';
import type { CATALOGUES } from '@hearth/shared/i18n/languages';
import type { RecordApi } from './record-api';

/** A kind of record whose save is announced: its part of the records catalogue has `added` and `saved`. */
export type SavedRecordKind = {
  [K in keyof Records]: Records[K] extends { added: string; saved: string } ? K : never;
}[keyof Records];
type Records = (typeof CATALOGUES)['en']['records'];

/** The options of useRecordForm, without `check`: the record's api names the procedure. */
type FormOptions<Values extends object, Payload> = Omit<Parameters<typeof useRecordForm<Values, Payload>>[0], 'check'>;

/** What a record's form in a section's modal is given: the record (null for a new one), its api and how to close. */
export interface RecordFormProps<Row extends { id: number }, Payload> {
  row: Row | null;
  api: Pick<RecordApi<Payload>, 'save' | 'check'>;
  onDone: () => void;
}

/**
 * The form of one record in a profile section's modal (an address, a contact, a credential...): useRecordForm
 * checked against `api.check`, and a submit that saves through `api.save`, says "{noun} added" or "{noun} saved"
 * (the `kind`'s `added` and `saved` texts of the records catalogue, in the shown language) and calls `onDone`; a refused save puts its errors on the form. Returns the form and the props of its
 * RecordFormFrame.
 */
export function useRecordSave<Row extends { id: number }, Values extends object, Payload>(
  props: RecordFormProps<Row, Payload>,
  kind: SavedRecordKind,
  options: FormOptions<Values, Payload>,
): {
  record: RecordForm<Values>;
  frame: { record: RecordForm<Values>; onSubmit: (values: Values) => void; onCancel: () => void; pending: boolean };
} {
  const { api, onDone } = props;
  const { t } = useTranslation('records');
  const id = props.row?.id ?? null;
  const record = useRecordForm<Values, Payload>({ ...options, check: (payload) => api.check(payload, id) });
  const [pending, setPending] = useState(false);
  const submit = async (values: Values) => {
    setPending(true);
    try {
      await api.save(options.toPayload(values), id);
      notifications.show({ color: 'teal', message: id === null ? t(`${kind}.added`) : t(`${kind}.saved`) });
      onDone();
    } catch (error) {
      record.onSaveError(error);
    } finally {
      setPending(false);
    }
  };
  return { record, frame: { record, onSubmit: (values) => void submit(values), onCancel: onDone, pending } };
}
