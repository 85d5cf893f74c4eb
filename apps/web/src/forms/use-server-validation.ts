import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FORM_VALIDATION_DEBOUNCE_MS } from '@hearth/shared/actions/actions.schema';
import { actionQueryOptions } from '@/api/actions-client';
import { createTrailingDebounce } from './trailing-debounce';

const NO_ERRORS: Record<string, string> = {};

/** `value` once it has stayed the same for `waitMs` (trailing, no leading call); null at once when value is null. */
function useSettled(value: string | null, waitMs: number): string | null {
  const [settled, setSettled] = useState<string | null>(null);
  // Forget the last settled value as soon as validation is switched off, so it cannot flash back later.
  if (value === null && settled !== null) setSettled(null);
  const [debounce] = useState(() => createTrailingDebounce<string>(waitMs, setSettled));
  useEffect(() => {
    if (value === null) debounce.cancel();
    else debounce.push(value);
  }, [debounce, value]);
  useEffect(() => () => debounce.cancel(), [debounce]);
  return value === null ? null : settled;
}

/**
 * Server-side validation as the user types (spec section 5): the current transformed form values go to `action`
 * in parse-only mode, 500 ms after the last change and never on the first one (spec section 9), through the
 * batching action client. Returns the server's field errors `{field: message}`, `{}` while valid, disabled or not
 * yet answered; the previous answer stays shown while the next one is on its way. A refused or failed check shows
 * nothing: the form's own rules and the real save still apply.
 * @param input the values exactly as they would be sent (JSON-serialisable).
 * @param options.enabled e.g. `form.isDirty()`, so an untouched form is not checked.
 */
export function useServerValidation(
  action: string,
  input: unknown,
  options: { enabled?: boolean; waitMs?: number } = {},
): Record<string, string> {
  const { enabled = true, waitMs = FORM_VALIDATION_DEBOUNCE_MS } = options;
  const current = enabled ? JSON.stringify(input ?? null) : null;
  const settled = useSettled(current, waitMs);
  const settledInput: unknown = useMemo(() => (settled === null ? null : JSON.parse(settled)), [settled]);
  const query = useQuery({
    ...actionQueryOptions<Record<string, string>>(action, settledInput, { parseOnly: true }),
    enabled: settled !== null,
    // The same input always gets the same answer; a refused check is not worth repeating.
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });
  return current !== null && settled !== null && query.data ? query.data : NO_ERRORS;
}
