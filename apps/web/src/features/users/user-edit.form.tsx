import { useState } from 'react';
import { Alert, Button, Group, PasswordInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_TIMEZONE } from '@hearth/shared/app/app.constants';
import { timeZoneOptions } from '@hearth/shared/app/time-zones';
import { ROLE_PICKER_OPTIONS } from '@hearth/shared/roles/roles.constants';
import { ZUserEditFields } from '@hearth/shared/users/users.schema';
import { fieldErrorsOf } from '@/api/api-error';
import { useTRPC, type RouterOutputs } from '@/api/trpc';
import { rebaseForm } from '@/forms/rebase-form';
import { zodValidate } from '@/forms/zod-validate';
import { useServerValidation } from '@/forms/use-server-validation';
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
 * (issue 28 "Who may manage whom"), keeping an unlisted current role visible rather than blanking it.
 */
function roleOptions(current: number | null, grantable: number[]) {
  const options: { value: string; label: string; disabled: boolean }[] = ROLE_PICKER_OPTIONS.map((o) => ({
    value: String(o.value),
    label: o.label,
    disabled: !grantable.includes(o.value),
  }));
  if (current !== null && !options.some((o) => o.value === String(current))) {
    options.push({ value: String(current), label: `Role ${current}`, disabled: true });
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
 * The user edit form (spec "User edit payload"), checked by the shared ZUserEditFields schema before it is sent
 * and showing the server's field errors beside their fields when the server refuses it. Once edited, the values
 * are also checked by the server in parse-only mode as the user types (spec section 5); the form's own errors
 * win over those where both name a field. Only what the server says the caller may change is editable
 * (`user.management`): the role and active flag not for oneself, the email and phone only for a system-level
 * caller or oneself, nothing when the user lies outside the caller's reach.
 */
export function UserEditForm({ user }: { user: UserDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<UserFormValues>({
    initialValues: toFormValues(user),
    // The shared schema also accepts the masked SSN (***-**-1234) the API sends out, which means "unchanged".
    validate: zodValidate<UserFormValues>(ZUserEditFields),
  });
  const serverErrors = useServerValidation('updateUser', toUpdateInput(user.id, form.values), { enabled: form.isDirty() });
  const inputProps = (field: keyof UserFormValues, options?: { type: 'checkbox' }) => {
    const props = form.getInputProps(field, options);
    return { ...props, error: props.error ?? serverErrors[field] };
  };

  const update = useMutation(
    trpc.updateUser.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.getUser.queryKey({ id: saved.id }), saved);
        rebaseForm(form, toFormValues(saved));
        void queryClient.invalidateQueries({ queryKey: trpc.getUsers.queryKey() });
        void queryClient.invalidateQueries({ queryKey: userHistoryKey(saved.id) });
        notifications.show({ color: 'teal', message: 'User saved' });
      },
      onError: (error) => {
        const fieldErrors = fieldErrorsOf(error);
        form.setErrors(fieldErrors);
        // A refusal by the rules of who may manage whom names its field too; its message says why.
        const invalidInput = error.data?.httpStatus === 400 && Object.keys(fieldErrors).length > 0;
        setServerError(invalidInput ? 'Please correct the highlighted fields.' : error.message);
      },
    }),
  );

  const onSubmit = form.onSubmit((values) => {
    setServerError(null);
    update.mutate(toUpdateInput(user.id, values));
  });

  const { refusal, mayChangeAccess, mayChangeContact, grantableRoleIds } = user.management;
  const contactNote = mayChangeContact ? undefined : 'Only a system-level administrator may change this';

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={refusal !== null} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm" maw={720}>
          {refusal && (
            <Alert color="yellow" role="status">
              {refusal}
            </Alert>
          )}
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="First name" required {...inputProps('firstName')} />
            <TextInput label="Last name" required {...inputProps('lastName')} />
            <TextInput
              label="Email"
              type="email"
              required
              readOnly={!mayChangeContact}
              description={contactNote}
              {...inputProps('email')}
            />
            <TextInput
              label="Phone number"
              type="tel"
              readOnly={!mayChangeContact}
              description={contactNote}
              {...inputProps('phoneNumber')}
            />
            <Select
              label="Role"
              placeholder="No role"
              data={roleOptions(form.values.v2RoleId, grantableRoleIds)}
              disabled={!mayChangeAccess}
              value={form.values.v2RoleId === null ? null : String(form.values.v2RoleId)}
              onChange={(value) => form.setFieldValue('v2RoleId', value === null ? null : Number(value))}
              error={form.errors.v2RoleId ?? serverErrors.v2RoleId}
              clearable={mayChangeAccess}
            />
            <Select
              label="Time zone"
              data={timeZoneOptions(form.values.timezone)}
              allowDeselect={false}
              searchable
              {...inputProps('timezone')}
            />
            <PasswordInput label="SSN" autoComplete="off" {...inputProps('ssn')} />
            <TextInput label="ADP file number" {...inputProps('adpFileNumber')} />
          </SimpleGrid>
          <Switch label="Active" disabled={!mayChangeAccess} {...inputProps('isActive', { type: 'checkbox' })} />
          {refusal === null && (
            <Group justify="flex-end" gap="sm">
              <Button variant="default" size="xs" disabled={!form.isDirty()} onClick={() => form.reset()}>
                Reset
              </Button>
              <Button type="submit" size="xs" loading={update.isPending}>
                Save
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
