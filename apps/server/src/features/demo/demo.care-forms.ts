import { deflateSync, crc32 } from 'node:zlib';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { QuestionnaireResponseItem } from '@hearth/shared/care-forms/care-forms.schema';
import { BUILT_IN_TYPES, type BuiltInTypeKey } from '@hearth/shared/care-forms/built-in-types';
import { wallClockToUtc } from '@hearth/shared/shifts/recurrence';
import type { Db } from '../../db/client';
import { careForms, careFormTypes } from '../care-forms/care-forms.schema';
import { shifts } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';

/** What the demo care forms are built on: the demo company, its first client, the demo caregiver and today. */
export interface DemoCareFormsInput {
  companyId: number;
  /** Two Boston clients: the first gets a completed intake, the second an open change of condition. */
  clientIds: [number, number];
  /** The demo caregiver user's caregiver record. */
  caregiverId: number;
  /** The day of seeding, YYYY-MM-DD, and the agency's time zone. */
  today: string;
  timezone: string;
}

/** A question's answer in a QuestionnaireResponse item. */
type Value = string | number | boolean;

/** A question item answered with `values` (strings as valueString; `date:` and `coding` are not needed here). */
function answered(linkId: string, ...values: Value[]): QuestionnaireResponseItem {
  return {
    linkId,
    answer: values.map((v) =>
      typeof v === 'boolean' ? { valueBoolean: v } : typeof v === 'number' ? { valueInteger: v } : { valueString: v },
    ),
  };
}

/** An answer of a date question (valueDate). */
function dated(linkId: string, date: string): QuestionnaireResponseItem {
  return { linkId, answer: [{ valueDate: date }] };
}

/** A group item holding `items`. */
function groupOf(linkId: string, items: QuestionnaireResponseItem[]): QuestionnaireResponseItem {
  return { linkId, item: items };
}

/**
 * A PNG of a handwritten-looking stroke (a damped wave on white, 240x60, 8-bit greyscale), standing in for a drawn
 * signature, as a data URL like the signature pad's.
 */
export function demoSignaturePng(): string {
  const width = 240;
  const height = 60;
  const raw = Buffer.alloc((width + 1) * height, 255);
  for (let row = 0; row < height; row++) raw[row * (width + 1)] = 0;
  for (let x = 10; x < width - 10; x++) {
    const y = Math.round(30 + 18 * Math.sin(x / 9) * Math.exp(-x / 160) + 4 * Math.sin(x / 2.5));
    for (let dy = -1; dy <= 1; dy++) raw[(y + dy) * (width + 1) + 1 + x] = 20;
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** The completed intake's answers: an 82-year-old widow with CHF who fell once this year and uses a walker. */
function intakeAnswers(signature: string): QuestionnaireResponseItem[] {
  return [
    groupOf('demographics', [
      dated('date-of-birth', '1944-03-18'),
      answered('gender', 'Female'),
      answered('language', 'English'),
      answered('interpreter', false),
      answered('living', 'Alone'),
      answered('access', 'Key box left of the front door, code given by phone. Park in the driveway.'),
    ]),
    groupOf('emergency-contact', [
      answered('ec-name', 'Maureen Walsh'),
      answered('ec-relationship', 'Daughter'),
      answered('ec-phone', '(617) 555-0142'),
      answered('ec-poa', true),
    ]),
    groupOf('health', [
      answered('primary-diagnosis', 'Congestive heart failure'),
      answered('other-diagnoses', 'Type 2 diabetes', 'Osteoarthritis of both knees'),
      answered('allergies', 'Penicillin (rash)'),
      answered('medications', 'Furosemide 20 mg every morning; Metformin 500 mg twice a day; Lisinopril 10 mg daily'),
      answered('physician', 'Dr. Anita Rao'),
      answered('code-status', 'Full code'),
    ]),
    groupOf('adls', [
      answered('adl-bathing', 'Needs some help'),
      answered('adl-dressing', 'Needs some help'),
      answered('adl-grooming', 'Independent'),
      answered('adl-toileting', 'Independent'),
      answered('adl-transferring', 'Needs some help'),
      answered('adl-walking', 'Needs some help'),
      answered('adl-eating', 'Independent'),
    ]),
    groupOf('fall-risk', [
      answered('fell-past-year', true),
      answered('fall-count', 1),
      answered('fall-injured', false),
      answered('unsteady', true),
      answered('worries-falling', true),
      answered('mobility-aid', 'Walker'),
      answered('mobility-aid-notes', 'Front-wheeled walker in good repair; uses it indoors and out.'),
    ]),
    groupOf('home-safety', [answered('hazards', 'Loose rugs', 'No grab bars in bathroom'), answered('smoke-detector', true)]),
    groupOf('consent', [
      answered('signer', 'Client'),
      { linkId: 'client-signature', answer: [{ valueAttachment: { contentType: 'image/png', data: signature.split(',')[1]! } }] },
    ]),
  ];
}

/**
 * The visit of the demo caregiver to attach their assigned form to: today's first visit in the agency's zone, else
 * the next one, else their latest.
 */
async function caregiverVisit(tx: Db, d: DemoCareFormsInput): Promise<{ id: number; clientId: number } | undefined> {
  const dayStart = wallClockToUtc(d.today, '00:00', d.timezone);
  const columns = { id: shifts.id, clientId: shifts.clientId };
  const [next] = await tx
    .select(columns)
    .from(shifts)
    .where(and(eq(shifts.caregiverId, d.caregiverId), gte(shifts.startAt, dayStart)))
    .orderBy(asc(shifts.startAt))
    .limit(1);
  if (next) return next;
  const [latest] = await tx.select(columns).from(shifts).where(eq(shifts.caregiverId, d.caregiverId)).limit(1);
  return latest;
}

/**
 * The demo agency's care forms (issue 23): the four shipped types copied and active; a client intake completed and
 * signed by the demo nurse; a change of condition in progress started by the branch manager; and a supervisory visit
 * in progress assigned to the demo caregiver for their visit today (the phone's Forms list shows it).
 */
export async function seedDemoCareForms(tx: Db, d: DemoCareFormsInput): Promise<void> {
  const people = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['nurse', 'branchmanager', 'caregiver']));
  const userId = (name: string) => people.find((p) => p.username === name)!.id;
  const typeIds = {} as Record<BuiltInTypeKey, number>;
  for (const builtIn of BUILT_IN_TYPES) {
    const [row] = await tx
      .insert(careFormTypes)
      .values({
        companyId: d.companyId,
        lineageId: 0,
        name: builtIn.name,
        category: builtIn.category,
        status: 'active',
        caregiverMayStart: builtIn.caregiverMayStart,
        definition: builtIn.definition,
        builtInKey: builtIn.key,
        frozen: true,
        createdByUserId: userId('branchmanager'),
      })
      .returning({ id: careFormTypes.id });
    await tx.update(careFormTypes).set({ lineageId: row!.id }).where(eq(careFormTypes.id, row!.id));
    typeIds[builtIn.key] = row!.id;
  }
  const signature = demoSignaturePng();
  const nurse = userId('nurse');
  const visit = await caregiverVisit(tx, d);
  await tx.insert(careForms).values([
    {
      clientId: d.clientIds[0],
      typeId: typeIds['client-intake'],
      status: 'completed',
      items: intakeAnswers(signature),
      signature,
      signedByUserId: nurse,
      signedAt: new Date(),
      assigneeUserId: nurse,
      createdByUserId: nurse,
    },
    {
      clientId: d.clientIds[1],
      typeId: typeIds['change-of-condition'],
      items: [groupOf('stop-and-watch', [answered('signs', 'Ate less', 'Tired, weak, confused or drowsy')])],
      assigneeUserId: nurse,
      createdByUserId: userId('branchmanager'),
    },
    ...(visit
      ? [
          {
            clientId: visit.clientId,
            typeId: typeIds['supervisory-visit'],
            shiftId: visit.id,
            assigneeUserId: userId('caregiver'),
            createdByUserId: nurse,
          },
        ]
      : []),
  ]);
}
