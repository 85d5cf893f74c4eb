import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTrailingDebounce } from './trailing-debounce';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createTrailingDebounce', () => {
  it('settles the last value 500 ms after the last push, with no leading call', () => {
    const settled = vi.fn();
    const debounce = createTrailingDebounce<string>(500, settled);
    debounce.push('a');
    expect(settled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    debounce.push('ab');
    vi.advanceTimersByTime(499);
    expect(settled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(settled).toHaveBeenCalledOnce();
    expect(settled).toHaveBeenCalledWith('ab');
  });

  it('settles again after a later push, and not at all once cancelled', () => {
    const settled = vi.fn();
    const debounce = createTrailingDebounce<number>(500, settled);
    debounce.push(1);
    vi.advanceTimersByTime(500);
    debounce.push(2);
    vi.advanceTimersByTime(500);
    expect(settled.mock.calls).toEqual([[1], [2]]);
    debounce.push(3);
    vi.advanceTimersByTime(200);
    debounce.cancel();
    vi.advanceTimersByTime(1000);
    expect(settled).toHaveBeenCalledTimes(2);
  });
});
