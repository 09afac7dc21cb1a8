import type { ReactNode } from 'react';

import { SUPPORT_EMAIL, supportMailto } from '@/config/support';

interface SupportLinkProps {
  readonly subject?: string;
  readonly className?: string;
  /** Defaults to the address itself. */
  readonly children?: ReactNode;
}

/** A mail link to support with a subject (spec section 2: "Several pages carry a mail link"). */
export function SupportLink({ subject, className, children }: SupportLinkProps) {
  return (
    <a href={supportMailto(subject)} className={className}>
      {children ?? SUPPORT_EMAIL}
    </a>
  );
}
