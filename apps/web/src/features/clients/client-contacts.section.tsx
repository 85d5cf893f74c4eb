import { useState } from 'react';
import { Autocomplete, Badge, Button, Checkbox, Group, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconMailForward } from '@tabler/icons-react';
import { addFieldIssues } from '@hearth/shared/records/records.schema';
import { contactRuleErrors, ZClientContactFields, type ClientContactOutput } from '@hearth/shared/clients/clients.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { DeleteButton } from '@/components/records/delete-button';
import { EditButton } from '@/components/records/edit-button';
import { blankToNull } from '@/components/records/record-api';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { SectionCard } from '@/components/records/section-card';
import { useRecordForm } from '@/forms/use-record-form';
import { AddButton, RecordModal } from '@/components/records/record-modal';

const RELATIONSHIPS = [
  'Daughter',
  'Son',
  'Spouse',
  'Partner',
  'Sibling',
  'Parent',
  'Friend',
  'Neighbor',
  'Guardian',
  'Power of attorney',
];

/** The contact form's checks: the fields, then the rules across them (emergency needs a phone, portal an email). */
const ZContactForm = ZClientContactFields.superRefine((c, ctx) => addFieldIssues(ctx, contactRuleErrors(c)));

interface ContactFormValues {
  firstName: string;
  lastName: string;
  relationship: string;
  phoneNumber: string;
  email: string;
  isEmergencyContact: boolean;
  hasPortalAccess: boolean;
}

const toPayload = (v: ContactFormValues) => ({
  firstName: v.firstName.trim(),
  lastName: v.lastName.trim(),
  relationship: v.relationship.trim(),
  phoneNumber: blankToNull(v.phoneNumber),
  email: blankToNull(v.email),
  isEmergencyContact: v.isEmergencyContact,
  hasPortalAccess: v.hasPortalAccess,
});

function ContactForm(props: { clientId: number; contact: ClientContactOutput | null; onDone: () => void; onSaved: () => void }) {
  const { clientId, contact, onDone, onSaved } = props;
  const trpc = useTRPC();
  const create = useMutation(trpc.createClientContact.mutationOptions());
  const update = useMutation(trpc.updateClientContact.mutationOptions());
  const record = useRecordForm<ContactFormValues, ReturnType<typeof toPayload>>({
    initialValues: {
      firstName: contact?.firstName ?? '',
      lastName: contact?.lastName ?? '',
      relationship: contact?.relationship ?? '',
      phoneNumber: contact?.phoneNumber ?? '',
      email: contact?.email ?? '',
      isEmergencyContact: contact?.isEmergencyContact ?? false,
      hasPortalAccess: contact?.hasPortalAccess ?? false,
    },
    toPayload,
    schema: ZContactForm,
    check: (payload) =>
      contact
        ? { action: 'updateClientContact', input: { id: contact.id, ...payload } }
        : { action: 'createClientContact', input: { clientId, ...payload } },
  });
  const done = () => {
    notifications.show({ color: 'teal', message: contact ? 'Contact saved' : 'Contact added' });
    onSaved();
    onDone();
  };
  const submit = (values: ContactFormValues) => {
    const payload = toPayload(values);
    if (contact) update.mutate({ id: contact.id, ...payload }, { onSuccess: done, onError: record.onSaveError });
    else create.mutate({ clientId, ...payload }, { onSuccess: done, onError: record.onSaveError });
  };
  return (
    <RecordFormFrame record={record} onSubmit={submit} onCancel={onDone} pending={create.isPending || update.isPending}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="First name" required data-autofocus {...record.inputProps('firstName')} />
        <TextInput label="Last name" required {...record.inputProps('lastName')} />
        <Autocomplete label="Relationship" required data={RELATIONSHIPS} {...record.inputProps('relationship')} />
        <TextInput label="Phone number" type="tel" {...record.inputProps('phoneNumber')} />
        <TextInput label="Email" type="email" {...record.inputProps('email')} />
      </SimpleGrid>
      <Checkbox label="Emergency contact" {...record.inputProps('isEmergencyContact', { type: 'checkbox' })} />
      <Checkbox
        label="Portal access (may sign in to the client app)"
        {...record.inputProps('hasPortalAccess', { type: 'checkbox' })}
      />
    </RecordFormFrame>
  );
}

function SendContactLinkButton({ contact }: { contact: ClientContactOutput }) {
  const trpc = useTRPC();
  const send = useMutation(
    trpc.sendClientContactLoginLink.mutationOptions({
      onSuccess: (sent) => notifications.show({ color: 'teal', message: `Login link sent to ${sent.recipient}` }),
      onError: (error) => notifications.show({ color: 'red', title: 'Login link not sent', message: errorMessageOf(error) }),
    }),
  );
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      leftSection={<IconMailForward size={13} />}
      loading={send.isPending}
      onClick={() => send.mutate({ contactId: contact.id })}
      aria-label={`Send login link to ${contact.firstName} ${contact.lastName}`}
    >
      Send login link
    </Button>
  );
}

/** Family and trusted contacts: relationship, phone, email, emergency flag, portal access and its login link. */
export function ClientContactsSection(props: { clientId: number; canEdit: boolean; canSendLink: boolean }) {
  const { clientId, canEdit, canSendLink } = props;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const contacts = useQuery(trpc.getClientContacts.queryOptions({ clientId }));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.getClientContacts.queryKey({ clientId }) });
  const remove = useMutation(trpc.deleteClientContact.mutationOptions({ onSuccess: refresh }));
  const [editing, setEditing] = useState<ClientContactOutput | 'new' | null>(null);
  const close = () => setEditing(null);
  const rows = contacts.data ?? [];
  return (
    <SectionCard
      title="Contacts"
      loading={contacts.isPending}
      error={contacts.error}
      empty={contacts.data?.length === 0 && 'No contacts yet.'}
      actions={canEdit && <AddButton label="Add contact" onClick={() => setEditing('new')} />}
    >
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={640} type="native">
          <Table fz="sm" verticalSpacing={6} aria-label="Contacts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Relationship</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => {
                const name = `${c.firstName} ${c.lastName}`;
                return (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Group gap={6}>
                        <Text size="sm">{name}</Text>
                        {c.isEmergencyContact && (
                          <Badge size="xs" color="red" variant="light" style={{ flexShrink: 0 }}>
                            Emergency
                          </Badge>
                        )}
                        {c.hasPortalAccess && (
                          <Badge size="xs" color="blue" variant="light" style={{ flexShrink: 0 }}>
                            Portal
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{c.relationship}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.phoneNumber ?? '—'}</Table.Td>
                    <Table.Td>{c.email ?? '—'}</Table.Td>
                    <Table.Td>
                      <Group gap={2} wrap="nowrap" justify="flex-end">
                        {canSendLink && c.email && c.hasPortalAccess && <SendContactLinkButton contact={c} />}
                        {canEdit && (
                          <>
                            <EditButton what={`contact ${name}`} onClick={() => setEditing(c)} />
                            <DeleteButton what={`contact ${name}`} onConfirm={() => remove.mutateAsync({ id: c.id })} />
                          </>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RecordModal editing={editing} onClose={close} noun="contact" size="lg">
        {(row) => <ContactForm clientId={clientId} contact={row} onDone={close} onSaved={refresh} />}
      </RecordModal>
    </SectionCard>
  );
}
