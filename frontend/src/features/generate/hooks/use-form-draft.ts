import { useCallback, useEffect, useState } from 'react';

import { formDrafts, FRESH_DRAFT, type FormDraft } from '../form-draft';

/**
 * The Generate form's fields for `uid` (null: a guest), starting from the draft they left and
 * kept on every change until `reset`. Mount it again (a `key`) for another account.
 */
export function useFormDraft(uid: string | null) {
  const [draft, setDraft] = useState(() => formDrafts.recall(uid));

  useEffect(() => {
    formDrafts.save(uid, draft);
  }, [uid, draft]);

  const update = useCallback((change: Partial<FormDraft>) => {
    setDraft((current) => ({ ...current, ...change }));
  }, []);

  const reset = useCallback(() => {
    setDraft(FRESH_DRAFT);
  }, []);

  return { draft, update, reset };
}
