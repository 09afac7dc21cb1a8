import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { PageLoading } from '@/components/ui/page-loading';
import { paths } from '@/config/paths';
import { useAddToHistory } from '@/features/gallery/hooks/use-history';
import { AccountSuspendedNotice } from '@/features/generate/components/account-suspended-notice';
import { Studio } from '@/features/generate/components/studio';
import { draftFrom, formDrafts } from '@/features/generate/form-draft';
import { useAuth } from '@/lib/auth';
import { readGenerateState, type GenerateState } from '@/types/navigation';

/**
 * The draft this visit of the page asks for: the settings a card or a prompt card sent (in place
 * of the draft), or the style and prompt the way back from the age check names in the address
 * (over the draft).
 */
function askedDraft(uid: string | null, { params, source }: GenerateState, search: URLSearchParams) {
  if (params || source) return draftFrom(params ?? {}, source);
  const style = search.get('style');
  const prompt = search.get('prompt');
  return { ...formDrafts.recall(uid), ...(style && { style }), ...(prompt !== null && { prompt }) };
}

export default function GenerateRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { user, ready } = useAuth();
  const uid = user?.uid ?? null;
  const state = readGenerateState(location.state);
  const asks = Boolean(state.params ?? state.source ?? search.get('style') ?? search.get('prompt'));
  const addToHistory = useAddToHistory();

  // What was asked becomes the draft, and leaves the history entry (as 'Try Again''s start does
  // once made): coming back to it later (the browser's Back) shows the form as the user left it,
  // not as it was first asked.
  useEffect(() => {
    if (!ready || !asks) return;
    formDrafts.save(uid, askedDraft(uid, state, search));
    const kept: GenerateState = { autostart: state.autostart };
    void navigate(paths.generate, { replace: true, state: kept });
  });

  return (
    <Page title="Generate" lead="Describe the image you want and pick a style." full>
      <AccountSuspendedNotice />
      {!ready || asks ? (
        <PageLoading />
      ) : (
        <Studio
          // Each account has its own draft and jobs; a guest's draft becomes theirs on signing in.
          key={uid ?? 'guest'}
          autostart={state.autostart}
          onAutostarted={() => {
            void navigate(paths.generate, { replace: true });
          }}
          onGuest={() => void navigate(paths.register)}
          // At the top of the history at once, for when the user opens it.
          onFinished={(created) => {
            if (uid) void addToHistory(uid, created);
          }}
        />
      )}
    </Page>
  );
}
