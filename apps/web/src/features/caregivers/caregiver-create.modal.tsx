import { ZCreateCaregiverInput } from '@hearth/shared/caregivers/caregivers.schema';
import { useTRPC } from '@/api/trpc';
import { useBranchOptions } from '@/components/records/options';
import { PersonCreateForm, PersonCreateModal } from '@/components/records/record-create';
import { CaregiverPersonFields, caregiverFieldOf, caregiverFormValues, caregiverPayload, caregiverRules } from './caregiver.form';

/** The "New caregiver" modal: the person's fields; pay, skills and availability follow on the profile. */
export function CaregiverCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const { options: branches, loading } = useBranchOptions();
  const form = {
    initialValues: caregiverFormValues(null, branches.length === 1 ? branches[0]!.value : null),
    toPayload: caregiverPayload,
    schema: ZCreateCaregiverInput,
    rules: caregiverRules,
    fieldOf: caregiverFieldOf,
  };
  return (
    <PersonCreateModal noun="caregiver" opened={opened} onClose={onClose} loading={loading}>
      <PersonCreateForm noun="caregiver" procedure={trpc.createCaregiver} form={form} onDone={onClose}>
        {(record) => <CaregiverPersonFields record={record} branches={branches} />}
      </PersonCreateForm>
    </PersonCreateModal>
  );
}
