import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZClientJournalEntryFields } from '@hearth/shared/clients/clients.schema';
import { useTRPC } from '@/api/trpc';
import { JournalSection, type JournalEntryPayload } from '@/components/records/journal.section';
import type { RecordApi } from '@/components/records/record-api';

/** The client's journal: dated notes by staff. */
export function ClientJournalSection({ clientId, canEdit }: { clientId: number; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const entries = useQuery(trpc.getClientJournalEntries.queryOptions({ clientId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.getClientJournalEntries.queryKey({ clientId }) });
  const create = useMutation(trpc.createClientJournalEntry.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.updateClientJournalEntry.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.deleteClientJournalEntry.mutationOptions({ onSuccess: refresh }));
  const api: RecordApi<JournalEntryPayload> = {
    save: (payload, id) => (id === null ? create.mutateAsync({ clientId, ...payload }) : update.mutateAsync({ id, ...payload })),
    remove: (id) => remove.mutateAsync({ id }),
    check: (payload, id) =>
      id === null
        ? { action: 'createClientJournalEntry', input: { clientId, ...payload } }
        : { action: 'updateClientJournalEntry', input: { id, ...payload } },
    canEdit,
  };
  return (
    <JournalSection
      entries={entries.data}
      loading={entries.isPending}
      error={entries.error}
      schema={ZClientJournalEntryFields}
      api={api}
    />
  );
}
