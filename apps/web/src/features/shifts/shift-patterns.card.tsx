import { useState } from 'react';
import { ActionIcon, Badge, Button, Divider, Group, Popover, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ShiftPatternOutput } from '@hearth/shared/shifts/shift-patterns.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { EditButton } from '@/components/records/edit-button';
import { AddButton } from '@/components/records/record-modal';
import { SectionCard } from '@/components/records/section-card';
import { formatDate } from '@/format/date-format';
import { useBranchTimezone, useShiftRefresh } from './shift-queries';
import { ShiftPatternModal, type PatternFormTarget } from './shift-pattern.modal';
import { describeRule } from './shift-rrule';
import { addMinutesToTime, formatDuration, formatLocalTime, todayIn } from './shift-time';

/** The first day a change can apply from: today in the branch, or the pattern's start when that is later. */
function firstEditableDay(pattern: ShiftPatternOutput): string {
  const today = todayIn(pattern.timezone);
  return pattern.startDate > today ? pattern.startDate : today;
}

/** "End" a pattern from a date: its generated visits from that day on go (deleteShiftPattern). */
function EndPatternButton({ pattern, what }: { pattern: ShiftPatternOutput; what: string }) {
  const trpc = useTRPC();
  const { t } = useTranslation('schedule');
  const refresh = useShiftRefresh();
  const [opened, setOpened] = useState(false);
  const [from, setFrom] = useState(() => firstEditableDay(pattern));
  const end = useMutation(
    trpc.deleteShiftPattern.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('patterns.endsBefore', { date: formatDate(from) }) });
        setOpened(false);
        void refresh.patterns(pattern.clientId);
      },
      onError: (error) => notifications.show({ color: 'red', title: t('patterns.notEnded'), message: errorMessageOf(error) }),
    }),
  );
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Tooltip label={t('patterns.end', { what })}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            aria-label={t('patterns.end', { what })}
            onClick={() => setOpened((o) => !o)}
          >
            <IconPlayerStop size={15} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" maw={260}>
          <TextInput
            label={t('patterns.noVisitsFrom')}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            description={t('patterns.noVisitsFromHelp')}
          />
          <Group gap="xs" justify="flex-end">
            <Button size="compact-xs" variant="default" onClick={() => setOpened(false)}>
              {t('patterns.cancel')}
            </Button>
            <Button
              size="compact-xs"
              color="red"
              loading={end.isPending}
              disabled={!from}
              onClick={() => end.mutate({ id: pattern.id, effectiveFrom: from })}
            >
              {t('patterns.endPattern')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * A pattern's rule in words in the shown language, from the catalogue (describeRule); a rule it does not word by
 * the server's description (rrule's English words).
 */
function ruleText(pattern: Pick<ShiftPatternOutput, 'rrule' | 'description'>): string {
  return describeRule(pattern.rrule) ?? pattern.description;
}

/** One pattern: its rule in words, times, caregiver, service and dates. */
function PatternRow({ pattern, canEdit, onEdit }: { pattern: ShiftPatternOutput; canEdit: boolean; onEdit: () => void }) {
  const { t } = useTranslation('schedule');
  const end = addMinutesToTime(pattern.startTime, pattern.durationMinutes);
  const description = ruleText(pattern);
  const what = t('patterns.what', { description });
  const ended = pattern.endDate !== null && pattern.endDate < todayIn(pattern.timezone);
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
      <div style={{ minWidth: 0 }}>
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {description}
          </Text>
          {ended && (
            <Badge size="xs" color="gray" variant="light">
              {t('patterns.ended')}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {formatLocalTime(pattern.startTime)} – {formatLocalTime(end)} ({formatDuration(pattern.durationMinutes)}){' · '}
          {pattern.caregiverName ?? (
            <Text span c="grape" fw={500} size="sm">
              {t('patterns.open')}
            </Text>
          )}
          {pattern.serviceCode ? ` · ${[pattern.serviceCode, ...pattern.modifiers].join(' ')}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {pattern.endDate
            ? t('patterns.fromTo', { start: formatDate(pattern.startDate), end: formatDate(pattern.endDate) })
            : t('patterns.fromNoEnd', { start: formatDate(pattern.startDate) })}
          {pattern.generatedThrough ? ` · ${t('patterns.scheduledThrough', { date: formatDate(pattern.generatedThrough) })}` : ''}
        </Text>
      </div>
      {canEdit && !ended && (
        <Group gap={2} wrap="nowrap">
          <EditButton what={what} onClick={onEdit} />
          <EndPatternButton pattern={pattern} what={what} />
        </Group>
      )}
    </Group>
  );
}

/**
 * A client's recurring patterns (getShiftPatterns {clientId}) in a card: add one, change one "from a date on"
 * (updateShiftPattern), or end it (deleteShiftPattern).
 */
export function ShiftPatternsCard(props: { clientId: number; branchId: number; canEdit: boolean }) {
  const { clientId, branchId, canEdit } = props;
  const trpc = useTRPC();
  const { t } = useTranslation('schedule');
  const patterns = useQuery(trpc.getShiftPatterns.queryOptions({ clientId }));
  const timezone = useBranchTimezone(branchId, patterns.data?.[0]?.timezone).timezone;
  const [target, setTarget] = useState<PatternFormTarget | null>(null);
  const rows = [...(patterns.data ?? [])].sort(
    (a, b) => (b.endDate ?? '9999').localeCompare(a.endDate ?? '9999') || a.startDate.localeCompare(b.startDate),
  );
  return (
    <SectionCard
      title={t('patterns.title')}
      loadingLabel={t('patterns.loading')}
      loading={patterns.isPending}
      error={patterns.error}
      empty={patterns.data?.length === 0 && t('patterns.empty')}
      actions={
        canEdit &&
        timezone && (
          <AddButton
            label={t('patterns.newPattern')}
            onClick={() => setTarget({ kind: 'new', clientId, startDate: todayIn(timezone) })}
          />
        )
      }
    >
      {rows.length > 0 && (
        <Stack gap="xs" role="list" aria-label={t('patterns.title')}>
          {rows.map((p, i) => (
            <div key={p.id} role="listitem" aria-label={ruleText(p)}>
              {i > 0 && <Divider mb="xs" />}
              <PatternRow
                pattern={p}
                canEdit={canEdit}
                onEdit={() => setTarget({ kind: 'edit', pattern: p, effectiveFrom: firstEditableDay(p) })}
              />
            </div>
          ))}
        </Stack>
      )}
      {timezone && <ShiftPatternModal target={target} onClose={() => setTarget(null)} timezone={timezone} />}
    </SectionCard>
  );
}
