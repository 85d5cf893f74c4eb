import { Loader, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ZCreateCaregiverInput } from '@hearth/shared/caregivers/caregivers.schema';
import { useTRPC } from '@/api/trpc';
import { useBranchOptions, type Option } from '@/components/records/options';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { useRecordForm } from '@/forms/use-record-form';
import {
  CaregiverPersonFields,
  caregiverFieldOf,
  caregiverFormValues,
  caregiverPayload,
  caregiverRules,
  type CaregiverFormValues,
  type CaregiverPayload,
} from './caregiver.form';

function CaregiverCreateForm({ branches, onDone }: { branches: Option[]; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const record = useRecordForm<CaregiverFormValues, CaregiverPayload>({
    initialValues: caregiverFormValues(null, branches.length === 1 ? branches[0]!.value : null),
    toPayload: caregiverPayload,
    schema: ZCreateCaregiverInput,
    rules: caregiverRules,
    fieldOf: caregiverFieldOf,
    check: (input) => ({ action: 'createCaregiver', input }),
  });
  const create = useMutation(
    trpc.createCaregiver.mutationOptions({
      onSuccess: async (caregiver) => {
        void queryClient.invalidateQueries({ queryKey: trpc.queryView.queryKey() });
        notifications.show({ color: 'teal', message: `${caregiver.firstName} ${caregiver.lastName} added` });
        onDone();
        await navigate(`/caregivers/${caregiver.id}/profile`);
      },
      onError: record.onSaveError,
    }),
  );
  return (
    <RecordFormFrame
      record={record}
      onSubmit={(values) => create.mutate(caregiverPayload(values))}
      onCancel={onDone}
      pending={create.isPending}
      submitLabel="Create caregiver"
    >
      <CaregiverPersonFields record={record} branches={branches} />
    </RecordFormFrame>
  );
}

/** The "New caregiver" modal: the person's fields; pay, skills and availability follow on the profile. */
export function CaregiverCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const branches = useBranchOptions();
  return (
    <Modal opened={opened} onClose={onClose} title="New caregiver" size="lg">
      {opened && (branches.loading ? <Loader size="sm" /> : <CaregiverCreateForm branches={branches.options} onDone={onClose} />)}
    </Modal>
  );
}
