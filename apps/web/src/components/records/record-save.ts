import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useRecordForm, type RecordForm } from '@/forms/use-record-form';
import type { RecordApi } from './record-api';

/** The options of useRecordForm, without `check`: the record's api names the procedure. */
type FormOptions<Values extends object, Payload> = Omit<Parameters<typeof useRecordForm<Values, Payload>>[0], 'check'>;

/**
 * The form of one record in a profile section's modal (an address, a contact, a credential...): useRecordForm
 * checked against `api.check`, and a submit that saves through `api.save` (`id` null for a new record), says
 * "{noun} added" or "{noun} saved" and calls `onDone`; a refused save puts its errors on the form. Returns the form
 * and the props of its RecordFormFrame.
 */
export function useRecordSave<Values extends object, Payload>(
  options: FormOptions<Values, Payload> & {
    api: Pick<RecordApi<Payload>, 'save' | 'check'>;
    id: number | null;
    noun: string;
    onDone: () => void;
  },
): {
  record: RecordForm<Values>;
  frame: { record: RecordForm<Values>; onSubmit: (values: Values) => void; onCancel: () => void; pending: boolean };
} {
  const { api, id, noun, onDone, ...formOptions } = options;
  const record = useRecordForm<Values, Payload>({ ...formOptions, check: (payload) => api.check(payload, id) });
  const [pending, setPending] = useState(false);
  const submit = async (values: Values) => {
    setPending(true);
    try {
      await api.save(formOptions.toPayload(values), id);
      notifications.show({ color: 'teal', message: `${noun} ${id === null ? 'added' : 'saved'}` });
      onDone();
    } catch (error) {
      record.onSaveError(error);
    } finally {
      setPending(false);
    }
  };
  return { record, frame: { record, onSubmit: (values) => void submit(values), onCancel: onDone, pending } };
}
