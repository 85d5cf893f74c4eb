import { createNotificationsStore, notifications } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { announceNotificationsByKind } from './notification-roles';

describe('announceNotificationsByKind', () => {
  it('gives errors role alert and other notifications role status, keeping a role given', () => {
    const store = createNotificationsStore();
    const stop = announceNotificationsByKind(store);
    notifications.show({ id: 'saved', color: 'teal', message: 'Client saved' }, store);
    notifications.show({ id: 'failed', color: 'red', title: 'Export failed', message: 'Try again' }, store);
    notifications.show({ id: 'plain', message: 'Link sent' }, store);
    notifications.show({ id: 'own', color: 'red', role: 'status', message: 'Nothing changed' }, store);
    const roles = Object.fromEntries(store.getState().notifications.map((n) => [n.id, n.role]));
    expect(roles).toEqual({ saved: 'status', failed: 'alert', plain: 'status', own: 'status' });
    stop();
    notifications.show({ id: 'after', color: 'teal', message: 'Saved' }, store);
    expect(store.getState().notifications.find((n) => n.id === 'after')?.role).toBeUndefined();
  });

  it('names every close button in the shown language, keeping a name given', () => {
    const store = createNotificationsStore();
    const stop = announceNotificationsByKind(store, () => 'Cerrar');
    notifications.show({ id: 'saved', color: 'teal', message: 'Guardado' }, store);
    notifications.show({ id: 'own', message: 'Enviado', closeButtonProps: { 'aria-label': 'Descartar' } }, store);
    const names = Object.fromEntries(
      store.getState().notifications.map((n) => [n.id, n.closeButtonProps?.['aria-label'] as string]),
    );
    expect(names).toEqual({ saved: 'Cerrar', own: 'Descartar' });
    stop();
  });
});
