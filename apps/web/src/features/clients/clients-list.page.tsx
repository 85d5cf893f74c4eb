import { useAllowedActions } from '@/api/allowed-actions';
import { PersonListPage } from '@/components/records/record-create';
import { ClientCreateModal } from './client-create.modal';

/** /clients: the clients view (status, branch, city, phone; search by name); rows open the client. */
export function ClientsListPage() {
  const { can } = useAllowedActions();
  const modal = (opened: boolean, onClose: () => void) => <ClientCreateModal opened={opened} onClose={onClose} />;
  return <PersonListPage noun="client" canCreate={can('createClient')} modal={modal} />;
}
