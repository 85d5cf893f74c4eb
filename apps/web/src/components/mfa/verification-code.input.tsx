import { TextInput, type TextInputProps } from '@mantine/core';

/** Props: a TextInput's, with the code as a string of digits in and out. */
export type VerificationCodeInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  /** Called with the typed text reduced to its digits, at most 6. */
  onChange: (code: string) => void;
};

/**
 * The 6-digit verification code field of sign-in, authenticator setup and phone verification (spec section 5: the
 * Verify button needs exactly 6 characters): keeps digits only, at most six, offers the phone's numeric keypad and
 * the one-time code autofill.
 */
export function VerificationCodeInput({ value, onChange, ...props }: VerificationCodeInputProps) {
  return (
    <TextInput
      {...props}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
    />
  );
}
