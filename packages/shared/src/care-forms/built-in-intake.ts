import type { Questionnaire } from 'fhir/r4';
import { choice, display, group, question, signature, whenBoolean, whenChoice } from './questionnaire-builders';

const ADL_LEVELS = ['Independent', 'Needs some help', 'Needs full help'];

/** One activity of daily living (Katz index: bathing, dressing, toileting, transferring, continence, feeding). */
function adl(linkId: string, text: string) {
  return choice(linkId, text, ADL_LEVELS, { required: true });
}

/**
 * The shipped client intake (admission) form: demographics, emergency contact, diagnoses and medications, the
 * activities of daily living (after the Katz index), a fall risk screen with the CDC STEADI three key questions
 * (follow-up questions enabled by a yes), home safety, and the client's or representative's consent signature.
 */
export const CLIENT_INTAKE: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  title: 'Client intake',
  name: 'ClientIntake',
  item: [
    group('demographics', 'Client information', [
      question('date-of-birth', 'Date of birth', 'date', { required: true }),
      choice('gender', 'Gender', ['Female', 'Male', 'Non-binary', 'Prefers not to say']),
      choice('language', 'Preferred language', ['English', 'Spanish', 'Portuguese', 'Haitian Creole', 'Chinese', 'Vietnamese'], {
        open: true,
        required: true,
      }),
      question('interpreter', 'Needs an interpreter', 'boolean'),
      choice('living', 'Lives', ['Alone', 'With spouse or partner', 'With family', 'In assisted living'], { required: true }),
      question('access', 'How to get in (key box code, entrance, parking)', 'text', { maxLength: 1000 }),
    ]),
    group('emergency-contact', 'Emergency contact', [
      question('ec-name', 'Name', 'string', { required: true, maxLength: 200 }),
      choice('ec-relationship', 'Relationship', ['Spouse or partner', 'Daughter', 'Son', 'Other family', 'Friend', 'Neighbor'], {
        open: true,
        required: true,
      }),
      question('ec-phone', 'Phone', 'string', { required: true, maxLength: 40 }),
      question('ec-alt-phone', 'Other phone', 'string', { maxLength: 40 }),
      question('ec-poa', 'Holds health care proxy or power of attorney', 'boolean'),
    ]),
    group('health', 'Health', [
      question('primary-diagnosis', 'Primary diagnosis', 'string', { required: true, maxLength: 300 }),
      question('other-diagnoses', 'Other diagnoses', 'string', { repeats: true, maxLength: 300 }),
      question('allergies', 'Allergies (medications, foods, latex)', 'text', { maxLength: 2000 }),
      question('medications', 'Current medications with dose and frequency', 'text', { maxLength: 4000 }),
      question('physician', 'Primary care physician', 'string', { maxLength: 200 }),
      question('physician-phone', "Physician's phone", 'string', { maxLength: 40 }),
      choice('code-status', 'Code status', ['Full code', 'DNR', 'DNR/DNI', 'MOLST/POLST on file', 'Unknown'], { required: true }),
    ]),
    group('adls', 'Activities of daily living', [
      display('adls-help', 'How much help does the client need with each activity?'),
      adl('adl-bathing', 'Bathing'),
      adl('adl-dressing', 'Dressing'),
      adl('adl-grooming', 'Grooming and oral care'),
      adl('adl-toileting', 'Toileting and continence'),
      adl('adl-transferring', 'Transferring (bed, chair)'),
      adl('adl-walking', 'Walking'),
      adl('adl-eating', 'Eating'),
    ]),
    group('fall-risk', 'Fall risk (CDC STEADI)', [
      question('fell-past-year', 'Has fallen in the past year', 'boolean', { required: true }),
      question('fall-count', 'How many times', 'integer', { required: true, ...whenBoolean('fell-past-year', true) }),
      question('fall-injured', 'Was injured in a fall', 'boolean', whenBoolean('fell-past-year', true)),
      question('unsteady', 'Feels unsteady when standing or walking', 'boolean', { required: true }),
      question('worries-falling', 'Worries about falling', 'boolean', { required: true }),
      choice('mobility-aid', 'Uses', ['No aid', 'Cane', 'Walker', 'Wheelchair', 'Hoyer lift'], { required: true }),
      question('mobility-aid-notes', 'Condition of the aid and how it is used', 'text', {
        maxLength: 1000,
        ...whenChoice('mobility-aid', 'No aid', '!='),
      }),
    ]),
    group('home-safety', 'Home safety', [
      choice(
        'hazards',
        'Hazards seen in the home',
        [
          'Loose rugs',
          'Poor lighting',
          'Stairs without rails',
          'Clutter on floors',
          'No grab bars in bathroom',
          'Pets underfoot',
        ],
        { repeats: true, open: true },
      ),
      question('smoke-detector', 'Working smoke detector', 'boolean', { required: true }),
    ]),
    group('consent', 'Consent', [
      display(
        'consent-text',
        'I agree to receive home care services from this agency and received its client rights, privacy notice and grievance procedure.',
      ),
      choice('signer', 'Signed by', ['Client', 'Legal representative'], { required: true }),
      question('representative-name', "Representative's name", 'string', {
        required: true,
        maxLength: 200,
        ...whenChoice('signer', 'Legal representative'),
      }),
      signature('client-signature', 'Signature', { required: true }),
    ]),
  ],
};
