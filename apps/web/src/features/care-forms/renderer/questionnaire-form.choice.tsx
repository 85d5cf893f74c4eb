import { useState } from 'react';
import { Autocomplete, Checkbox, MultiSelect, Radio, Select, Stack, TagsInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { answerOfKey, answerOfOpenText, choiceOptions, choiceWidget, optionKey, optionLabel } from './answer-values';
import type { QuestionnaireItem, QuestionnaireResponseItemAnswer } from './fhir-types';

/** What a choice input receives: every answer of its item (several when it repeats) and how to hand them up. */
export interface ChoiceInputProps {
  item: QuestionnaireItem;
  answers: QuestionnaireResponseItemAnswer[];
  onAnswers: (answers: QuestionnaireResponseItemAnswer[]) => void;
  label: string;
  error: string | undefined;
  readOnly: boolean;
  required: boolean;
}

/** The answers the option keys stand for, in the order picked. */
function answersOfKeys(item: QuestionnaireItem, keys: string[]): QuestionnaireResponseItemAnswer[] {
  return keys.flatMap((key) => {
    const answer = answerOfKey(item, key);
    return answer ? [answer] : [];
  });
}

/** A choice (answerOption): radio buttons or checkboxes for a few options, a select or multi-select for more. */
function ClosedChoice(props: ChoiceInputProps) {
  const { t } = useTranslation('careForms');
  const { item, answers, readOnly } = props;
  const options = choiceOptions(item);
  const keys = answers.map(optionKey).filter((k): k is string => k !== null);
  const common = { label: props.label, withAsterisk: props.required, error: props.error, readOnly, size: 'xs' as const };
  switch (choiceWidget(item)) {
    case 'radio':
      return (
        <Radio.Group {...common} value={keys[0] ?? null} onChange={(key) => props.onAnswers(answersOfKeys(item, [key]))}>
          <Stack gap={6} mt={6}>
            {options.map((o) => (
              <Radio size="sm" key={o.value} value={o.value} label={o.label} disabled={readOnly && keys[0] !== o.value} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'checkboxes':
      return (
        <Checkbox.Group {...common} value={keys} onChange={(next) => props.onAnswers(answersOfKeys(item, next))}>
          <Stack gap={6} mt={6}>
            {options.map((o) => (
              <Checkbox size="sm" key={o.value} value={o.value} label={o.label} disabled={readOnly && !keys.includes(o.value)} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'select':
      return (
        <Select
          {...common}
          data={options}
          value={keys[0] ?? null}
          placeholder={readOnly ? undefined : t('renderer.choose')}
          searchable={options.length > 10}
          clearable={!props.required && !readOnly}
          onChange={(key) => props.onAnswers(key === null ? [] : answersOfKeys(item, [key]))}
        />
      );
    case 'multiselect':
      return (
        <MultiSelect
          {...common}
          data={options}
          value={keys}
          placeholder={readOnly || keys.length > 0 ? undefined : t('renderer.choose')}
          searchable
          onChange={(next) => props.onAnswers(answersOfKeys(item, next))}
        />
      );
  }
}

/**
 * An open-choice: one of the options or the person's own words. One answer types into a box that suggests the
 * options; several answers are tags, each an option or a typed text. A typed text equal to an option's label is
 * that option (answerOfOpenText).
 */
function OpenChoice(props: ChoiceInputProps) {
  const { t } = useTranslation('careForms');
  const { item, answers, readOnly } = props;
  const labels = [...new Set(choiceOptions(item).map((o) => o.label))];
  const common = {
    label: props.label,
    withAsterisk: props.required,
    error: props.error,
    readOnly,
    data: labels,
    size: 'xs' as const,
  };
  if (item.repeats) {
    return (
      <TagsInput
        {...common}
        value={answers.map(optionLabel)}
        placeholder={readOnly ? undefined : t('renderer.chooseOrType')}
        onChange={(texts) =>
          props.onAnswers(
            texts.flatMap((text) => {
              const answer = answerOfOpenText(item, text);
              return answer ? [answer] : [];
            }),
          )
        }
      />
    );
  }
  return <OpenChoiceText {...props} />;
}

/**
 * One open-choice answer typed into a box that suggests the options. What is typed stays as typed, so an option's
 * label that starts a longer text ("Fall" in "Fall at night") never swallows the rest; the answer handed up is the
 * option when the text is its label, else the text.
 */
function OpenChoiceText(props: ChoiceInputProps) {
  const { t } = useTranslation('careForms');
  const { item, answers, readOnly } = props;
  const stored = answers[0];
  const [text, setText] = useState(stored ? optionLabel(stored) : '');
  const typedAnswer = answerOfOpenText(item, text);
  // An answer changed from outside (a reload, another device) replaces what is shown.
  const same =
    (typedAnswer === null && !stored) ||
    (typedAnswer !== null && stored !== undefined && optionKey(typedAnswer) === optionKey(stored));
  return (
    <Autocomplete
      size="xs"
      label={props.label}
      withAsterisk={props.required}
      error={props.error}
      readOnly={readOnly}
      data={[...new Set(choiceOptions(item).map((o) => o.label))]}
      maxLength={item.maxLength}
      value={same ? text : stored ? optionLabel(stored) : ''}
      placeholder={readOnly ? undefined : t('renderer.chooseOrType')}
      onChange={(next) => {
        setText(next);
        const answer = answerOfOpenText(item, next);
        props.onAnswers(answer ? [answer] : []);
      }}
    />
  );
}

/** The input of a choice or open-choice item, with all of its answers. */
export function ChoiceInput(props: ChoiceInputProps) {
  return props.item.type === 'open-choice' ? <OpenChoice {...props} /> : <ClosedChoice {...props} />;
}
