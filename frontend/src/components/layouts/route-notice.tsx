import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { readNotice } from '@/types/navigation';

import styles from './root-layout.module.css';

interface Shown {
  readonly text: string;
  readonly pathname: string;
  /** The history entry that carried it. */
  readonly key: string;
}

/**
 * The notice a navigation carried (`{ notice }` in its state, see NoticeState), said at the top
 * of the page arrived at. Its live region stays on every page, empty until then, so the words are
 * announced rather than found; they stay until the user goes to another page. The notice leaves
 * the history entry as soon as it is shown, so a reload or the browser's Back does not say it
 * again.
 */
export function RouteNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const carried = readNotice(location.state);
  const [shown, setShown] = useState<Shown | null>(null);

  if (carried && shown?.key !== location.key) {
    setShown({ text: carried, pathname: location.pathname, key: location.key });
  } else if (!carried && shown && shown.pathname !== location.pathname) {
    setShown(null);
  }

  useEffect(() => {
    if (!carried) return;
    const rest: Record<string, unknown> = { ...(location.state as Record<string, unknown>) };
    delete rest.notice;
    const { pathname, search, hash } = location;
    void navigate({ pathname, search, hash }, { replace: true, state: rest });
  }, [carried, location, navigate]);

  return (
    <div role="status" className={styles.notice}>
      {shown && <p className="success-text">{shown.text}</p>}
    </div>
  );
}
