import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { normalizeZip, optionalZipField, readZip, zipField } from './zip';

describe('readZip: every form a real file carries, one normal form', () => {
  it.each([
    ['02108', '02108'],
    [' 02108 ', '02108'],
    ['2108', '02108'], // a spreadsheet dropped the leading zero
    ['501', '00501'], // the lowest ZIP, two zeros dropped
    ['02108-1234', '02108-1234'],
    ['02108 1234', '02108-1234'],
    ['021081234', '02108-1234'],
    ['693391143', '69339-1143'], // Synthea 3.x providers.csv: ZIP+4 without its hyphen
    ['21081234', '02108-1234'], // nine digits whose leading zero a spreadsheet dropped
    ['2108-1234', '02108-1234'],
    ['68102-0000', '68102'], // "0000" is no delivery segment
  ])('%j -> %j', (text, zip) => {
    expect(readZip(text)).toEqual({ zip, problem: null });
  });

  it.each([
    ['00000', 'ZIP 00000 is a placeholder, not a ZIP code'], // Synthea's placeholder
    ['0', 'ZIP "0" is not a US ZIP code (5 digits or ZIP+4)'],
    ['00123', 'ZIP "00123" is not a US ZIP code (5 digits or ZIP+4)'],
    ['000001234', 'ZIP 000001234 is a placeholder, not a ZIP code'],
    ['ABCDE', 'ZIP "ABCDE" is not a US ZIP code (5 digits or ZIP+4)'],
    ['123456', 'ZIP "123456" is not a US ZIP code (5 digits or ZIP+4)'],
    ['12', 'ZIP "12" is not a US ZIP code (5 digits or ZIP+4)'],
    ['1234567890', 'ZIP "1234567890" is not a US ZIP code (5 digits or ZIP+4)'],
    ['', 'ZIP is missing'],
  ])('%j is not a ZIP: %s', (text, problem) => {
    expect(readZip(text)).toEqual({ zip: null, problem });
    expect(normalizeZip(text)).toBeNull();
  });
});

describe('zip fields of forms and imports', () => {
  it('store the normal form and name the problem', () => {
    const required = z.object({ zip: zipField() });
    expect(required.parse({ zip: '693391143' })).toEqual({ zip: '69339-1143' });
    expect(required.safeParse({ zip: '' }).error?.issues[0]?.message).toBe('ZIP is required');
    expect(required.safeParse({}).error?.issues[0]?.message).toBe('ZIP is required');
    expect(required.safeParse({ zip: '00000' }).error?.issues[0]?.message).toBe('ZIP 00000 is a placeholder, not a ZIP code');
    const optional = z.object({ zip: optionalZipField().nullish() });
    expect(optional.parse({ zip: '  ' })).toEqual({ zip: null });
    expect(optional.parse({ zip: '2108' })).toEqual({ zip: '02108' });
    expect(optional.safeParse({ zip: 'x' }).success).toBe(false);
  });
});
