import { describe, expect, it } from 'vitest';
import { AppError, notFound } from '../../errors/app-error';

/** Chat's refusals reach a Spanish reader in Spanish (docs/decisions/0009-i18next-catalogues.md "Server messages"). */
describe("chat's refusals", () => {
  it('are worded in Spanish, the edit window and the missing conversation with their values', () => {
    expect(new AppError('CONFLICT', 'Messages can be changed for 15 minutes after sending').localized('es').message).toBe(
      'Los mensajes se pueden cambiar durante 15 minutos después de enviarlos',
    );
    expect(new AppError('FORBIDDEN', 'Chat is not enabled for you').localized('es').message).toBe(
      'El chat no está activado para usted',
    );
    expect(notFound('Conversation', 12).localized('es').message).toBe('No se encontró la conversación 12');
    const conflict = new AppError('CONFLICT', 'This message id was already used in another conversation', {
      clientMessageId: ['Give each message its own id'],
    });
    expect(conflict.localized('es').fieldErrors).toEqual({ clientMessageId: ['Dé a cada mensaje su propio identificador'] });
  });
});
