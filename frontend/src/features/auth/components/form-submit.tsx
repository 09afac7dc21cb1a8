import { FormError } from './form-error';

interface FormSubmitProps {
  /** What went wrong, if anything: said above the button. */
  readonly error: string | null;
  readonly label: string;
  /** Said by the button, disabled, while the form is being sent. */
  readonly pendingLabel: string;
  readonly pending: boolean;
}

/** The foot of a sign-in form: its error, announced as soon as it appears, and its submit button. */
export function FormSubmit({ error, label, pendingLabel, pending }: FormSubmitProps) {
  return (
    <>
      <FormError message={error} />
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
    </>
  );
}
