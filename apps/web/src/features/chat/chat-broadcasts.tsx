import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX_LENGTH } from '@hearth/shared/chat/chat.constants';
import { errorMessageOf } from '@/api/api-error';
import { useUserTimeZone } from '@/api/display-zone';
import { useBranchOptions } from '@/components/records/options';
import { formatInstant } from '@/format/instant-format';
import { useBroadcast, useBroadcasts } from './chat.queries';
import { LabelledPagination } from '@/components/pagination/labelled-pagination';

/**
 * The caller's broadcasts, newest first (issue 22 item 3), each with its audience, when it went, and how many of its
 * recipients have read it ("Read by 3 of 12", from the recipients' read positions).
 */
export function ChatBroadcastList() {
  const { t } = useTranslation('chat');
  const zone = useUserTimeZone();
  const [page, setPage] = useState(1);
  const list = useBroadcasts(page);
  if (list.isPending) return <Skeleton height={120} radius="md" aria-label={t('broadcasts.loading')} />;
  if (list.isError) return <Text c="red">{list.error.message}</Text>;
  if (list.data.rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('broadcasts.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('broadcasts.label')}>
        {list.data.rows.map((b) => (
          <Paper key={b.id} component="li" withBorder radius="md" p="sm" data-testid={`broadcast-${b.id}`}>
            <Group justify="space-between" gap="xs">
              <Group gap="xs">
                <Badge variant="light">
                  {b.audience === 'company' ? t('broadcasts.company') : (b.branchName ?? t('broadcasts.branch'))}
                </Badge>
                <Text size="xs" c="dimmed">
                  {t('broadcasts.sentBy', { name: b.senderName, when: formatInstant(b.createdAt, zone) })}
                </Text>
              </Group>
              <Text size="sm" fw={500}>
                {t('broadcasts.readCount', { read: b.readCount, count: b.recipientCount })}
              </Text>
            </Group>
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }} lineClamp={3}>
              {b.body}
            </Text>
            <Progress
              mt={6}
              size="sm"
              value={b.recipientCount ? (100 * b.readCount) / b.recipientCount : 0}
              aria-label={t('broadcasts.readCount', { read: b.readCount, count: b.recipientCount })}
            />
          </Paper>
        ))}
      </Stack>
      {list.data.totalPages > 1 && <LabelledPagination size="sm" total={list.data.totalPages} value={page} onChange={setPage} />}
    </Stack>
  );
}

/**
 * "Broadcast" (issue 22 item 3): one message to every chat-enabled caregiver of a branch (chatBroadcastEnabled) or of
 * the company (chatBroadcastAllEnabled); each receives it in a conversation with the sender. The draft keeps one
 * clientMessageId, so pressing Send again after a lost answer does not send twice.
 */
export function ChatBroadcastModal(props: { opened: boolean; onClose: () => void; branch: boolean; company: boolean }) {
  const { opened, onClose, branch, company } = props;
  const { t } = useTranslation('chat');
  const branches = useBranchOptions();
  const [audience, setAudience] = useState<'branch' | 'company'>(branch ? 'branch' : 'company');
  const [branchId, setBranchId] = useState<string | null>(null);
  const [body, setBody] = useState('');
  const [clientMessageId, setClientMessageId] = useState(() => crypto.randomUUID());
  const send = useBroadcast();
  const ready = body.trim() !== '' && (audience === 'company' || branchId !== null);
  const close = () => {
    send.reset();
    onClose();
  };
  const submit = () =>
    send.mutate(
      {
        audience,
        branchId: audience === 'branch' && branchId ? Number(branchId) : undefined,
        clientMessageId,
        body: body.trim(),
      },
      {
        onSuccess: (sent) => {
          notifications.show({ color: 'teal', message: t('broadcast.sent', { count: sent.recipientCount }) });
          setBody('');
          setClientMessageId(crypto.randomUUID());
          close();
        },
      },
    );
  return (
    <Modal opened={opened} onClose={close} title={t('broadcast.title')} size="lg">
      <Stack gap="sm">
        {branch && company && (
          <SegmentedControl
            aria-label={t('broadcast.audience')}
            value={audience}
            onChange={(value) => setAudience(value as 'branch' | 'company')}
            data={[
              { value: 'branch', label: t('broadcast.toBranch') },
              { value: 'company', label: t('broadcast.toCompany') },
            ]}
          />
        )}
        {audience === 'branch' && (
          <Select label={t('broadcast.branch')} data={branches.options} value={branchId} onChange={setBranchId} required />
        )}
        <Text size="sm" c="dimmed">
          {audience === 'company' ? t('broadcast.companyHint') : t('broadcast.branchHint')}
        </Text>
        <Textarea
          label={t('broadcast.message')}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          autosize
          minRows={3}
          maxRows={10}
          required
        />
        {send.isError && (
          <Text c="red" size="sm" role="alert">
            {errorMessageOf(send.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('broadcast.cancel')}
          </Button>
          <Button onClick={submit} disabled={!ready} loading={send.isPending}>
            {t('broadcast.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
