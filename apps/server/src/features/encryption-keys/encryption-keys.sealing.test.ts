import { describe, expect, it } from 'vitest';
import { seal, unseal } from './encryption-keys.sealing';

const SECRET = 'a-server-secret-a-server-secret-0123456789';

describe('seal / unseal', () => {
  it('round-trips and never stores the plain text', () => {
    const sealed = seal('the-key', SECRET, 'uuid:1');
    expect(sealed).not.toContain('the-key');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(unseal(sealed, SECRET, 'uuid:1')).toBe('the-key');
  });

  it('uses a fresh IV each time', () => {
    expect(seal('k', SECRET, 'c')).not.toBe(seal('k', SECRET, 'c'));
  });

  it('does not open with another secret, another context or damaged data', () => {
    const sealed = seal('the-key', SECRET, 'uuid:1');
    expect(unseal(sealed, `${SECRET}x`, 'uuid:1')).toBeNull();
    expect(unseal(sealed, SECRET, 'uuid:2')).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(unseal(parts.join('.'), SECRET, 'uuid:1')).toBeNull();
    expect(unseal('garbage', SECRET, 'uuid:1')).toBeNull();
  });
});
