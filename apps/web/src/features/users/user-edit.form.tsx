import { useState } from 'react';
import { Alert, Box, PasswordInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIMEZONE } from '@hearth/shared/app/app.constants';
import { ROLE_PICKER_OPTIONS } from '@hearth/shared/roles/roles.constants';
import { ZUserEditFields } from '@hearth/shared/users/users.schema';
import { errorMessageOf, fieldErrorsOf, httpStatusOf } from '@/api/api-error';
import { useTRPC, type RouterOutputs } from '@/api/trpc';
import { EditFormFrame } from '@/components/records/edit-form-frame';
import { TimeZoneSelect } from '@/components/records/time-zone-select';
import { rebaseForm } from '@/forms/rebase-form';
import { useRecordForm, type RecordForm } from '@/forms/use-record-form';
import { userHistoryKey } from './user-history.panel';

type UserDetail = RouterOutputs['getUser'];

/** The form holds text inputs as strings (empty = not set) and the role as a number. */
interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  isActive: boolean;
  timezone: string;
  ssn: string;
  adpFileNumber: string;
  v2RoleId: number | null;
}

function toFormValues(user: UserDetail): UserFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber ?? '',
    isActive: user.isActive,
    timezone: user.timezone || DEFAULT_TIMEZONE,
    ssn: user.ssn ?? '',
    adpFileNumber: user.adpFileNumber ?? '',
    v2RoleId: user.v2RoleId,
  };
}

/**
 * Role picker options (spec section 5), enabled only for the roles the server says the caller may grant this user
 * (issue 28 "Who may manage whom"), keeping an unlisted current role visible rather than blanking it. Role names are
 * in the shown language.
 */
function roleOptions(current: number | null, grantable: number[], t: TFunction<['admin', 'common']>) {
  const options: { value: string; label: string; disabled: boolean }[] = ROLE_PICKER_OPTIONS.map((o) => ({
    value: String(o.value),
    label: t(`users.roleNames.${o.value}`),
    disabled: !grantable.includes(o.value),
  }));
  if (current !== null && !options.some((o) => o.value === String(current))) {
    options.push({ value: String(current), label: t('users.roleId', { id: current }), disabled: true });
  }
  return options;
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The updateUser input of the form's values: what Save sends and what the server checks as the user types. */
function toUpdateInput(id: number, values: UserFormValues) {
  return {
    id,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phoneNumber: blankToNull(values.phoneNumber),
    isActive: values.isActive,
    timezone: values.timezone,
    ssn: blankToNull(values.ssn),
    adpFileNumber: blankToNull(values.adpFileNumber),
    v2RoleId: values.v2RoleId,
  };
}

/**
 * The user's fields. Only what the server says the caller may change is editable (`user.management`): the role and
 * active flag not for oneself, the email and phone only for a system-level caller or oneself.
 */
function UserFields({ record, management }: { record: RecordForm<UserFormValues>; management: UserDetail['management'] }) {
  const { form, inputProps } = record;
  const { mayChangeAccess, mayChangeContact, grantableRoleIds } = management;
  const { t } = useTranslation(['admin', 'common']);
  const contactNote = mayChangeContact ? undefined : t('users.contactNote');
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('common:fields.firstName')} required {...inputProps('firstName')} />
        <TextInput label={t('common:fields.lastName')} required {...inputProps('lastName')} />
        <TextInput
          label={t('common:fields.email')}
          type="email"
          required
          readOnly={!mayChangeContact}
          description={contactNote}
          {...inputProps('email')}
        />
        <TextInput
          label={t('common:fields.phoneNumber')}
          type="tel"
          readOnly={!mayChangeContact}
          description={contactNote}
          {...inputProps('phoneNumber')}
        />
        <Select
          label={t('users.role')}
          placeholder={t('users.noRole')}
          data={roleOptions(form.values.v2RoleId, grantableRoleIds, t)}
          disabled={!mayChangeAccess}
          value={form.values.v2RoleId === null ? null : String(form.values.v2RoleId)}
          onChange={(value) => form.setFieldValue('v2RoleId', value === null ? null : Number(value))}
          error={record.errorOf('v2RoleId')}
          clearable={mayChangeAccess}
        />
        <TimeZoneSelect {...inputProps('timezone')} />
        <PasswordInput label={t('users.ssn')} autoComplete="off" {...inputProps('ssn')} />
        <TextInput label={t('common:fields.adpFileNumber')} {...inputProps('adpFileNumber')} />
      </SimpleGrid>
      <Switch label={t('common:fields.active')} disabled={!mayChangeAccess} {...inputProps('isActive', { type: 'checkbox' })} />
    </>
  );
}

/**
 * The user edit form (spec "User edit payload") in the shared EditFormFrame, checked by the shared ZUserEditFields
 * schema before it is sent and showing the server's field errors beside their fields when the server refuses it.
 * Once edited, the values are also checked by the server in parse-only mode as the user types (spec section 5);
 * the form's own errors win over those where both name a field. Nothing is editable when the user lies outside the
 * caller's reach (`user.management.refusal`, shown above the fields).
 */
export function UserEditForm({ user }: { user: UserDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t } = useTranslation(['admin', 'common']);
  // The message of a refusal that names a field but is no invalid input (who may manage whom, an email in use).
  const [refusedSave, setRefusedSave] = useState<string | null>(null);
  const toInput = (values: UserFormValues) => toUpdateInput(user.id, values);
  const record = useRecordForm<UserFormValues, ReturnType<typeof toInput>>({
    initialValues: toFormValues(user),
    toPayload: toInput,
    // The shared schema also accepts the masked SSN (***-**-1234) the API sends out, which means "unchanged".
    schema: ZUserEditFields,
    check: (input) => ({ action: 'updateUser', input }),
  });
  const update = useMutation(
    trpc.updateUser.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.getUser.queryKey({ id: saved.id }), saved);
        rebaseForm(record.form, toFormValues(saved));
        void queryClient.invalidateQueries({ queryKey: trpc.getUsers.queryKey() });
        void queryClient.invalidateQueries({ queryKey: userHistoryKey(saved.id) });
        notifications.show({ color: 'teal', message: t('users.saved') });
      },
      onError: (error) => {
        record.onSaveError(error);
        // A refusal by the rules of who may manage whom names its field too; its message says why.
        const namesFields = Object.keys(fieldErrorsOf(error)).length > 0;
        setRefusedSave(namesFields && httpStatusOf(error) !== 400 ? errorMessageOf(error) : null);
      },
    }),
  );
  const clearSaveError = () => {
    setRefusedSave(null);
    record.clearSaveError();
  };
  const { refusal } = user.management;
  return (
    <Box maw={720}>
      <EditFormFrame
        record={{ ...record, saveError: refusedSave ?? record.saveError, clearSaveError }}
        onSubmit={(values) => update.mutate(toInput(values))}
        pending={update.isPending}
        readOnly={refusal !== null}
      >
        <Stack gap="sm">
          {refusal && (
            <Alert color="yellow" role="status">
              {refusal}
            </Alert>
          )}
          <UserFields record={record} management={user.management} />
        </Stack>
      </EditFormFrame>
    </Box>
  );
}
