import { useTRPC, useTRPCClient } from '@/api/trpc';
import { RecordFilesSection } from '@/components/records/files.section';

/** The client's files: upload (create the record, PUT the bytes), preview, download, delete; times in its branch zone. */
export function ClientFilesSection(props: { clientId: number; branchId: number; canUpload: boolean; canDelete: boolean }) {
  const { clientId, ...rest } = props;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const procedures = { list: trpc.getClientFiles, create: trpc.createClientFile, remove: trpc.deleteClientFile };
  const calls = { create: client.createClientFile, link: client.getClientFileDownloadLink };
  return <RecordFilesSection owner={{ clientId }} procedures={procedures} {...calls} path={`/clients/${clientId}`} {...rest} />;
}
