import { TextAreaField } from '@/components/ui/text-field';

interface ReasonFieldProps {
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (value: string) => void;
}

export function ReasonField({ value, error, onChange }: ReasonFieldProps) {
  return (
    <TextAreaField
      label="Reason"
      hint="Kept in the audit trail with your email and uid, up to 500 characters."
      rows={2}
      value={value}
      error={error}
      onChange={(event) => {
        onChange(event.target.value);
      }}
    />
  );
}
