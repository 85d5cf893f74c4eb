import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ClientAppClient } from '@hearth/shared/client-app/client-app.schema';
import type { ContactPermission } from '@hearth/shared/client-app/client-app.constants';
import { useTRPC } from '@/api/trpc';
import { useCurrentUser } from '@/api/current-user';
import { useLiveEvent } from '@/api/live-events';

/** The client app's choice of client: the caller's clients, the one shown, and how to switch. */
export interface ClientAppSelection {
  /** The caller's clients (clientAppGetClients); [] until loaded or when none. */
  clients: ClientAppClient[];
  /** The client the app shows: the one chosen last on this device, else the first; null when there is none. */
  client: ClientAppClient | null;
  /** Whether the list is still loading (no decision yet on `client`). */
  loading: boolean;
  /** Whether loading the list failed. */
  failed: boolean;
  /** Shows another of the caller's clients (remembered on this device for this user). */
  select(clientId: number): void;
}

const SelectionContext = createContext<ClientAppSelection | null>(null);

const storageKey = (userId: number) => `hearth.clientApp.client.${userId}`;

function remembered(userId: number | undefined): number | null {
  if (userId === undefined) return null;
  const value = Number(window.localStorage.getItem(storageKey(userId)));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * Provides the client app's selection to its pages (a contact of several clients switches between them; issue
 * "client and family app" item 7). The list is the server's (clientAppGetClients), refetched when the office changes
 * the caller's access (live `clientAccess`), so a client the caller no longer reaches is never shown, even if
 * remembered.
 */
export function ClientAppSelectionProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const userId = useCurrentUser().data?.id;
  const list = useQuery(trpc.clientAppGetClients.queryOptions(undefined, { staleTime: 60_000 }));
  // The office changed what this user may see (a contact's permissions or portal access): follow at once.
  useLiveEvent('clientAccess', () => void list.refetch());
  const [chosen, setChosen] = useState<number | null>(null);
  const clients = useMemo(() => list.data ?? [], [list.data]);
  const wanted = chosen ?? remembered(userId);
  const client = clients.find((c) => c.clientId === wanted) ?? clients[0] ?? null;
  const select = useCallback(
    (clientId: number) => {
      setChosen(clientId);
      if (userId !== undefined) window.localStorage.setItem(storageKey(userId), String(clientId));
    },
    [userId],
  );
  const value = useMemo(
    () => ({ clients, client, loading: list.isPending, failed: list.isError, select }),
    [clients, client, list.isPending, list.isError, select],
  );
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

/**
 * The client app's selection (inside ClientAppSelectionProvider, which the client app's shell provides).
 * @throws Error when used outside the provider (a programming error).
 */
export function useClientAppSelection(): ClientAppSelection {
  const value = useContext(SelectionContext);
  if (!value) throw new Error('useClientAppSelection is used outside ClientAppSelectionProvider');
  return value;
}

/** Whether the shown client lets the caller use `permission` (false while loading or with no client). */
export function useClientAppPermission(permission: ContactPermission): boolean {
  return useClientAppSelection().client?.permissions[permission] ?? false;
}
