/** A trailing debouncer: see createTrailingDebounce. */
export interface TrailingDebounce<T> {
  /** Offers a value: restarts the wait; the value settles if nothing else is pushed within it. */
  push(value: T): void;
  /** Drops the pending value, if any. */
  cancel(): void;
}

/**
 * Calls `onSettle` with the last pushed value once `waitMs` pass without another push: trailing only, never at
 * the first push (spec sections 5 and 9: form validation is debounced 500 ms without a leading call).
 */
export function createTrailingDebounce<T>(waitMs: number, onSettle: (value: T) => void): TrailingDebounce<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    push(value) {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        onSettle(value);
      }, waitMs);
    },
    cancel,
  };
}
