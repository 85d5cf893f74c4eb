import {
  ZMfaStatus,
  ZSendPhoneCodeInput,
  ZSetMfaPreferenceInput,
  ZVerifyPhoneInput,
  ZVerifyPhoneOutput,
} from '@hearth/shared/mfa/mfa.schema';
import { ZOkOutput } from '@hearth/shared/app/outputs.schema';
import { authedProcedure, router } from '../../trpc/init';
import * as service from './mfa.service';

/**
 * The signed-in person's own second factors (spec sections 4, 7 and 8). Any signed-in user, and all of them stay
 * open to a user who must still enrol (MFA_ENROLMENT_PROCEDURES in auth/mfa-enrolment.ts). The authenticator itself
 * is set up through better-auth's endpoints (/api/auth/two-factor/enable, verify-totp).
 */
export const mfaRouter = router({
  /** {} -> {enabled, preferred, phoneNumber, phoneVerified, required, mustEnrol}. */
  getMfaStatus: authedProcedure.output(ZMfaStatus).query(({ ctx }) => service.getMfaStatus({ scope: ctx.scope })),
  /** {phoneNumber} -> ok: texts a code to prove the number (SMS driver). */
  sendPhoneVerificationCode: authedProcedure
    .input(ZSendPhoneCodeInput)
    .output(ZOkOutput)
    .mutation(({ ctx, input }) => service.sendPhoneVerificationCode({ scope: ctx.scope, input })),
  /** {code} -> {verified}: a match verifies the phone and turns SMS codes on; 429 after 5 wrong codes. */
  verifyPhone: authedProcedure
    .input(ZVerifyPhoneInput)
    .output(ZVerifyPhoneOutput)
    .mutation(({ ctx, input }) => service.verifyPhone({ scope: ctx.scope, input })),
  /** {preference: SMS_MFA | SOFTWARE_TOKEN_MFA | DISABLED} -> ok (spec section 4 "MFA preference"). */
  setMfaPreference: authedProcedure
    .input(ZSetMfaPreferenceInput)
    .output(ZOkOutput)
    .mutation(({ ctx, input }) => service.setMfaPreference({ scope: ctx.scope, input })),
  /** {} -> ok: removes the authenticator app (refused when it is a required last factor). */
  removeAuthenticator: authedProcedure.output(ZOkOutput).mutation(({ ctx }) => service.removeAuthenticator({ scope: ctx.scope })),
});
