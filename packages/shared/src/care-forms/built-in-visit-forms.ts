import type { Questionnaire } from 'fhir/r4';
import { choice, display, group, question, signature, whenBoolean, whenChoice } from './questionnaire-builders';

const YES_NO_PARTLY = ['Yes', 'No', 'Partly'];

/** One area of the aide's work a supervisor checks (42 CFR 484.80(h)(4)), with a note enabled when not met. */
function supervisedArea(linkId: string, text: string) {
  return [
    choice(linkId, text, YES_NO_PARTLY, { required: true }),
    question(`${linkId}-note`, 'What was seen and what was done about it', 'text', {
      required: true,
      maxLength: 2000,
      ...whenChoice(linkId, 'Yes', '!='),
    }),
  ];
}

/**
 * The shipped supervisory visit: a registered nurse's on-site supervision of a home health aide, after CMS's
 * conditions of participation 42 CFR 484.80(h) (every 14 days for skilled patients; the areas of (h)(4): following
 * the plan of care, communication, competency, infection control, reporting changes, patient rights), with the
 * client's view of the aide and the supervisor's signature.
 */
export const SUPERVISORY_VISIT: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  title: 'Supervisory visit',
  name: 'SupervisoryVisit',
  item: [
    group('visit', 'Visit', [
      question('visit-date', 'Date of the supervisory visit', 'date', { required: true }),
      question('aide-name', "Aide's name", 'string', { required: true, maxLength: 200 }),
      question('aide-present', 'The aide was present during the visit', 'boolean', { required: true }),
    ]),
    group('observation', 'The aide', [
      ...supervisedArea('care-plan', "Follows the client's plan of care"),
      ...supervisedArea('communication', 'Keeps open communication with the client, family and caregivers'),
      ...supervisedArea('competency', 'Shows competency with the assigned tasks'),
      ...supervisedArea('infection-control', 'Follows infection prevention and control procedures (hand hygiene, gloves)'),
      ...supervisedArea('reports-changes', "Reports changes in the client's condition"),
      ...supervisedArea('rights', "Respects the client's rights, privacy and property"),
    ]),
    group('client-view', "The client's view", [
      choice('courteous', 'The aide is courteous and respectful', YES_NO_PARTLY, { required: true }),
      choice('on-time', 'The aide arrives on time and stays the scheduled hours', YES_NO_PARTLY, { required: true }),
      choice('satisfaction', 'Overall satisfaction with the care', ['Very satisfied', 'Satisfied', 'Not satisfied'], {
        required: true,
      }),
      question('client-comments', "Client's or family's comments", 'text', { maxLength: 2000 }),
    ]),
    group('follow-up', 'Follow-up', [
      question('retraining', 'Retraining or competency evaluation needed', 'boolean', { required: true }),
      question('retraining-plan', 'Skills to retrain and by when', 'text', {
        required: true,
        maxLength: 2000,
        ...whenBoolean('retraining', true),
      }),
      question('care-plan-update', 'The plan of care needs an update', 'boolean', { required: true }),
      question('next-visit', 'Next supervisory visit due', 'date'),
      signature('supervisor-signature', "Supervising nurse's signature", { required: true }),
    ]),
  ],
};

/**
 * The shipped change of condition report: the INTERACT "Stop and Watch" early warning signs a caregiver notices,
 * then SBAR (situation, background, assessment with vital signs, request) for the nurse, who is called, and who
 * was told.
 */
export const CHANGE_OF_CONDITION: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  title: 'Change of condition',
  name: 'ChangeOfCondition',
  item: [
    group('stop-and-watch', 'Stop and Watch: what changed', [
      choice(
        'signs',
        'Signs noticed today',
        [
          'Seems different than usual',
          'Talks or communicates less',
          'Overall needs more help',
          'Pain, new or worse',
          'Ate less',
          'No bowel movement in 3 days, or diarrhea',
          'Drank less',
          'Weight change',
          'Agitated or nervous more than usual',
          'Tired, weak, confused or drowsy',
          'Change in skin color or condition',
          'Needs more help walking, transferring or toileting',
        ],
        { required: true, repeats: true, open: true },
      ),
      question('noticed-at', 'When it was first noticed', 'dateTime', { required: true }),
    ]),
    group('sbar', 'SBAR', [
      question('situation', 'Situation: what is happening now', 'text', { required: true, maxLength: 2000 }),
      question('background', 'Background: diagnoses, recent changes in medications or care', 'text', { maxLength: 2000 }),
      group('vitals', 'Vital signs, if taken', [
        question('temperature', 'Temperature (°F)', 'decimal'),
        question('pulse', 'Pulse (beats per minute)', 'integer'),
        question('blood-pressure', 'Blood pressure (e.g. 128/82)', 'string', { maxLength: 20 }),
        question('respirations', 'Respirations (per minute)', 'integer'),
        question('oxygen', 'Oxygen saturation (%)', 'integer'),
      ]),
      question('assessment', 'Assessment: what you think is going on', 'text', { maxLength: 2000 }),
      choice('request', 'Request', ['Nurse to call back', 'Nurse visit today', 'Call the physician', 'Emergency: 911 called'], {
        required: true,
      }),
      question('ems-time', 'Time 911 was called', 'time', { required: true, ...whenChoice('request', 'Emergency: 911 called') }),
    ]),
    group('notified', 'Who was told', [
      question('nurse-notified', 'The nurse on call was told', 'boolean', { required: true }),
      question('nurse-name', "Nurse's name", 'string', { maxLength: 200, ...whenBoolean('nurse-notified', true) }),
      question('family-notified', 'Family or representative was told', 'boolean', { required: true }),
      question('physician-notified', 'The physician was told', 'boolean'),
      display('reporter-display', 'Sign to confirm the report is true and complete.'),
      signature('reporter-signature', 'Signature of the person reporting', { required: true }),
    ]),
  ],
};

/**
 * The shipped incident report: when and where, what kind of incident, what happened, an injury (its details
 * enabled by a yes), witnesses, a photo, who was told, and the reporter's signature.
 */
export const INCIDENT_REPORT: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  title: 'Incident report',
  name: 'IncidentReport',
  item: [
    group('incident', 'Incident', [
      question('occurred-at', 'Date and time of the incident', 'dateTime', { required: true }),
      choice('location', 'Where', ["Client's home", 'Outside the home', 'In a vehicle', 'Community outing'], {
        required: true,
        open: true,
      }),
      choice(
        'incident-type',
        'Type of incident',
        [
          'Fall',
          'Medication error',
          'Injury to the client',
          'Injury to the caregiver',
          'Property damage or loss',
          'Allegation of abuse or neglect',
          'Client missing',
          'Other',
        ],
        { required: true },
      ),
      question('incident-other', 'Describe the type', 'string', {
        required: true,
        maxLength: 200,
        ...whenChoice('incident-type', 'Other'),
      }),
      question('description', 'What happened, in order', 'text', { required: true, maxLength: 4000 }),
    ]),
    group('injury-group', 'Injury', [
      question('injury', 'Was anyone injured?', 'boolean', { required: true }),
      question('injury-details', 'Who was injured and how (body part, bleeding, pain)', 'text', {
        required: true,
        maxLength: 2000,
        ...whenBoolean('injury', true),
      }),
      choice('medical-attention', 'Medical attention', ['First aid only', 'Physician visit', 'Urgent care', 'Emergency room'], {
        required: true,
        ...whenBoolean('injury', true),
      }),
      question('photo', 'Photo of the scene or injury', 'attachment', { repeats: true }),
    ]),
    group('follow-up', 'Follow-up', [
      question('witnesses', 'Witnesses (name and phone)', 'string', { repeats: true, maxLength: 300 }),
      question('office-notified-at', 'When the office was told', 'dateTime', { required: true }),
      question('family-notified', 'Family or representative was told', 'boolean', { required: true }),
      question('actions', 'Actions taken to prevent it happening again', 'text', { maxLength: 2000 }),
      signature('reporter-signature', 'Signature of the person reporting', { required: true }),
    ]),
  ],
};
