import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ClientStatus } from '@hearth/shared/clients/clients.constants';
import type { ClientOutput } from '@hearth/shared/clients/clients.schema';
import { useTRPC } from '@/api/trpc';
import { ProfileHeader, ProfileLoadState, StatusBadge, useRouteId } from '@/components/records/profile-header';

const STATUS_COLORS: Record<ClientStatus, string> = { active: 'teal', on_hold: 'yellow', discharged: 'gray', deceased: 'dark' };

/** The client's status as a badge in its colour, named in the shown language. */
export function ClientStatusBadge({ status }: { status: ClientStatus }) {
  const { t } = useTranslation(['records', 'common']);
  return <StatusBadge color={STATUS_COLORS[status]} label={t(`clients.statuses.${status}`)} />;
}

/** The client id of the route (/clients/{id}/...), or null when it is not a positive whole number. */
export const useClientId = useRouteId;

/** The client of the route, loaded once for the header and the sections. */
export function useClient(id: number | null) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.getClient.queryOptions({ id: id ?? 0 }), enabled: id !== null });
}

/** The top of every client page: back link, name, status badge, branch and payer, and the page's actions. */
export function ClientHeader({ client, actions }: { client: ClientOutput; actions?: ReactNode }) {
  const { t } = useTranslation(['records', 'common']);
  const facts = [
    { label: t('common:fields.branch'), value: client.branchName },
    { label: t('header.payer'), value: client.primaryPayerSourceName ?? t('common:none') },
  ];
  return (
    <ProfileHeader
      noun="client"
      person={client}
      badge={<ClientStatusBadge status={client.status} />}
      facts={facts}
      actions={actions}
    />
  );
}

/** While the client loads or when it cannot be shown (404 outside the caller's branches, so it "does not exist"). */
export function ClientLoadState({ id, query }: { id: number | null; query: ReturnType<typeof useClient> }) {
  return <ProfileLoadState id={id} query={query} noun="client" />;
}
