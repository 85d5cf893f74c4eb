import { describe, expect, it } from 'vitest';
import { ZQueueFileExportInput, type FileExportTypeOutput } from '@hearth/shared/file-exports/file-exports.schema';
import { exportFieldOf, exportFormValues, exportPayload, exportRules, paramsOf } from './file-export.values';

type Params = Pick<FileExportTypeOutput, 'params'>;
const payroll: Params = {
  params: [
    { key: 'from', label: 'Period start', required: true },
    { key: 'to', label: 'Period end', required: true },
    { key: 'branchId', label: 'Branch', required: false },
  ],
};
const clients: Params = {
  params: [
    { key: 'branchId', label: 'Branch', required: false },
    { key: 'format', label: 'Format', required: false },
    { key: 'view', label: 'List settings', required: false },
  ],
};

describe('export form', () => {
  it('shows only the parameters the type asks for, never the view settings', () => {
    expect([...paramsOf(clients).keys()]).toEqual(['branchId', 'format']);
    expect(paramsOf(undefined).size).toBe(0);
  });

  it('sends the asked parameters only, ids as numbers and no branch as all branches', () => {
    const values = { ...exportFormValues(null), type: 'payroll-adp', from: '2025-03-01', to: '2025-03-15', payerSourceId: '4' };
    const input = exportPayload(values, payroll);
    expect(input).toEqual({ type: 'payroll-adp', params: { from: '2025-03-01', to: '2025-03-15', branchId: null } });
    expect(ZQueueFileExportInput.safeParse(input).success).toBe(true);
    expect(exportPayload({ ...values, type: 'clients', branchId: '2', format: 'xlsx' }, clients)).toEqual({
      type: 'clients',
      params: { branchId: 2, format: 'xlsx' },
    });
  });

  it('asks for the type and every required parameter', () => {
    expect(exportRules(undefined)(exportFormValues(null))).toEqual({ type: 'Choose an export type' });
    expect(exportRules(payroll)({ ...exportFormValues(null), type: 'payroll-adp', from: '2025-03-01' })).toEqual({
      to: 'End date is required',
    });
  });

  it('puts the schema errors of a parameter beside its input', () => {
    const result = ZQueueFileExportInput.safeParse({ type: 'payroll-adp', params: { from: '2025-03-15', to: '2025-03-01' } });
    expect(result.success).toBe(false);
    expect(exportFieldOf(result.error!.issues[0]!.path.join('.'))).toBe('to');
  });
});
