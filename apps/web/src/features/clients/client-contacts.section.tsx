import { Autocomplete, Badge, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { addFieldIssues } from '@hearth/shared/records/records.schema';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { contactRuleErrors, ZClientContactFields, type ClientContactOutput } from '@hearth/shared/clients/clients.schema';
import {
  CONTACT_PERMISSIONS,
  DEFAULT_CONTACT_PERMISSIONS,
  type ContactPermission,
} from '@hearth/shared/client-app/client-app.constants';
import { useTRPC } from '@/api/trpc';
import { useOwnedRecords } from '@/components/records/owned-records';
import { blankToNull } from '@/components/records/record-api';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { useRecordSave, type RecordFormProps } from '@/components/records/record-save';
import { RecordTableSection, type RecordColumn } from '@/components/records/record-table';
import { SendLoginLinkButton } from '@/components/records/send-login-link';

/** Suggested relationships (any text is accepted), offered in the shown language. */
const RELATIONSHIPS = [
  'daughter',
  'son',
  'spouse',
  'partner',
  'sibling',
  'parent',
  'friend',
  'neighbor',
  'guardian',
  'powerOfAttorney',
] as const;

/** The contact form's checks: the fields, then the rules across them (emergency needs a phone, portal an email). */
const ZContactForm = ZClientContactFields.superRefine((c, ctx) => addFieldIssues(ctx, contactRuleErrors(c)));

/** Each contact permission's field on the contact record (clients.schema.ts portal* fields). */
const PERMISSION_FIELD = {
  schedule: 'portalSchedule',
  careNotes: 'portalCareNotes',
  messages: 'portalMessages',
  alerts: 'portalAlerts',
  statements: 'portalStatements',
} as const satisfies Record<ContactPermission, keyof ClientContactOutput>;

/** The form's values for a contact, blank for a new one (a new contact's permissions: the defaults). */
const contactValues = (c: ClientContactOutput | null) => ({
  firstName: c?.firstName ?? '',
  lastName: c?.lastName ?? '',
  relationship: c?.relationship ?? '',
  phoneNumber: c?.phoneNumber ?? '',
  email: c?.email ?? '',
  isEmergencyContact: c?.isEmergencyContact ?? false,
  hasPortalAccess: c?.hasPortalAccess ?? false,
  portalSchedule: c?.portalSchedule ?? DEFAULT_CONTACT_PERMISSIONS.schedule,
  portalCareNotes: c?.portalCareNotes ?? DEFAULT_CONTACT_PERMISSIONS.careNotes,
  portalMessages: c?.portalMessages ?? DEFAULT_CONTACT_PERMISSIONS.messages,
  portalAlerts: c?.portalAlerts ?? DEFAULT_CONTACT_PERMISSIONS.alerts,
  portalStatements: c?.portalStatements ?? DEFAULT_CONTACT_PERMISSIONS.statements,
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
  portalSchedule: v.portalSchedule,
  portalCareNotes: v.portalCareNotes,
  portalMessages: v.portalMessages,
  portalAlerts: v.portalAlerts,
  portalStatements: v.portalStatements,
});

function ContactForm(props: RecordFormProps<ClientContactOutput, ContactPayload>) {
  const { t } = useTranslation(['records', 'common']);
  const { record, frame } = useRecordSave(props, 'contacts', {
    schema: ZContactForm,
    toPayload,
    initialValues: contactValues(props.row),
  });
  return (
    <RecordFormFrame {...frame}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('common:fields.firstName')} required data-autofocus {...record.inputProps('firstName')} />
        <TextInput label={t('common:fields.lastName')} required {...record.inputProps('lastName')} />
        <Autocomplete
          label={t('contacts.relationship')}
          required
          data={RELATIONSHIPS.map((r) => t(`contacts.relationships.${r}`))}
          {...record.inputProps('relationship')}
        />
        <TextInput label={t('common:fields.phoneNumber')} type="tel" {...record.inputProps('phoneNumber')} />
        <TextInput label={t('common:fields.email')} type="email" {...record.inputProps('email')} />
      </SimpleGrid>
      <Checkbox label={t('contacts.emergencyContact')} {...record.inputProps('isEmergencyContact', { type: 'checkbox' })} />
      <Checkbox label={t('contacts.portalAccess')} {...record.inputProps('hasPortalAccess', { type: 'checkbox' })} />
      {record.form.values.hasPortalAccess && (
        <Fieldset legend={t('contacts.permissions.legend')} variant="filled" p="sm">
          <Stack gap="xs">
            {CONTACT_PERMISSIONS.map((permission) => (
              <Checkbox
                key={permission}
                label={t(`contacts.permissions.${permission}`)}
                description={t(`contacts.permissions.${permission}Hint`)}
                {...record.inputProps(PERMISSION_FIELD[permission], { type: 'checkbox' })}
              />
            ))}
          </Stack>
        </Fieldset>
      )}
    </RecordFormFrame>
  );
}

const contactName = (c: ClientContactOutput) => `${c.firstName} ${c.lastName}`;

/** The contacts table's columns, headed in the shown language. */
const contactColumns = (t: TFunction<['records', 'common']>): RecordColumn<ClientContactOutput>[] => [
  {
    label: t('common:fields.name'),
    cell: (c) => (
      <Group gap={6}>
        <Text size="sm">{contactName(c)}</Text>
        {c.isEmergencyContact && (
          <Badge size="xs" color="red" variant="light" style={{ flexShrink: 0 }}>
            {t('contacts.emergency')}
          </Badge>
        )}
        {c.hasPortalAccess && (
          <Badge size="xs" color="blue" variant="light" style={{ flexShrink: 0 }}>
            {t('contacts.portal')}
          </Badge>
        )}
      </Group>
    ),
  },
  { label: t('contacts.relationship'), cell: (c) => c.relationship },
  {
    label: t('contacts.permissions.column'),
    cell: (c) =>
      c.hasPortalAccess
        ? CONTACT_PERMISSIONS.filter((p) => c[PERMISSION_FIELD[p]])
            .map((p) => t(`contacts.permissions.${p}`))
            .join(', ') || t('contacts.permissions.none')
        : '—',
  },
  { label: t('common:fields.phone'), cell: (c) => c.phoneNumber ?? '—', nowrap: true },
  { label: t('common:fields.email'), cell: (c) => c.email ?? '—' },
];

/**
 * Family and trusted contacts: relationship, phone, email, emergency flag, portal access with what the contact may
 * do in the client app (the five permissions, issue "client and family app" item 6; the app follows a change at
 * once) and the login link.
 */
export function ClientContactsSection(props: { clientId: number; canEdit: boolean; canSendLink: boolean }) {
  const { clientId, canEdit, canSendLink } = props;
  const trpc = useTRPC();
  const { t } = useTranslation(['records', 'common']);
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
      title={t('contacts.title')}
      loadingLabel={t('contacts.loading')}
      noun={t('contacts.noun')}
      addLabel={t('contacts.add')}
      emptyText={t('contacts.empty')}
      rows={list.data}
      loading={list.isPending}
      error={list.error}
      canAdd={canEdit}
      canEdit={() => canEdit}
      what={(c) => t('contacts.what', { name: contactName(c) })}
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
            aria-label={t('sendLink.to', { name: contactName(c) })}
          />
        )
      }
      table={{ minWidth: 640, columns: contactColumns(t) }}
      modalSize="lg"
      form={(p) => <ContactForm {...p} api={api} />}
    />
  );
}
