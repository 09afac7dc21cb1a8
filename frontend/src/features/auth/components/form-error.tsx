/** Announced by screen readers as soon as it appears. */
export function FormError({ message }: { readonly message: string | null }) {
  return (
    <p role="alert" className="alert" hidden={!message}>
      {message}
    </p>
  );
}
