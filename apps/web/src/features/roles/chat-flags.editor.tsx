import { useState } from 'react';
import { Button, Divider, Group, Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROLE_CHAT_FLAGS, type RoleChatFlag, type RoleOutput } from '@hearth/shared/roles/roles.schema';
import { useTRPC } from '@/api/trpc';

interface Props {
  role: RoleOutput;
  readOnly: boolean;
}

type Flags = Record<RoleChatFlag, boolean>;

function flagsOf(role: RoleOutput): Flags {
  return Object.fromEntries(ROLE_CHAT_FLAGS.map((flag) => [flag, role[flag]])) as Flags;
}

/** Saves all nine flags through updateRoleChatFlags, puts the saved role into getRoles' cache, and notifies. */
function useSaveChatFlags() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t } = useTranslation(['admin', 'common']);
  return useMutation(
    trpc.updateRoleChatFlags.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.getRoles.queryKey(), (roles) =>
          roles?.map((role) => (role.id === saved.id ? saved : role)),
        );
        notifications.show({ color: 'teal', message: t('roles.chat.saved', { role: saved.name }) });
      },
      onError: (error) => notifications.show({ color: 'red', title: t('roles.chat.notSaved'), message: error.message }),
    }),
  );
}

/**
 * The nine chat flags of one role (spec section 3 "Role") as switches, each with what it allows; Save sends the
 * whole set. Every flag but "Chat" counts only while "Chat" is on, so the others are dimmed while it is off (they
 * stay editable, so an admin can prepare a role before turning chat on). Users get a change at their next request.
 */
export function ChatFlagsEditor({ role, readOnly }: Props) {
  const initial = flagsOf(role);
  const [flags, setFlags] = useState<Flags>(initial);
  const save = useSaveChatFlags();
  const { t } = useTranslation(['admin', 'common']);
  const dirty = ROLE_CHAT_FLAGS.some((flag) => flags[flag] !== initial[flag]);
  const [master, ...rights] = ROLE_CHAT_FLAGS;

  const row = (flag: RoleChatFlag) => (
    <Switch
      key={flag}
      size="sm"
      label={t(`roles.chat.flags.${flag}.label`)}
      description={<span id={`chat-flag-${flag}-description`}>{t(`roles.chat.flags.${flag}.description`)}</span>}
      // The label wraps the description too: name the switch by its label alone and describe it by the text.
      aria-label={t(`roles.chat.flags.${flag}.label`)}
      aria-describedby={`chat-flag-${flag}-description`}
      checked={flags[flag]}
      disabled={readOnly}
      onChange={(event) => {
        const on = event.currentTarget.checked;
        setFlags((previous) => ({ ...previous, [flag]: on }));
      }}
      opacity={flag !== master && !flags[master] ? 0.6 : 1}
      data-testid={`chat-flag-${flag}`}
    />
  );

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('roles.chat.intro')}
      </Text>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          {row(master)}
          <Divider />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
            {rights.map(row)}
          </SimpleGrid>
        </Stack>
      </Paper>
      {!readOnly && (
        <Group justify="flex-end" gap="sm">
          <Button size="xs" variant="default" disabled={!dirty} onClick={() => setFlags(initial)}>
            {t('common:actions.reset')}
          </Button>
          <Button size="xs" disabled={!dirty} loading={save.isPending} onClick={() => save.mutate({ roleId: role.id, ...flags })}>
            {t('roles.chat.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
