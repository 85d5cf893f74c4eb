import { describe, expect, it } from 'vitest';
import { applyTransforms, unknownTransforms } from './file-imports.transforms';

describe('file import transforms', () => {
  it('keeps Synthea names readable', () => {
    expect(applyTransforms('strip_digits', 'José Eduardo181')).toBe('José Eduardo');
    expect(applyTransforms('first_word|strip_digits', 'Tomas436 Sauer652')).toBe('Tomas');
    expect(applyTransforms('rest_after_first_word|strip_digits', 'Tomas436 Sauer652')).toBe('Sauer');
    expect(applyTransforms('rest_after_first_word', 'Cher')).toBe('');
    expect(applyTransforms('synthea_given_name', 'Jorge Luis88 Rocha983')).toBe('Jorge Luis');
    expect(applyTransforms('synthea_family_name', 'Jorge Luis88 Rocha983')).toBe('Rocha');
    expect(applyTransforms('synthea_given_name', 'Homero668 de Jesús414')).toBe('Homero');
    expect(applyTransforms('synthea_family_name', 'Homero668 de Jesús414')).toBe('de Jesús');
    expect(applyTransforms('synthea_family_name', 'Tomas436 Sauer652')).toBe('Sauer');
  });

  it('reads state names, ZIPs without their leading zero, and genders', () => {
    expect(applyTransforms('state_name_to_code', 'Massachusetts')).toBe('MA');
    expect(applyTransforms('state_name_to_code', 'new  york')).toBe('NY');
    expect(applyTransforms('state_name_to_code', 'MA')).toBe('MA');
    expect(applyTransforms('zip', '1013')).toBe('01013');
    expect(applyTransforms('zip', '1752-3586')).toBe('01752-3586');
    expect(applyTransforms('zip', '02138')).toBe('02138');
    expect(applyTransforms('gender_mf', 'female')).toBe('F');
    expect(applyTransforms('gender_mf', 'M')).toBe('M');
  });

  it('writes dates as YYYY-MM-DD and leaves what is not a date for the validation to name', () => {
    expect(applyTransforms('date', '3/7/1941')).toBe('1941-03-07');
    expect(applyTransforms('date', '1989-05-25')).toBe('1989-05-25');
    expect(applyTransforms('date', '2020-03-22T10:00:00Z')).toBe('2020-03-22');
    expect(applyTransforms('date', '2/30/2020')).toBe('2/30/2020');
    expect(applyTransforms('date', 'soon')).toBe('soon');
  });

  it('reads numbers and money', () => {
    expect(applyTransforms('number', '1,250.50')).toBe('1250.5');
    expect(applyTransforms('cents', '$12.34')).toBe('1234');
    expect(applyTransforms('cents', 'n/a')).toBe('n/a');
    expect(applyTransforms('yes_no', 'Yes')).toBe('true');
    expect(applyTransforms('code', 'On hold')).toBe('on_hold');
  });

  it('derives statuses and payer types', () => {
    expect(applyTransforms('non_empty_means_deceased', '2019-04-01')).toBe('deceased');
    expect(applyTransforms('non_empty_means_deceased', '  ')).toBe('');
    expect(
      ['Medicare', 'Medicaid', 'Dual Eligible', 'NO_INSURANCE', 'Humana'].map((n) => applyTransforms('synthea_payer_type', n)),
    ).toEqual(['medicare', 'medicaid', 'medicaid', 'private_pay', 'commercial']);
    expect(applyTransforms('adp_position_status', 'Leave')).toBe('inactive');
  });

  it('names unknown transforms of a chain', () => {
    expect(unknownTransforms('trim|shout|date|whisper')).toEqual(['shout', 'whisper']);
    expect(unknownTransforms(undefined)).toEqual([]);
    expect(() => applyTransforms('shout', 'x')).toThrow('Unknown transform shout');
  });
});
