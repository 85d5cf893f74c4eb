import { randomBytes } from 'node:crypto';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { symmetricEncrypt } from 'better-auth/crypto';
import { DEMO_TOTP_SECRET, MFA_EXEMPT_ROLE_IDS } from '@hearth/shared/mfa/mfa.constants';
import type { Db } from '../../db/client';
import type { Auth } from '../../auth/auth';
import { users, verifications } from '../users/users.schema';
import { twoFactors } from '../mfa/mfa.schema';

/**
 * The verification row the demo seed leaves (value: the demo company's id) so the next start enrols its users: the
 * authenticator secret is stored encrypted with the auth secret, which only the running server has.
 */
export const DEMO_MFA_PENDING = 'demo-mfa-enrolment';

/** Marks the demo company's users for enrolment at the next start (seedDemoAgency). */
export async function markDemoMfaPending(tx: Db, companyId: number): Promise<void> {
  await tx.insert(verifications).values({
    identifier: DEMO_MFA_PENDING,
    value: String(companyId),
    expiresAt: new Date('2999-12-31T00:00:00Z'),
  });
}

/**
 * Enrols the demo agency's staff and caregiver users with the one demo authenticator secret (DEMO_TOTP_SECRET,
 * shown in the README beside the demo password; issue 20), encrypted as better-auth's two-factor plugin stores it,
 * with ten random backup codes nobody is shown. Runs at every start and does something only after the demo seed
 * marked its company (markDemoMfaPending): a production install, never seeded, has no such secret.
 * @returns how many users were enrolled.
 */
export async function completeDemoMfaEnrolment(db: Db, auth: Auth): Promise<number> {
  const pending = await db.delete(verifications).where(eq(verifications.identifier, DEMO_MFA_PENDING)).returning();
  if (pending.length === 0) return 0;
  const { secretConfig } = await auth.$context;
  const companyIds = pending.map((row) => Number(row.value));
  const demoUsers = await db
    .select({ id: users.id })
    .from(users)
    // The seed set their two_factor_enabled already, so starting adds no change to their audited history.
    .where(and(inArray(users.companyId, companyIds), notInArray(users.roleId, [...MFA_EXEMPT_ROLE_IDS])));
  for (const user of demoUsers) {
    const backupCodes = Array.from({ length: 10 }, () => randomBytes(5).toString('hex'));
    await db.insert(twoFactors).values({
      userId: user.id,
      secret: await symmetricEncrypt({ key: secretConfig, data: DEMO_TOTP_SECRET.text }),
      backupCodes: await symmetricEncrypt({ key: secretConfig, data: JSON.stringify(backupCodes) }),
      verified: true,
    });
  }
  return demoUsers.length;
}
