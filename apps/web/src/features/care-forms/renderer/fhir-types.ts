import type { CareFormDetail } from '@hearth/shared/care-forms/care-forms.schema';

/*
 * The FHIR R4 types the renderer works with (@types/fhir's `fhir/r4`, which packages/shared depends on), reached
 * through the care form's declared output so the web app needs no dependency of its own on the types package.
 */

/** A care form type's definition: a FHIR R4 Questionnaire. */
export type Questionnaire = CareFormDetail['type']['definition'];
/** One item of a Questionnaire (a group, a display text or a question). */
export type QuestionnaireItem = NonNullable<Questionnaire['item']>[number];
/** One option of a choice or open-choice item. */
export type QuestionnaireItemAnswerOption = NonNullable<QuestionnaireItem['answerOption']>[number];
/** One item of a QuestionnaireResponse: the answers to a question, or the answered items of a group. */
export type QuestionnaireResponseItem = CareFormDetail['items'][number];
/** One answer (value[x]) of a response item. */
export type QuestionnaireResponseItemAnswer = NonNullable<QuestionnaireResponseItem['answer']>[number];
/** A photo or signature answer's image (valueAttachment). */
export type Attachment = NonNullable<QuestionnaireResponseItemAnswer['valueAttachment']>;
