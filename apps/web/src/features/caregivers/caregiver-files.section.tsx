import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBranchTimeZone } from '@/api/display-zone';
import { useTRPC, useTRPCClient } from '@/api/trpc';
import { FilesSection, type FilesApi } from '@/components/records/files.section';

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
