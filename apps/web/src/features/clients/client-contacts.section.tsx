import { Autocomplete, Badge, Checkbox, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { addFieldIssues } from '@hearth/shared/records/records.schema';
import { contactRuleErrors, ZClientContactFields, type ClientContactOutput } from '@hearth/shared/clients/clients.schema';
import { useTRPC } from '@/api/trpc';
import { useOwnedRecords } from '@/components/records/owned-records';
import { blankToNull } from '@/components/records/record-api';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { useRecordSave, type RecordFormProps } from '@/components/records/record-save';
import { RecordTableSection, type RecordColumn } from '@/components/records/record-table';
import { SendLoginLinkButton } from '@/components/records/send-login-link';

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

/** The form's values for a contact, blank for a new one. */
const contactValues = (c: ClientContactOutput | null) => ({
  firstName: c?.firstName ?? '',
  lastName: c?.lastName ?? '',
  relationship: c?.relationship ?? '',
  phoneNumber: c?.phoneNumber ?? '',
  email: c?.email ?? '',
  isEmergencyContact: c?.isEmergencyContact ?? false,
  hasPortalAccess: c?.hasPortalAccess ?? false,
});

type ContactPayload = ReturnType<typeof toPayload>;

const toPayload = (v: ReturnType<typeof contactValues>) => ({
  firstName: v.firstName.trim(),
  lastName: v.lastName.trim(),
  relationship: v.relationship.trim(),
  phoneNumber: blankToNull(v.phoneNumber),
  email: blankToNull(v.email),
  isEmergencyContact: v.isEmergencyContact,
  hasPortalAccess: v.hasPortalAccess,
});

function ContactForm(props: RecordFormProps<ClientContactOutput, ContactPayload>) {
  const { record, frame } = useRecordSave(props, 'Contact', {
    schema: ZContactForm,
    toPayload,
    initialValues: contactValues(props.row),
  });
  return (
    <RecordFormFrame {...frame}>
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

const contactName = (c: ClientContactOutput) => `${c.firstName} ${c.lastName}`;

const CONTACT_COLUMNS: RecordColumn<ClientContactOutput>[] = [
  {
    label: 'Name',
    cell: (c) => (
      <Group gap={6}>
        <Text size="sm">{contactName(c)}</Text>
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
    ),
  },
  { label: 'Relationship', cell: (c) => c.relationship },
  { label: 'Phone', cell: (c) => c.phoneNumber ?? '—', nowrap: true },
  { label: 'Email', cell: (c) => c.email ?? '—' },
];

/** Family and trusted contacts: relationship, phone, email, emergency flag, portal access and its login link. */
export function ClientContactsSection(props: { clientId: number; canEdit: boolean; canSendLink: boolean }) {
  const { clientId, canEdit, canSendLink } = props;
  const trpc = useTRPC();
  const { list, api } = useOwnedRecords<{ clientId: number }, ClientContactOutput, ContactPayload>(
    { clientId },
    {
      list: trpc.getClientContacts,
      create: trpc.createClientContact,
      update: trpc.updateClientContact,
      remove: trpc.deleteClientContact,
    },
    canEdit,
  );
  return (
    <RecordTableSection
      title="Contacts"
      noun="contact"
      addLabel="Add contact"
      emptyText="No contacts yet."
      rows={list.data}
      loading={list.isPending}
      error={list.error}
      canAdd={canEdit}
      canEdit={() => canEdit}
      what={(c) => `contact ${contactName(c)}`}
      remove={api.remove}
      moreActions={(c) =>
        canSendLink &&
        c.email &&
        c.hasPortalAccess && (
          <SendLoginLinkButton
            procedure={trpc.sendClientContactLoginLink}
            input={{ contactId: c.id }}
            size="compact-xs"
            variant="subtle"
            iconSize={13}
            aria-label={`Send login link to ${contactName(c)}`}
          />
        )
      }
      table={{ minWidth: 640, columns: CONTACT_COLUMNS }}
      modalSize="lg"
      form={(p) => <ContactForm {...p} api={api} />}
    />
  );
}
