import { TextField } from '@/components/ui/text-field';

/** The email field every sign-in form asks for, filled from the browser's saved address. */
export function EmailField({ value, onChange }: { readonly value: string; readonly onChange: (email: string) => void }) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
    />
  );
}
