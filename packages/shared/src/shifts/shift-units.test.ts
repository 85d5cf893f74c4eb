import { describe, expect, it } from 'vitest';
import { unitsFromMinutes } from './shift-units';

describe('unitsFromMinutes', () => {
  it('applies the CMS 8-minute rule to 15-minute units', () => {
    expect(unitsFromMinutes(7, 15, 'cms_8_minute')).toBe(0);
    expect(unitsFromMinutes(8, 15, 'cms_8_minute')).toBe(1);
    expect(unitsFromMinutes(22, 15, 'cms_8_minute')).toBe(1);
    expect(unitsFromMinutes(23, 15, 'cms_8_minute')).toBe(2);
    expect(unitsFromMinutes(240, 15, 'cms_8_minute')).toBe(16);
  });

  it('rounds a half unit up with nearest, and differs from the 8-minute rule on even unit lengths', () => {
    expect(unitsFromMinutes(30, 60, 'nearest')).toBe(1);
    expect(unitsFromMinutes(30, 60, 'cms_8_minute')).toBe(0);
    expect(unitsFromMinutes(29, 60, 'nearest')).toBe(0);
  });

  it('rounds always up or always down', () => {
    expect(unitsFromMinutes(61, 15, 'up')).toBe(5);
    expect(unitsFromMinutes(74, 15, 'down')).toBe(4);
    expect(unitsFromMinutes(60, 15, 'up')).toBe(4);
  });

  it('counts no units for no or negative minutes and refuses a unit of no length', () => {
    expect(unitsFromMinutes(0, 15, 'up')).toBe(0);
    expect(unitsFromMinutes(-5, 15, 'up')).toBe(0);
    expect(() => unitsFromMinutes(10, 0, 'up')).toThrow('A unit lasts at least 1 minute, not 0');
  });
});
