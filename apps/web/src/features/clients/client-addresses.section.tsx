import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZClientAddressFields } from '@hearth/shared/clients/clients.schema';
import { useTRPC } from '@/api/trpc';
import { AddressesSection, type AddressPayload } from '@/components/records/addresses.section';
import type { RecordApi } from '@/components/records/record-api';

/** The client's addresses (label, street, city, state, ZIP, coordinates, primary). */
export function ClientAddressesSection({ clientId, canEdit }: { clientId: number; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listKey = trpc.getClientAddresses.queryKey({ clientId });
  const addresses = useQuery(trpc.getClientAddresses.queryOptions({ clientId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });
  const create = useMutation(trpc.createClientAddress.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.updateClientAddress.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.deleteClientAddress.mutationOptions({ onSuccess: refresh }));
  const api: RecordApi<AddressPayload> = {
    save: (payload, id) => (id === null ? create.mutateAsync({ clientId, ...payload }) : update.mutateAsync({ id, ...payload })),
    remove: (id) => remove.mutateAsync({ id }),
    check: (payload, id) =>
      id === null
        ? { action: 'createClientAddress', input: { clientId, ...payload } }
        : { action: 'updateClientAddress', input: { id, ...payload } },
    canEdit,
  };
  return (
    <AddressesSection
      addresses={addresses.data}
      loading={addresses.isPending}
      error={addresses.error}
      withLabel
      schema={ZClientAddressFields}
      api={api}
    />
  );
}
