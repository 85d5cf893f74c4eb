import { useState } from 'react';
import { Button, FileInput, Group, Modal, SegmentedControl, Select, Stack, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CARE_FORM_CATEGORIES, type CareFormCategory } from '@hearth/shared/care-forms/care-forms.constants';
import type { CareFormTypeDetail } from '@hearth/shared/care-forms/care-forms.schema';
import { useTRPC } from '@/api/trpc';
import { CallProblemsAlert } from './call-problems.alert';
import { problemsOf } from './type-files';

type Source = 'file' | 'paste';

/**
 * Import of a FHIR R4 Questionnaire as a new draft type (careFormTypes.importJson): from a .json file or pasted text,
 * with a category. A refused import lists every problem the server named (each unsupported item by its linkId).
 * @param onImported called with the new type after a successful import
 */
export function TypeImportModal(props: { opened: boolean; onClose: () => void; onImported: (type: CareFormTypeDetail) => void }) {
  const { opened, onClose, onImported } = props;
  const { t } = useTranslation('careFormBuilder');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<Source>('file');
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [category, setCategory] = useState<CareFormCategory>('other');
  const importJson = useMutation(
    trpc.careFormTypes.importJson.mutationOptions({
      onSuccess: (type) => {
        void queryClient.invalidateQueries({ queryKey: trpc.careFormTypes.list.queryKey() });
        onImported(type);
      },
    }),
  );

  const submit = async () => {
    const json = source === 'file' ? await file?.text() : pasted;
    if (json === undefined || json.trim() === '') return;
    importJson.mutate({ json, category });
  };
  const ready = source === 'file' ? file !== null : pasted.trim() !== '';

  return (
    <Modal opened={opened} onClose={onClose} title={t('import.title')} size="lg">
      <Stack gap="sm">
        <SegmentedControl
          value={source}
          onChange={(value) => setSource(value as Source)}
          data={[
            { value: 'file', label: t('import.fromFile') },
            { value: 'paste', label: t('import.fromText') },
          ]}
          aria-label={t('import.source')}
        />
        {source === 'file' ? (
          <FileInput
            label={t('import.file')}
            description={t('import.fileHelp')}
            accept=".json,application/json,application/fhir+json"
            value={file}
            onChange={setFile}
            clearable
          />
        ) : (
          <Textarea
            label={t('import.text')}
            description={t('import.textHelp')}
            value={pasted}
            onChange={(event) => setPasted(event.currentTarget.value)}
            autosize
            minRows={8}
            maxRows={16}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        )}
        <Select
          label={t('fields.category')}
          data={CARE_FORM_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
          value={category}
          onChange={(value) => setCategory((value as CareFormCategory | null) ?? 'other')}
          allowDeselect={false}
          w={{ base: '100%', xs: 280 }}
        />
        {importJson.isError && <CallProblemsAlert title={t('import.refused')} problems={problemsOf(importJson.error)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            leftSection={<IconFileImport size={16} />}
            onClick={() => void submit()}
            disabled={!ready}
            loading={importJson.isPending}
          >
            {t('import.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
