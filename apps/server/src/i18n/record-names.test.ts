import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { AppError } from '../errors/app-error';
import { roleName, viewName } from './record-names';
import { msg, translate } from './server-i18n';

/** Role and view names inside a message are worded in the reader's language too (issue 27). */
describe('role names in messages', () => {
  it('word a standard role in Spanish and keep the English sentence byte for byte', () => {
    const error = new AppError(
      'FORBIDDEN',
      msg('errors.users.mayNotGrantRole', { role: roleName({ id: ROLE_IDS.companyAdmin, name: 'Company Admin' }) }),
    );
    expect(error.message).toBe('Your role may not grant the Company Admin role');
    expect(error.localized('es').message).toBe('Su rol no puede otorgar el rol Administrador de la empresa');
    const login = msg('errors.users.otherLogin', { name: 'Rosa Diaz', role: roleName({ id: ROLE_IDS.client, name: 'Client' }) });
    expect(translate(login, 'es')).toBe(
      'Rosa Diaz tiene un acceso de Cliente, que se cambia desde su propia página, no como usuario del personal',
    );
  });

  it('keep a renamed standard role and an agency’s own role as written', () => {
    expect(translate(msg('errors.users.mayNotGrantRole', { role: roleName({ id: ROLE_IDS.nurse, name: 'RN' }) }), 'es')).toBe(
      'Su rol no puede otorgar el rol RN',
    );
    expect(roleName({ id: 4000, name: 'Scheduler' })).toBe('Scheduler');
  });
});

describe('view names in messages', () => {
  it('give the identifier in English and the catalogue’s name in Spanish', () => {
    const refusal = msg('errors.views.mayNotRead', { view: viewName('reportBilling') });
    expect(translate(refusal, 'en')).toBe('Your role may not read the reportBilling view');
    expect(translate(refusal, 'es')).toBe('Su rol no puede leer la vista Líneas de facturación');
    expect(translate(msg('errors.views.mayNotRead', { view: viewName('somethingNew') }), 'es')).toBe(
      'Su rol no puede leer la vista somethingNew',
    );
  });
});
