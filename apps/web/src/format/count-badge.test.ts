import { describe, expect, it } from 'vitest';
import { countBadge } from './count-badge';

describe('countBadge', () => {
  it('shows no badge for none or an unknown count', () => {
    expect(countBadge(undefined)).toBeNull();
    expect(countBadge(0)).toBeNull();
    expect(countBadge(3)).toBe('3');
    expect(countBadge(250)).toBe('99+');
  });

  it('writes the count in the given language', () => {
    expect(countBadge(3, 'es')).toBe('3');
    expect(countBadge(250, 'es')).toBe('99+');
  });
});
