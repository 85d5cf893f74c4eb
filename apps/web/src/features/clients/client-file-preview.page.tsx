import { useTRPC } from '@/api/trpc';
import { PersonFilePreviewPage } from '@/components/records/file-preview';
import { useClient, useClientId } from './client-header';

/** /clients/{id}/files/{fileId}: the file in the page (a PDF in a frame, anything else as an image). */
export function ClientFilePreviewPage() {
  const trpc = useTRPC();
  const clientId = useClientId();
  const client = useClient(clientId);
  return <PersonFilePreviewPage noun="client" ownerId={clientId} person={client.data} link={trpc.getClientFileDownloadLink} />;
}
