import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CARE_FORM_CATEGORIES,
  CARE_FORM_TYPE_NAME_MAX,
  type CareFormCategory,
} from '@hearth/shared/care-forms/care-forms.constants';
import type { CareFormTypeDetail } from '@hearth/shared/care-forms/care-forms.schema';
import { fieldErrorsOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { CallProblemsAlert } from './call-problems.alert';
import { problemsOf } from './type-files';

/**
 * A new, empty draft type (careFormTypes.create): its name, category and whether caregivers may start it from the
 * phone; the builder then adds its items.
 * @param onCreated called with the new type
 */
export function TypeCreateModal(props: { opened: boolean; onClose: () => void; onCreated: (type: CareFormTypeDetail) => void }) {
  const { opened, onClose, onCreated } = props;
  const { t } = useTranslation('careFormBuilder');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [category, setCategory] = useState<CareFormCategory>('assessment');
  const [caregiverMayStart, setCaregiverMayStart] = useState(false);
  const create = useMutation(
    trpc.careFormTypes.create.mutationOptions({
      onSuccess: (type) => {
        void queryClient.invalidateQueries({ queryKey: trpc.careFormTypes.list.queryKey() });
        onCreated(type);
      },
    }),
  );
  const nameError = fieldErrorsOf(create.error).name;

  return (
    <Modal opened={opened} onClose={onClose} title={t('create.title')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ name: name.trim(), category, caregiverMayStart });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('fields.name')}
            required
            maxLength={CARE_FORM_TYPE_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            data-autofocus
          />
          <Select
            label={t('fields.category')}
            data={CARE_FORM_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
            value={category}
            onChange={(value) => setCategory((value as CareFormCategory | null) ?? 'other')}
            allowDeselect={false}
          />
          <Switch
            label={t('fields.caregiverMayStart')}
            description={t('fields.caregiverMayStartHelp')}
            checked={caregiverMayStart}
            onChange={(event) => setCaregiverMayStart(event.currentTarget.checked)}
          />
          {create.isError && !nameError && <CallProblemsAlert title={t('create.refused')} problems={problemsOf(create.error)} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={name.trim() === ''} loading={create.isPending}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
