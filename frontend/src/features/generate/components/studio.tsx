import { useRef } from 'react';

import { useAuth } from '@/lib/auth';
import { isPro, useMe } from '@/lib/me';
import type { Generation } from '@/types/api';

import { useFormDraft } from '../hooks/use-form-draft';
import { useJobs } from '../hooks/use-jobs';

import { GenerateForm } from './generate-form';
import { SessionResults } from './session-results';
import styles from './studio.module.css';

interface StudioProps {
  /** Generate as soon as the form can ('Try Again'); `onAutostarted` says it did. */
  readonly autostart?: boolean;
  readonly onAutostarted?: () => void;
  /** A guest pressed Generate. */
  readonly onGuest: () => void;
  /** A job's images, as soon as it ended. */
  readonly onFinished: (generations: readonly Generation[]) => void;
}

/**
 * The Generate page's studio: the form, and beside it (below it on a phone) the session's jobs,
 * each on a card from the click to its images. Mount it once the session is known, and again (a
 * `key`) for another account: the draft and the jobs are each account's own.
 */
export function Studio({ autostart, onAutostarted, onGuest, onFinished }: StudioProps) {
  const { user } = useAuth();
  const { me } = useMe();
  const uid = user?.uid ?? null;
  const form = useFormDraft(uid);
  const jobs = useJobs({ uid, onFinished });
  const promptRef = useRef<HTMLTextAreaElement>(null);

  return (
    <div className={styles.studio}>
      <GenerateForm
        form={form}
        promptRef={promptRef}
        sending={jobs.sending}
        submitError={jobs.submitError}
        onSubmit={jobs.submit}
        autostart={autostart}
        onAutostarted={onAutostarted}
        onGuest={onGuest}
      />
      <SessionResults
        jobs={jobs.jobs}
        // Once the profile says the plan: a Premium user never sees the offer.
        offerUpgrade={me !== null && !isPro(me)}
        onCancel={(job) => void jobs.cancel(job)}
        onCheckAgain={jobs.checkAgain}
        onUseSettings={(settings) => {
          form.update(settings);
          // Where the filled form starts; on a phone, back up above the results.
          promptRef.current?.focus();
        }}
      />
    </div>
  );
}
