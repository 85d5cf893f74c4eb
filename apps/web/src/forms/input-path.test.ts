import { describe, expect, it } from 'vitest';
import { inputPath } from './input-path';

describe('inputPath', () => {
  const values = { name: 'x', modifiers: ['U1', 'bad'], services: [{ serviceCode: 'T1019', modifiers: ['U1,'] }] };

  it('puts an error on an item of a list of plain values on the list input', () => {
    expect(inputPath('modifiers.1', values)).toBe('modifiers');
    expect(inputPath('services.0.modifiers.0', values)).toBe('services.0.modifiers');
  });

  it('keeps paths into lists of objects and plain fields', () => {
    expect(inputPath('services.0.serviceCode', values)).toBe('services.0.serviceCode');
    expect(inputPath('name', values)).toBe('name');
    expect(inputPath('', values)).toBe('');
    expect(inputPath('services.3.serviceCode', values)).toBe('services.3.serviceCode');
  });
});
