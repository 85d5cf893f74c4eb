import { describe, expect, it } from 'vitest';
import { parseFileExportSettings } from '@hearth/shared/file-exports/file-exports.kinds';
import { msg, translate } from '../../i18n/server-i18n';
import { exportProblems } from './file-exports.messages';

/** An export type's stored settings that no longer fit, refused in the reader's language (issue 27). */
describe('export settings refusals', () => {
  it('word each problem and the export kind in Spanish, English as the shared rules write it', () => {
    const parsed = parseFileExportSettings('clients', { sheetName: 'X' });
    const problems = exportProblems('clients', Object.values(parsed.errors ?? {}));
    const refusal = msg('errors.exports.typeSettings', { type: 'clients', problems });
    expect(translate(refusal, 'en')).toBe(
      'The settings of export type clients: Unknown setting "sheetName": Clients exports have no settings',
    );
    expect(translate(refusal, 'es')).toBe(
      'La configuración del tipo de exportación clients: Ajuste desconocido "sheetName": las exportaciones de ' +
        'clientes no tienen ajustes',
    );
  });
});
