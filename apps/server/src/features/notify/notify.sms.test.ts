import { describe, expect, it } from 'vitest';
import { PermanentDeliveryError } from './notify.drivers';
import { toE164 } from './notify.sms';

describe('toE164', () => {
  it('writes numbers as people typed them in E.164', () => {
    expect(toE164('(617) 555-0100')).toBe('+16175550100');
    expect(toE164('617.555.0100')).toBe('+16175550100');
    expect(toE164('1-617-555-0100')).toBe('+16175550100');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('+16175550100')).toBe('+16175550100');
  });

  it('refuses what is no number for good', () => {
    for (const bad of ['', 'call the office', '555-0100', '+1 555', '+1234567890123456']) {
      expect(() => toE164(bad)).toThrow(PermanentDeliveryError);
    }
  });
});
