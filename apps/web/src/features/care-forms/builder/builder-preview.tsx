import { useState, type ComponentType } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChecklist, IconEraser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CareFormDetail } from '@hearth/shared/care-forms/care-forms.schema';
import { initialItems, pruneDisabled, validateResponse } from '@hearth/shared/care-forms/questionnaire-rules';
import type { Questionnaire } from './questionnaire-tree';

type ResponseItems = CareFormDetail['items'];

/**
 * The renderer the preview fills (the care forms renderer's QuestionnaireForm, handed in by the page: the builder's
 * folder does not import the renderer's).
 */
export type PreviewForm = ComponentType<{
  questionnaire: Questionnaire;
  items: ResponseItems;
  onChange: (items: ResponseItems) => void;
  problems?: Record<string, string>;
}>;

/**
 * The type as the filler will see it (issue 23 item 1, "preview as the filler will see it"): the one renderer of the
 * staff web and the phone, starting from the initial answers, with answers kept only here so conditions can be
 * tried. "Check as on completing" runs the shared completion rules (validateResponse on the shown answers) and
 * shows each problem under its question; Clear starts again.
 */
export function BuilderPreview({ questionnaire, Form }: { questionnaire: Questionnaire; Form: PreviewForm }) {
  const { t } = useTranslation('careFormBuilder');
  const [answers, setAnswers] = useState<ResponseItems>(() => initialItems(questionnaire));
  const [problems, setProblems] = useState<Record<string, string> | null>(null);
  const check = () => {
    const found: Record<string, string> = {};
    for (const p of validateResponse(questionnaire, pruneDisabled(questionnaire, answers))) {
      const key = p.linkId ?? '';
      found[key] ??= t(p.key as never, { ns: 'server', ...p.values }) as string;
    }
    setProblems(found);
  };
  const count = problems === null ? null : Object.keys(problems).length;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('preview.title')}>
      <Stack gap="md" maw={760}>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h4">
              {questionnaire.title}
            </Title>
            <Text size="sm" c="dimmed">
              {t('preview.help')}
            </Text>
          </div>
          <Group gap="xs">
            <Button variant="default" size="xs" leftSection={<IconChecklist size={14} />} onClick={check}>
              {t('preview.check')}
            </Button>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconEraser size={14} />}
              onClick={() => {
                setAnswers(initialItems(questionnaire));
                setProblems(null);
              }}
            >
              {t('preview.clear')}
            </Button>
          </Group>
        </Group>
        {count !== null && (
          <Alert color={count === 0 ? 'teal' : 'yellow'} role="status" py="xs">
            {count === 0 ? t('preview.complete') : t('preview.incomplete', { count })}
          </Alert>
        )}
        <Form
          questionnaire={questionnaire}
          items={answers}
          onChange={(next) => {
            setAnswers(next);
            setProblems(null);
          }}
          problems={problems ?? undefined}
        />
      </Stack>
    </Paper>
  );
}
