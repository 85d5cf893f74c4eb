import { Loader, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ZCreateClientInput } from '@hearth/shared/clients/clients.schema';
import { useTRPC } from '@/api/trpc';
import { useBranchOptions, usePayerSourceOptions, type Option } from '@/components/records/options';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { useRecordForm } from '@/forms/use-record-form';
import { ClientFields, clientFormValues, clientPayload, clientRules, type ClientFormValues } from './client.form';

function ClientCreateForm({ branches, payers, onDone }: { branches: Option[]; payers: Option[]; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A caller with one branch gets it picked.
  const onlyBranch = branches.length === 1 ? branches[0]!.value : null;
  const record = useRecordForm<ClientFormValues, ReturnType<typeof clientPayload>>({
    initialValues: clientFormValues(null, onlyBranch),
    toPayload: clientPayload,
    schema: ZCreateClientInput,
    rules: clientRules,
    check: (input) => ({ action: 'createClient', input }),
  });
  const create = useMutation(
    trpc.createClient.mutationOptions({
      onSuccess: async (client) => {
        void queryClient.invalidateQueries({ queryKey: trpc.queryView.queryKey() });
        notifications.show({ color: 'teal', message: `${client.firstName} ${client.lastName} added` });
        onDone();
        await navigate(`/clients/${client.id}/profile`);
      },
      onError: record.onSaveError,
    }),
  );
  return (
    <RecordFormFrame
      record={record}
      onSubmit={(values) => create.mutate(clientPayload(values))}
      onCancel={onDone}
      pending={create.isPending}
      submitLabel="Create client"
    >
      <ClientFields record={record} branches={branches} payers={payers} />
    </RecordFormFrame>
  );
}

/** The "New client" modal: the person's fields; a created client opens at their profile. */
export function ClientCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const branches = useBranchOptions();
  const payers = usePayerSourceOptions();
  return (
    <Modal opened={opened} onClose={onClose} title="New client" size="lg">
      {opened &&
        (branches.loading ? (
          <Loader size="sm" />
        ) : (
          <ClientCreateForm branches={branches.options} payers={payers.options} onDone={onClose} />
        ))}
    </Modal>
  );
}
