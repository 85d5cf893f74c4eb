import { describe, expect, it } from 'vitest';
import { parseFileExportSettings } from '@hearth/shared/file-exports/file-exports.kinds';
import { ZUpdateFileExportTypeInput, type FileExportTypeOutput } from '@hearth/shared/file-exports/file-exports.schema';
import { formatRetention } from './file-exports.format';
import {
  exportTypeFieldOf,
  exportTypeFormValues,
  exportTypePayload,
  exportTypeRules,
  settingLabel,
} from './file-export-type.values';

const sandata: FileExportTypeOutput = {
  name: 'evv-sandata',
  label: 'EVV (Sandata)',
  description: '',
  kind: 'evv_sandata',
  format: 'json',
  retentionHours: 168,
  settings: { providerQualifier: 'NPI', providerId: '' },
  params: [],
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('export type form', () => {
  it('edits every setting of the kind, a stored value over its default, by the type of its value', () => {
    const values = exportTypeFormValues(sandata);
    expect(values.settings.map((s) => [s.key, s.kind, s.value])).toEqual([
      ['providerQualifier', 'text', 'NPI'],
      ['providerId', 'text', ''],
      ['payerProgram', 'text', ''],
      ['reasonCodes', 'json', '{}'],
    ]);
    const payroll = exportTypeFormValues({ ...sandata, kind: 'payroll_adp', settings: { mileageRateCents: 65 } });
    expect(payroll.settings.find((s) => s.key === 'mileageRateCents')).toEqual({
      key: 'mileageRateCents',
      kind: 'number',
      value: 65,
    });
    expect(exportTypeFormValues({ ...sandata, kind: 'clients', settings: {} }).settings).toEqual([]);
  });

  it('sends the settings back with their types, as the kind accepts them', () => {
    const values = exportTypeFormValues(sandata);
    values.settings[1]!.value = '1234567';
    values.settings[3]!.value = '{"other": "99"}';
    values.retentionHours = 36;
    const input = exportTypePayload(sandata.name, values);
    expect(input.settings).toEqual({
      providerQualifier: 'NPI',
      providerId: '1234567',
      payerProgram: '',
      reasonCodes: { other: '99' },
    });
    expect(ZUpdateFileExportTypeInput.safeParse(input).success).toBe(true);
    expect(parseFileExportSettings('evv_sandata', input.settings!).errors).toBeUndefined();
  });

  it('refuses an empty retention, a retention past 90 days and settings that are not JSON', () => {
    const values = exportTypeFormValues(sandata);
    values.retentionHours = '';
    values.settings[3]!.value = '[1,';
    expect(exportTypeRules(values)).toEqual({ retentionHours: 'Retention is required', 'settings.3.value': 'Not valid JSON' });
    const tooLong = ZUpdateFileExportTypeInput.safeParse(
      exportTypePayload(sandata.name, { ...exportTypeFormValues(sandata), retentionHours: 90 * 24 + 1 }),
    );
    expect(tooLong.error?.issues[0]?.message).toBe('Retention must be between 1 hour and 90 days');
  });

  it('names settings and retentions as a person reads them, and places setting errors on their input', () => {
    expect(settingLabel('providerQualifier')).toBe('Provider qualifier');
    expect(settingLabel('co_code')).toBe('Co code');
    expect(formatRetention(168)).toBe('7 days');
    expect(formatRetention(30)).toBe('1 day 6 hours');
    expect(formatRetention(1)).toBe('1 hour');
    const keys = exportTypeFormValues(sandata).settings.map((s) => s.key);
    expect(exportTypeFieldOf(keys)('settings.payerProgram')).toBe('settings.2.value');
    expect(exportTypeFieldOf(keys)('settings.unknown')).toBe('settings');
  });
});
