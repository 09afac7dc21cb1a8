import { useEffect, useRef, useState } from 'react';

import type { SupportUser } from '@/types/api';

/**
 * For a part of a user's card whose form leaves once the gateway's answer is shown (a lifted
 * suspension's, a reset age check's): the sentence saying what was done, for the part's live
 * region, and the focus the form had, given to the part's heading rather than the page's start.
 */
export function usePartOutcome(user: SupportUser) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [done, setDone] = useState('');
  const focusHeading = useRef(false);

  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    if (document.activeElement === document.body) heading.current?.focus();
  }, [user]);

  return {
    heading,
    done,
    changed: (message: string) => {
      setDone(message);
      focusHeading.current = true;
    },
  };
}
