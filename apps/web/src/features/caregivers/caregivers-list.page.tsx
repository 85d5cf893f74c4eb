import { useAllowedActions } from '@/api/allowed-actions';
import { PersonListPage } from '@/components/records/record-create';
import { CaregiverCreateModal } from './caregiver-create.modal';

/** /caregivers: the caregivers view (status, branch, city, phone, credential expiry; search by name). */
export function CaregiversListPage() {
  const { can } = useAllowedActions();
  return (
    <PersonListPage
      noun="caregiver"
      canCreate={can('createCaregiver')}
      modal={(opened, onClose) => <CaregiverCreateModal opened={opened} onClose={onClose} />}
    />
  );
}
