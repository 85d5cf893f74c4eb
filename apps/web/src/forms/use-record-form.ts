import { useState } from 'react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { errorMessageOf, fieldErrorsOf } from '@/api/api-error';
import { i18n } from '@/i18n/i18n.setup';
import { inputPath } from './input-path';
import { useServerValidation } from './use-server-validation';
import { zodValidate } from './zod-validate';

/**
 * Marks a save refused for its fields; the banner then reads "Please correct the highlighted fields." in the shown
 * language (the fields themselves say what is wrong).
 */
const CORRECT_FIELDS = Symbol('correct the highlighted fields');

/** The `{action, input}` a save would send, for the server's parse-only check as the user types. */
export interface ServerCheck {
  action: string;
  input: unknown;
}

/** What useRecordForm returns: the Mantine form plus the glue to the shared schema and the server's answers. */
export interface RecordForm<Values> {
  form: UseFormReturnType<Values>;
  /** `form.getInputProps` with the server's parse-only error shown where the form itself has none. */
  inputProps: (field: string, options?: { type: 'checkbox' }) => ReturnType<UseFormReturnType<Values>['getInputProps']>;
  /** The error to show on a field: the form's own, else the server's. */
  errorOf: (field: string) => string | undefined;
  /**
   * A form-level message from a refused save (field errors go beside their fields), or null. "Please correct the
   * highlighted fields." goes away by itself once no field is highlighted any more.
   */
  saveError: string | null;
  /** Puts a refused save's field errors beside their fields, or its message above the form. */
  onSaveError: (error: unknown) => void;
  clearSaveError: () => void;
  /** For a submit the form's own checks refused: says so above the form, as a long form may hide the field. */
  onInvalid: () => void;
}

/**
 * A record form (create or edit modal) checked two ways, like the user form: by the shared zod `schema` applied to
 * the payload the form would send (`toPayload`), and, once edited, by the server in parse-only mode on `check`
 * (the procedure and its exact input), 500 ms after the last change (spec section 5). Payload fields whose name
 * differs from the form's (dollars in the form, cents on the wire) are mapped back by `fieldOf`.
 */
export function useRecordForm<Values extends object, Payload>(options: {
  initialValues: Values;
  toPayload: (values: Values) => Payload;
  schema: z.ZodType;
  /** The server check of a payload, or null when there is nothing worth asking the server about. */
  check: (payload: Payload) => ServerCheck | null;
  fieldOf?: (payloadPath: string) => string;
  /** Checks of the form's own values that come before the schema's (e.g. "Branch is required" for an empty pick). */
  rules?: (values: Values) => Record<string, string>;
  /** Whether to ask the server as the user types; default true. */
  serverCheck?: boolean;
}): RecordForm<Values> {
  const { initialValues, toPayload, schema, check, fieldOf = (path) => path, rules, serverCheck = true } = options;
  const [saveFailure, setSaveError] = useState<string | typeof CORRECT_FIELDS | null>(null);
  const mapErrors = (errors: Record<string, string>, values: Values) => {
    const mapped: Record<string, string> = {};
    for (const [path, message] of Object.entries(errors)) mapped[inputPath(fieldOf(path), values)] ??= message;
    return mapped;
  };
  const validatePayload = zodValidate<Payload>(schema);
  const form = useForm<Values>({
    initialValues,
    validate: (values) => ({ ...mapErrors(validatePayload(toPayload(values)), values), ...rules?.(values) }) as never,
  });
  const pending = check(toPayload(form.values));
  const serverErrors = mapErrors(
    useServerValidation(pending?.action ?? '', pending?.input, {
      enabled: serverCheck && pending !== null && form.isDirty(),
    }),
    form.values,
  );
  // Where the form's own rule explains a field the server refuses (an empty pick), its words are clearer.
  const ruleErrors = rules?.(form.values) ?? {};
  for (const field of Object.keys(serverErrors)) {
    const rule = ruleErrors[field];
    if (rule) serverErrors[field] = rule;
  }
  const errorOf = (field: string): string | undefined => {
    const own = form.errors[field];
    if (own !== undefined && own !== null && own !== false) return String(own);
    return serverErrors[field];
  };
  const highlighted = Object.values(form.errors).some((error) => error !== undefined && error !== null && error !== false);
  const saveError = saveFailure === CORRECT_FIELDS ? (highlighted ? i18n.t('common:errors.correctFields') : null) : saveFailure;
  return {
    form,
    inputProps: (field, inputOptions) => {
      const props = form.getInputProps(field as never, inputOptions);
      return { ...props, error: props.error ?? serverErrors[field] };
    },
    errorOf,
    saveError,
    onSaveError: (error) => {
      const fieldErrors = mapErrors(fieldErrorsOf(error), form.getValues());
      form.setErrors(fieldErrors);
      setSaveError(Object.keys(fieldErrors).length > 0 ? CORRECT_FIELDS : errorMessageOf(error));
    },
    clearSaveError: () => setSaveError(null),
    onInvalid: () => setSaveError(CORRECT_FIELDS),
  };
}
