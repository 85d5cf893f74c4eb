import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZCaregiverAddressFields, ZCaregiverJournalEntryFields } from '@hearth/shared/caregivers/caregivers.schema';
import { useBranchTimeZone } from '@/api/display-zone';
import { useTRPC, useTRPCClient } from '@/api/trpc';
import { AddressesSection, type AddressPayload } from '@/components/records/addresses.section';
import { FilesSection, type FilesApi } from '@/components/records/files.section';
import { JournalSection, type JournalEntryPayload } from '@/components/records/journal.section';
import type { RecordApi } from '@/components/records/record-api';

/** The caregiver's addresses (street, city, state, ZIP, coordinates, primary). */
export function CaregiverAddressesSection({ caregiverId, canEdit }: { caregiverId: number; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const addresses = useQuery(trpc.getCaregiverAddresses.queryOptions({ caregiverId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.getCaregiverAddresses.queryKey({ caregiverId }) });
  const create = useMutation(trpc.createCaregiverAddress.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.updateCaregiverAddress.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.deleteCaregiverAddress.mutationOptions({ onSuccess: refresh }));
  const api: RecordApi<AddressPayload> = {
    save: (payload, id) =>
      id === null ? create.mutateAsync({ caregiverId, ...payload }) : update.mutateAsync({ id, ...payload }),
    remove: (id) => remove.mutateAsync({ id }),
    check: (payload, id) =>
      id === null
        ? { action: 'createCaregiverAddress', input: { caregiverId, ...payload } }
        : { action: 'updateCaregiverAddress', input: { id, ...payload } },
    canEdit,
  };
  return (
    <AddressesSection
      addresses={addresses.data}
      loading={addresses.isPending}
      error={addresses.error}
      withLabel={false}
      schema={ZCaregiverAddressFields}
      api={api}
    />
  );
}

/** The caregiver's journal: dated notes by staff. */
export function CaregiverJournalSection({ caregiverId, canEdit }: { caregiverId: number; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const entries = useQuery(trpc.getCaregiverJournalEntries.queryOptions({ caregiverId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.getCaregiverJournalEntries.queryKey({ caregiverId }) });
  const create = useMutation(trpc.createCaregiverJournalEntry.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.updateCaregiverJournalEntry.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.deleteCaregiverJournalEntry.mutationOptions({ onSuccess: refresh }));
  const api: RecordApi<JournalEntryPayload> = {
    save: (payload, id) =>
      id === null ? create.mutateAsync({ caregiverId, ...payload }) : update.mutateAsync({ id, ...payload }),
    remove: (id) => remove.mutateAsync({ id }),
    check: (payload, id) =>
      id === null
        ? { action: 'createCaregiverJournalEntry', input: { caregiverId, ...payload } }
        : { action: 'updateCaregiverJournalEntry', input: { id, ...payload } },
    canEdit,
  };
  return (
    <JournalSection
      entries={entries.data}
      loading={entries.isPending}
      error={entries.error}
      schema={ZCaregiverJournalEntryFields}
      api={api}
    />
  );
}

/** The caregiver's files: upload (create the record, PUT the bytes), preview, download, delete; times in its branch zone. */
export function CaregiverFilesSection(props: { caregiverId: number; branchId: number; canUpload: boolean; canDelete: boolean }) {
  const { caregiverId, branchId, canUpload, canDelete } = props;
  const timeZone = useBranchTimeZone(branchId);
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const files = useQuery(trpc.getCaregiverFiles.queryOptions({ caregiverId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.getCaregiverFiles.queryKey({ caregiverId }) });
  const remove = useMutation(trpc.deleteCaregiverFile.mutationOptions({ onSuccess: refresh }));
  const api: FilesApi = {
    create: (fields) => client.createCaregiverFile.mutate({ caregiverId, ...fields }),
    remove: (id) => remove.mutateAsync({ id }),
    check: (fields) => ({ action: 'createCaregiverFile', input: { caregiverId, ...fields } }),
    downloadLink: (id) => client.getCaregiverFileDownloadLink.query({ id, inline: false }),
    previewHref: (id) => `/caregivers/${caregiverId}/files/${id}`,
    onUploaded: () => void refresh(),
    canUpload,
    canDelete,
  };
  return <FilesSection files={files.data} loading={files.isPending} error={files.error} api={api} timeZone={timeZone} />;
}
