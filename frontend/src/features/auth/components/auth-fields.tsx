import type { ComponentProps } from 'react';

import { TextField } from '@/components/ui/text-field';

interface ValueProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
}

interface AuthFieldProps extends ValueProps {
  readonly label: string;
  readonly type?: 'email' | 'password';
  /** What the browser may fill the field with. */
  readonly autoComplete: ComponentProps<'input'>['autoComplete'];
}

/** A field of the sign-in forms, which keep each field's text in a state of their own. */
export function AuthField({ onChange, ...field }: AuthFieldProps) {
  return (
    <TextField
      {...field}
      onChange={(event) => {
        onChange(event.target.value);
      }}
    />
  );
}

/** The email field every sign-in form asks for, filled from the browser's saved address. */
export function EmailField(props: ValueProps) {
  return <AuthField label="Email" type="email" autoComplete="email" {...props} />;
}

interface PasswordFieldProps extends ValueProps {
  /** 'Password' by default. */
  readonly label?: string;
  /** A password being chosen (registration, a reset), which a password manager may suggest. */
  readonly chosen?: boolean;
}

/** The account's password: the one it signs in with, or one being chosen. */
export function PasswordField({ label = 'Password', chosen = false, ...props }: PasswordFieldProps) {
  return <AuthField label={label} type="password" autoComplete={chosen ? 'new-password' : 'current-password'} {...props} />;
}
