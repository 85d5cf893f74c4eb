import { useState } from 'react';
import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZUpdateCaregiverInput, type CaregiverOutput } from '@hearth/shared/caregivers/caregivers.schema';
import { todayInZone } from '@hearth/shared/app/time-display';
import { formatDateOfBirth } from '@/format/instant-format';
import { useBranchTimeZone } from '@/api/display-zone';
import { useTRPC } from '@/api/trpc';
import { useBranchOptions, type Option } from '@/components/records/options';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { EditSectionButton, EditSectionModal } from '@/components/records/record-modal';
import { Detail, NotesDetail, SectionCard } from '@/components/records/section-card';
import { formatDate } from '@/format/date-format';
import { formatMoney } from '@/format/money';
import { useRecordForm } from '@/forms/use-record-form';
import {
  CaregiverAllFields,
  caregiverFieldOf,
  caregiverFormValues,
  caregiverPayload,
  caregiverRules,
  weekdayName,
  type CaregiverFormValues,
} from './caregiver.form';

/** updateCaregiver with the answer put in the cache (header and sections follow) and the list refreshed. */
export function useUpdateCaregiver() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.updateCaregiver.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.getCaregiver.queryKey({ id: saved.id }), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.queryView.queryKey() });
      },
    }),
  );
}

function CaregiverEditForm({
  caregiver,
  branches,
  onDone,
}: {
  caregiver: CaregiverOutput;
  branches: Option[];
  onDone: () => void;
}) {
  const update = useUpdateCaregiver();
  const { t } = useTranslation(['records', 'common']);
  const toInput = (values: CaregiverFormValues) => ({ id: caregiver.id, ...caregiverPayload(values) });
  const record = useRecordForm<CaregiverFormValues, ReturnType<typeof toInput>>({
    initialValues: caregiverFormValues(caregiver),
    toPayload: toInput,
    schema: ZUpdateCaregiverInput,
    rules: caregiverRules,
    fieldOf: caregiverFieldOf,
    check: (input) => ({ action: 'updateCaregiver', input }),
  });
  return (
    <RecordFormFrame
      record={record}
      pending={update.isPending}
      onCancel={onDone}
      onSubmit={(values) =>
        update.mutate(toInput(values), {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('caregivers.saved') });
            onDone();
          },
          onError: record.onSaveError,
        })
      }
    >
      <CaregiverAllFields record={record} branches={branches} />
    </RecordFormFrame>
  );
}

function Tags({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0) return <>{empty}</>;
  return (
    <Group gap={4} mt={2}>
      {items.map((item) => (
        <Badge key={item} size="sm" variant="light" color="gray" tt="none">
          {item}
        </Badge>
      ))}
    </Group>
  );
}

/** "Mon 08:00–16:00, 18:00–20:00" lines, Sunday first, the day named in `language`. */
function availabilityLines(windows: CaregiverOutput['availability'], language: string): string[] {
  return [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => {
    const spans = windows
      .filter((w) => w.weekday === weekday)
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((w) => `${w.start}–${w.end}`);
    return spans.length > 0 ? [`${weekdayName(weekday, 'short', language)} ${spans.join(', ')}`] : [];
  });
}

/** The caregiver's details: person, HR, pay rates (dollars per hour), skills, languages, availability, hour cap. */
export function CaregiverOutputsSection({ caregiver: cg, canEdit }: { caregiver: CaregiverOutput; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const branches = useBranchOptions();
  const { t, i18n } = useTranslation(['records', 'common']);
  const availability = availabilityLines(cg.availability, i18n.language);
  // The caregiver's own calendar: their branch's today for the age.
  const timeZone = useBranchTimeZone(cg.branchId);
  return (
    <SectionCard
      title={t('details.title')}
      actions={canEdit && <EditSectionButton label={t('details.edit')} onClick={() => setEditing(true)} />}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" verticalSpacing="sm">
        <Detail label={t('common:fields.phone')}>{cg.phoneNumber}</Detail>
        <Detail label={t('common:fields.email')}>{cg.email}</Detail>
        <Detail label={t('common:fields.gender')}>{cg.gender ? t(`common:genders.${cg.gender}`) : null}</Detail>
        <Detail label={t('common:fields.dateOfBirth')}>
          {cg.dateOfBirth ? formatDateOfBirth(cg.dateOfBirth, todayInZone(timeZone)) : null}
        </Detail>
        <Detail label={t('caregivers.hireDate')}>{cg.hireDate ? formatDate(cg.hireDate) : null}</Detail>
        <Detail label={t('common:fields.adpFileNumber')}>{cg.adpFileNumber}</Detail>
        <Detail label={t('caregivers.maxWeeklyHours')}>
          {cg.maxWeeklyHours === null ? null : t('caregivers.hours', { hours: cg.maxWeeklyHours })}
        </Detail>
        <Detail label={t('common:fields.branch')}>{cg.branchName}</Detail>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Detail label={t('caregivers.payRates')}>
          {cg.payRates.length === 0 ? null : (
            <Stack gap={0}>
              {cg.payRates.map((r) => (
                <Text key={`${r.label}|${r.serviceCode ?? ''}`} size="sm">
                  {t('caregivers.rateLine', { label: r.label, rate: formatMoney(r.hourlyRateCents) })}
                  {r.serviceCode ? ` (${r.serviceCode})` : ''}
                </Text>
              ))}
            </Stack>
          )}
        </Detail>
        <Detail label={t('caregivers.availability')}>
          {availability.length === 0 ? null : (
            <Stack gap={0}>
              {availability.map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))}
            </Stack>
          )}
        </Detail>
        <Detail label={t('caregivers.languages')}>
          <Tags items={cg.languages} empty="—" />
        </Detail>
        <Detail label={t('caregivers.skills')}>
          <Tags items={cg.skills} empty="—" />
        </Detail>
      </SimpleGrid>
      <NotesDetail notes={cg.notes} />
      <EditSectionModal
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('caregivers.editTitle')}
        size="xl"
        loading={branches.loading}
      >
        <CaregiverEditForm caregiver={cg} branches={branches.options} onDone={() => setEditing(false)} />
      </EditSectionModal>
    </SectionCard>
  );
}
