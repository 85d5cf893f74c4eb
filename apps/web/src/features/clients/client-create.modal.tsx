import { ZCreateClientInput } from '@hearth/shared/clients/clients.schema';
import { useTRPC } from '@/api/trpc';
import { useBranchOptions, usePayerSourceOptions } from '@/components/records/options';
import { PersonCreateForm, PersonCreateModal } from '@/components/records/record-create';
import { ClientFields, clientFormValues, clientPayload, clientRules } from './client.form';

/** The "New client" modal: the person's fields; a created client opens at their profile. */
export function ClientCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const branches = useBranchOptions();
  const payers = usePayerSourceOptions();
  // A caller with one branch gets it picked.
  const onlyBranch = branches.options.length === 1 ? branches.options[0]!.value : null;
  return (
    <PersonCreateModal noun="client" opened={opened} onClose={onClose} loading={branches.loading}>
      <PersonCreateForm
        noun="client"
        procedure={trpc.createClient}
        form={{
          initialValues: clientFormValues(null, onlyBranch),
          toPayload: clientPayload,
          schema: ZCreateClientInput,
          rules: clientRules,
        }}
        onDone={onClose}
      >
        {(record) => <ClientFields record={record} branches={branches.options} payers={payers.options} />}
      </PersonCreateForm>
    </PersonCreateModal>
  );
}
