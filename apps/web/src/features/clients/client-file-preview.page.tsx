import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/api/trpc';
import { FilePreviewPage, FRESH_LINK_QUERY, useFileIdParam } from '@/components/records/file-preview';
import { useClient, useClientId } from './client-header';

/** /clients/{id}/files/{fileId}: the file in the page (a PDF in a frame, anything else as an image). */
export function ClientFilePreviewPage() {
  const trpc = useTRPC();
  const clientId = useClientId();
  const { fileId, validFile } = useFileIdParam();
  const client = useClient(clientId);
  const link = useQuery({
    ...trpc.getClientFileDownloadLink.queryOptions({ id: fileId, inline: true }),
    enabled: validFile && clientId !== null,
    ...FRESH_LINK_QUERY,
  });
  return (
    <FilePreviewPage
      backTo={`/clients/${clientId ?? ''}/profile`}
      backLabel={client.data ? `${client.data.firstName} ${client.data.lastName}` : 'Client profile'}
      valid={validFile && clientId !== null}
      link={link}
    />
  );
}
