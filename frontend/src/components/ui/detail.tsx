import type { ReactNode } from 'react';

/** One labelled value of a details list (`<dl className={details.list}>`). */
export function Detail({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
