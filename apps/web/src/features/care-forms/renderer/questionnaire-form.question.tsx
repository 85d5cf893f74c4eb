import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isSignatureItem } from '@hearth/shared/care-forms/questionnaire-rules';
import type { QuestionnaireItem, QuestionnaireResponseItemAnswer } from './fhir-types';
import { PhotoInput, SignatureInput } from './questionnaire-form.attachment';
import { ChoiceInput } from './questionnaire-form.choice';
import { SimpleAnswerInput, type AnswerInputProps } from './questionnaire-form.fields';
import { itemLabel, useRendererSettings } from './renderer-context';

/** One answer's input of any non-choice type: a photo, a signature, or a simple input. */
function AnswerInput(props: AnswerInputProps) {
  if (props.item.type === 'attachment') {
    return isSignatureItem(props.item) ? <SignatureInput {...props} /> : <PhotoInput {...props} />;
  }
  return <SimpleAnswerInput {...props} />;
}

/**
 * A repeating question of a non-choice type: one input per answer, each with a remove button, and "Add an answer"
 * for one more empty input (kept here until it is answered, since an empty answer is no answer).
 */
function RepeatingAnswers(props: {
  item: QuestionnaireItem;
  answers: QuestionnaireResponseItemAnswer[];
  onAnswers: (answers: QuestionnaireResponseItemAnswer[]) => void;
  error: string | undefined;
  readOnly: boolean;
}) {
  const { t } = useTranslation('careForms');
  const { item, answers, onAnswers, readOnly } = props;
  const [blanks, setBlanks] = useState(answers.length === 0 ? 1 : 0);
  const label = itemLabel(item);
  const slots = readOnly ? Math.max(answers.length, 1) : answers.length + blanks;
  const setAt = (index: number, answer: QuestionnaireResponseItemAnswer | null) => {
    if (index >= answers.length) {
      // An answer in a blank input: the blank becomes an answer.
      if (answer) {
        setBlanks((b) => Math.max(0, b - 1));
        onAnswers([...answers, answer]);
      }
      return;
    }
    onAnswers(answer ? answers.map((a, i) => (i === index ? answer : a)) : answers.filter((_, i) => i !== index));
  };
  return (
    <Stack gap={6} data-repeats="true">
      {Array.from({ length: slots }, (_, index) => (
        <Group key={index} gap={6} align="flex-end" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <AnswerInput
              item={item}
              answer={answers[index]}
              onAnswer={(answer) => setAt(index, answer)}
              label={index === 0 ? label : t('renderer.instance', { label, number: index + 1 })}
              error={index === slots - 1 ? props.error : undefined}
              readOnly={readOnly}
              required={!!item.required && index === 0}
            />
          </div>
          {!readOnly && slots > 1 && (
            <ActionIcon
              variant="subtle"
              color="gray"
              mb={4}
              aria-label={t('renderer.removeAnswer')}
              onClick={() => (index < answers.length ? setAt(index, null) : setBlanks((b) => b - 1))}
            >
              <IconX size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {!readOnly && (
        <Group>
          <Button size="compact-sm" variant="subtle" leftSection={<IconPlus size={14} />} onClick={() => setBlanks((b) => b + 1)}>
            {t('renderer.addAnswer')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * A question (any item type but group and display) with its answers: choices take all their answers in one input,
 * other repeating questions one input per answer, the rest one input. Read-only when the form or the item is.
 */
export function QuestionItem(props: {
  item: QuestionnaireItem;
  answers: QuestionnaireResponseItemAnswer[];
  onAnswers: (answers: QuestionnaireResponseItemAnswer[]) => void;
}) {
  const { item, answers, onAnswers } = props;
  const settings = useRendererSettings();
  const readOnly = settings.readOnly || !!item.readOnly;
  const error = settings.problems[item.linkId];
  const label = itemLabel(item);
  const required = !!item.required;
  if (item.type === 'choice' || item.type === 'open-choice') {
    return <ChoiceInput {...{ item, answers, onAnswers, label, error, readOnly, required }} />;
  }
  if (item.repeats) return <RepeatingAnswers {...{ item, answers, onAnswers, error, readOnly }} />;
  return (
    <AnswerInput
      {...{ item, label, error, readOnly, required }}
      answer={answers[0]}
      onAnswer={(answer) => onAnswers(answer ? [answer] : [])}
    />
  );
}

/** A display item: text shown between the questions. */
export function DisplayItem({ item }: { item: QuestionnaireItem }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {itemLabel(item)}
    </Text>
  );
}
