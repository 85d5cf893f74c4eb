import type { ServerCheck } from '@/forms/use-record-form';

/**
 * How a generic profile section reaches its procedures: the feature binds them to its owner (a client or a
 * caregiver) and its procedure names, so the section itself names none. `id` is null for a new record.
 */
export interface RecordApi<Payload> {
  /** Creates (id null) or updates a record with the form's payload. */
  save: (payload: Payload, id: number | null) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  /** The procedure and exact input `save` would send, for the server's parse-only check as the user types. */
  check: (payload: Payload, id: number | null) => ServerCheck;
  /** Whether the caller may change these records (their role's actions); read-only otherwise. */
  canEdit: boolean;
}

/** A text input's value as the API takes it: trimmed, null when blank. */
export const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** A NumberInput's value (a number, or '' while cleared) as the API takes it. */
export const numberOrNull = (value: number | string): number | null =>
  value === '' || value === null || value === undefined || Number.isNaN(Number(value)) ? null : Number(value);
