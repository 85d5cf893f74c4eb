import { useState } from 'react';
import { Badge, Group, Paper, Select, Skeleton, Stack, Switch, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPaperclip, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ConversationSummary } from '@hearth/shared/chat/chat.schema';
import { useUserTimeZone } from '@/api/display-zone';
import { useBranchOptions } from '@/components/records/options';
import { countBadge } from '@/format/count-badge';
import { shortWhen } from './chat-format';
import { useConversations } from './chat.queries';
import classes from './chat-staff.module.css';
import { LabelledPagination } from '@/components/pagination/labelled-pagination';

const PAGE_SIZE = 30;

/**
 * The staff side's conversation list (issue 22 item 6): newest activity first, searchable by title or member name,
 * "Unread only", and for supervisors (chatReadBranchConversationsEnabled) a branch to read every conversation of.
 * Each row shows the title, what it is about, the last message and the unread count.
 */
export function ChatConversationList(props: {
  selectedId: number | null;
  onSelect: (conversationId: number) => void;
  readBranch: boolean;
}) {
  const { selectedId, onSelect, readBranch } = props;
  const { t } = useTranslation('chat');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [branchId, setBranchId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const branches = useBranchOptions();
  const list = useConversations({
    search: debounced || undefined,
    unreadOnly,
    branchId: branchId ? Number(branchId) : undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const rows = list.data?.rows;
  const pages = list.data?.totalPages ?? 1;

  return (
    <Stack gap="xs" className={classes.list}>
      <TextInput
        aria-label={t('list.search')}
        placeholder={t('list.search')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <Group gap="sm" wrap="nowrap">
        <Switch
          label={t('list.unreadOnly')}
          checked={unreadOnly}
          onChange={(event) => {
            setUnreadOnly(event.currentTarget.checked);
            setPage(1);
          }}
        />
        {readBranch && (
          <Select
            aria-label={t('list.branch')}
            placeholder={t('list.myConversations')}
            data={branches.options}
            value={branchId}
            onChange={(value) => {
              setBranchId(value);
              setPage(1);
            }}
            clearable
            size="xs"
            style={{ flex: 1 }}
          />
        )}
      </Group>
      <Paper withBorder radius="md" p={4} className={classes.scroller} style={{ contain: 'content' }}>
        {list.isPending ? (
          <Stack gap="xs" aria-label={t('list.loading')}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={56} radius="md" />
            ))}
          </Stack>
        ) : list.isError ? (
          <Text c="red" p="sm">
            {list.error.message}
          </Text>
        ) : !rows?.length ? (
          <Text c="dimmed" ta="center" py="xl">
            {debounced || unreadOnly ? t('list.noMatch') : t('list.empty')}
          </Text>
        ) : (
          <ul className={classes.items} aria-label={t('list.label')}>
            {rows.map((row) => (
              <li key={row.id}>
                <ConversationRow row={row} selected={row.id === selectedId} onSelect={onSelect} />
              </li>
            ))}
          </ul>
        )}
      </Paper>
      {pages > 1 && <LabelledPagination size="sm" total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}

/** One conversation: title and unread badge, what it is about, the last message and its time. */
function ConversationRow(props: { row: ConversationSummary; selected: boolean; onSelect: (id: number) => void }) {
  const { row, selected, onSelect } = props;
  const { t, i18n } = useTranslation('chat');
  const zone = useUserTimeZone();
  const unread = countBadge(row.unreadCount, i18n.language);
  const last = row.lastMessage;
  const preview = last
    ? last.preview || (last.hasAttachments ? t('list.attachmentOnly') : t('list.deleted'))
    : t('list.noMessages');
  return (
    <UnstyledButton
      className={classes.item}
      onClick={() => onSelect(row.id)}
      aria-current={selected ? 'true' : undefined}
      aria-label={unread ? t('list.rowUnread', { title: row.title, count: row.unreadCount }) : row.title}
      data-testid={`conversation-${row.id}`}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={row.unreadCount > 0 ? 700 : 500} truncate>
          {row.title}
        </Text>
        {unread && (
          <Badge size="sm" circle={row.unreadCount < 10} aria-hidden>
            {unread}
          </Badge>
        )}
      </Group>
      {(row.about.clientName || row.kind !== 'direct' || !row.isMember) && (
        <Group gap={4} wrap="nowrap">
          {row.kind !== 'direct' && (
            // The default variant keeps its own background, so its text contrasts on the selected row's tint too.
            <Badge size="xs" variant="default">
              {t(`kinds.${row.kind}`)}
            </Badge>
          )}
          {!row.isMember && (
            <Badge size="xs" variant="default" fs="italic">
              {t('list.notMember')}
            </Badge>
          )}
          {row.about.clientName && (
            <Text size="xs" c="dimmed" truncate>
              {t('list.about', { name: row.about.clientName })}
            </Text>
          )}
        </Group>
      )}
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" c="dimmed" truncate>
          {last ? `${last.senderName}: ` : ''}
          {last?.hasAttachments && <IconPaperclip size={12} aria-label={t('list.hasAttachments')} />}
          {preview}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {shortWhen(row.updatedAt, zone)}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
