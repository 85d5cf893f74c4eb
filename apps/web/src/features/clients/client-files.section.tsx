import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBranchTimeZone } from '@/api/display-zone';
import { useTRPC, useTRPCClient } from '@/api/trpc';
import { FilesSection, type FilesApi } from '@/components/records/files.section';

/** The client's files: upload (create the record, PUT the bytes), preview, download, delete; times in its branch zone. */
export function ClientFilesSection(props: { clientId: number; branchId: number; canUpload: boolean; canDelete: boolean }) {
  const { clientId, branchId, canUpload, canDelete } = props;
  const timeZone = useBranchTimeZone(branchId);
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const files = useQuery(trpc.getClientFiles.queryOptions({ clientId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.getClientFiles.queryKey({ clientId }) });
  const remove = useMutation(trpc.deleteClientFile.mutationOptions({ onSuccess: refresh }));
  const api: FilesApi = {
    create: (fields) => client.createClientFile.mutate({ clientId, ...fields }),
    // Also used to take back a record whose upload failed; that one never reached the list.
    remove: (id) => remove.mutateAsync({ id }),
    check: (fields) => ({ action: 'createClientFile', input: { clientId, ...fields } }),
    downloadLink: (id) => client.getClientFileDownloadLink.query({ id, inline: false }),
    previewHref: (id) => `/clients/${clientId}/files/${id}`,
    onUploaded: () => void refresh(),
    canUpload,
    canDelete,
  };
  return <FilesSection files={files.data} loading={files.isPending} error={files.error} api={api} timeZone={timeZone} />;
}
