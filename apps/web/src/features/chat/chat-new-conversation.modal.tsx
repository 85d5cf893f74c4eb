import { useState } from 'react';
import {
  Button,
  Group,
  Modal,
  type OptionsFilter,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHAT_GROUP_MAX_MEMBERS, CHAT_TITLE_MAX_LENGTH } from '@hearth/shared/chat/chat.constants';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { useChatContacts, useStartConversation } from './chat.queries';

type Kind = 'direct' | 'group' | 'office';

/**
 * "New conversation" (issue 22 item 1): with one person, a titled group, or the office of a branch, among the
 * contacts the server offers (listContacts: the people in reach and the offices the caller may write to), optionally
 * about a client. Direct and group need chatInitiateConversationEnabled (`canInitiate`). Opens the conversation made
 * (or the existing direct or office one of the same people) through `onStarted`.
 */
export function ChatNewConversationModal(props: {
  opened: boolean;
  onClose: () => void;
  canInitiate: boolean;
  onStarted: (conversationId: number) => void;
}) {
  const { opened, onClose, canInitiate, onStarted } = props;
  const { t } = useTranslation('chat');
  const [kind, setKind] = useState<Kind>(canInitiate ? 'direct' : 'office');
  const [people, setPeople] = useState<string[]>([]);
  const [branchId, setBranchId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [client, setClient] = useState<string | null>(null);
  const offices = useChatContacts('', opened && kind === 'office');
  const start = useStartConversation();

  const close = () => {
    setPeople([]);
    setTitle('');
    setClient(null);
    setBranchId(null);
    start.reset();
    onClose();
  };
  const submit = () =>
    start.mutate(
      {
        kind,
        userIds: kind === 'office' ? [] : people.map(Number),
        branchId: kind === 'office' && branchId ? Number(branchId) : undefined,
        title: kind === 'group' ? title.trim() : undefined,
        clientId: client ? Number(client) : undefined,
      },
      {
        onSuccess: (conversation) => {
          close();
          onStarted(conversation.id);
        },
      },
    );
  const ready =
    kind === 'office' ? branchId !== null : kind === 'direct' ? people.length === 1 : people.length > 0 && title.trim() !== '';

  return (
    <Modal opened={opened} onClose={close} title={t('start.title')} size="lg">
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('start.kind')}
          value={kind}
          onChange={(value) => setKind(value as Kind)}
          data={[
            { value: 'direct', label: t('start.direct'), disabled: !canInitiate },
            { value: 'group', label: t('start.group'), disabled: !canInitiate },
            { value: 'office', label: t('start.office') },
          ]}
        />
        {kind === 'office' ? (
          <Select
            label={t('start.officeLabel')}
            data={(offices.data?.offices ?? []).map((o) => ({ value: String(o.branchId), label: o.name }))}
            value={branchId}
            onChange={setBranchId}
            required
          />
        ) : (
          <>
            {kind === 'group' && (
              <TextInput
                label={t('start.groupTitle')}
                value={title}
                onChange={(e) => setTitle(e.currentTarget.value)}
                maxLength={CHAT_TITLE_MAX_LENGTH}
                required
              />
            )}
            <PeoplePicker multiple={kind === 'group'} value={people} onChange={setPeople} enabled={opened} />
          </>
        )}
        <ClientSelect value={client} onChange={setClient} enabled={opened} />
        {start.isError && (
          <Text c="red" size="sm" role="alert">
            {errorMessageOf(start.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('start.cancel')}
          </Button>
          <Button onClick={submit} disabled={!ready} loading={start.isPending}>
            {t('start.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The server already matched the search; filtering again here would hide "Lee, Ann" for "ann lee". */
const keepServerMatches: OptionsFilter = ({ options }) => options;

/**
 * The person (direct) or people (group) to write to, searched among the contacts the server offers (listContacts,
 * 250 ms after the last keystroke); people picked stay listed while a search shows others.
 */
function PeoplePicker(props: { multiple: boolean; value: string[]; onChange: (ids: string[]) => void; enabled: boolean }) {
  const { multiple, value, onChange, enabled } = props;
  const { t } = useTranslation('chat');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const contacts = useChatContacts(debounced, enabled);
  const [known, setKnown] = useState<Map<string, string>>(new Map());
  const found = (contacts.data?.people ?? []).map((p) => ({ value: String(p.userId), label: `${p.name} (${p.roleName})` }));
  const options = [
    ...found,
    ...value.filter((id) => !found.some((o) => o.value === id)).map((id) => ({ value: id, label: known.get(id) ?? id })),
  ];
  const pick = (ids: string[]) => {
    const next = new Map(known);
    for (const option of found) if (ids.includes(option.value)) next.set(option.value, option.label);
    setKnown(next);
    onChange(ids);
  };
  const common = {
    searchable: true,
    data: options,
    searchValue: search,
    onSearchChange: setSearch,
    filter: keepServerMatches,
    nothingFoundMessage: t('start.noPeople'),
    required: true,
  };
  return multiple ? (
    <MultiSelect {...common} label={t('start.people')} value={value} onChange={pick} maxValues={CHAT_GROUP_MAX_MEMBERS} />
  ) : (
    <Select {...common} label={t('start.person')} value={value[0] ?? null} onChange={(id) => pick(id ? [id] : [])} />
  );
}

/** "About a client" (optional): clients of the caller's branches found by name (queryOptionsView 'clients'). */
function ClientSelect(props: { value: string | null; onChange: (value: string | null) => void; enabled: boolean }) {
  const { t } = useTranslation('chat');
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim().split(/[\s,]+/)[0] ?? '', 250);
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const options = useQuery({
    ...trpc.queryOptionsView.queryOptions(
      props.enabled && debounced && debounced !== picked?.label ? { view: 'clients', value: debounced } : skipToken,
    ),
    placeholderData: keepPreviousData,
  });
  const data = [...(options.data ?? [])];
  if (picked && !data.some((o) => o.value === picked.value)) data.unshift(picked);
  return (
    <Select
      label={t('start.aboutClient')}
      description={t('start.aboutClientHint')}
      searchable
      clearable
      data={data}
      value={props.value}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={t('start.typeClient')}
      onChange={(value) => {
        setPicked(data.find((o) => o.value === value) ?? null);
        props.onChange(value);
      }}
    />
  );
}
