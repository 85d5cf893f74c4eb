import { z } from 'zod';

/** The two second factors (spec section 3 `mfaPreferredMethod`: SMS_MFA, SOFTWARE_TOKEN_MFA). */
export const MFA_METHODS = ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/** The preference a user sets (spec section 4): SMS preferred, authenticator preferred, or both disabled. */
export const MFA_PREFERENCES = ['SMS_MFA', 'SOFTWARE_TOKEN_MFA', 'DISABLED'] as const;
export type MfaPreference = (typeof MFA_PREFERENCES)[number];

/** Output of getMfaStatus: the enabled methods, the preferred one, the phone and whether enrolment is required now. */
export const ZMfaStatus = z.object({
  enabled: z.array(z.enum(MFA_METHODS)),
  preferred: z.enum(MFA_METHODS).nullable(),
  /** The phone number on file, shown so the user knows where codes go. */
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
  /** Whether the user's role must have a second factor (spec section 6). */
  required: z.boolean(),
  /** Whether the user must enrol before anything else works (required and no method yet): the mandatory dialog. */
  mustEnrol: z.boolean(),
});
export type MfaStatus = z.infer<typeof ZMfaStatus>;

/** A verification code as typed: exactly 6 digits (spec section 5: the Verify button needs exactly 6 characters). */
export const zVerificationCode = () =>
  z
    .string()
    .trim()
    .min(1, 'Please enter the verification code')
    .regex(/^\d{6}$/, 'Invalid verification code');

/** A phone number to verify: digits with an optional leading + (E.164 style), 10 to 15 digits. */
export const zPhoneNumber = () =>
  z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s().-]/g, ''))
    .pipe(z.string().regex(/^\+?\d{10,15}$/, 'Enter a phone number of 10 to 15 digits'));

/** Input of sendPhoneVerificationCode: the number to text a code to. */
export const ZSendPhoneCodeInput = z.object({ phoneNumber: zPhoneNumber() });
export type SendPhoneCodeInput = z.infer<typeof ZSendPhoneCodeInput>;

/** Input of verifyPhone: the texted code. */
export const ZVerifyPhoneInput = z.object({ code: zVerificationCode() });
export type VerifyPhoneInput = z.infer<typeof ZVerifyPhoneInput>;

/** Input of setMfaPreference. */
export const ZSetMfaPreferenceInput = z.object({ preference: z.enum(MFA_PREFERENCES) });
export type SetMfaPreferenceInput = z.infer<typeof ZSetMfaPreferenceInput>;

/** Input of resetUserMfa: the user whose second factors an admin removes. */
export const ZResetUserMfaInput = z.object({ userId: z.number().int().positive('userId must be a positive integer') });
export type ResetUserMfaInput = z.infer<typeof ZResetUserMfaInput>;

/** Output of verifyPhone: whether the code matched (a wrong code is an answer, so its failure is counted). */
export const ZVerifyPhoneOutput = z.object({ verified: z.boolean() });
