import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

import type { FormDraft } from '../form-draft';
import type { SessionJob } from '../hooks/use-jobs';

import styles from './job-card.module.css';
import { JobImages } from './job-images';
import { JobStatus } from './job-status';
import { PromptRefusal, refusalOf } from './prompt-refusal';

interface JobCardProps {
  readonly job: SessionJob;
  /** Every image of the session, which the history marks new. */
  readonly newIds: readonly string[];
  /** A free user's job waits behind Premium ones: its card offers the way to the front. */
  readonly offerUpgrade: boolean;
  readonly onCancel: (job: SessionJob) => void;
  readonly onCheckAgain: (job: SessionJob) => void;
  readonly onUseSettings: (settings: FormDraft) => void;
}

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'The image could not be generated. Please try again.';

/** Why the job ended without its images, where the user looks for them. */
function Failure({ error, count }: { readonly error: unknown; readonly count: number }) {
  const id = useId();
  // An image the moderation service flagged counts as a refusal, and is said as one.
  const refusal = refusalOf(error);
  if (refusal) return <PromptRefusal id={id} refusal={refusal} />;
  return (
    <div role="alert" className="alert">
      <p>{messageOf(error)}</p>
      <p>{count === 1 ? 'Nothing was charged: its credit is back.' : 'The credits of the images not made are back.'}</p>
    </div>
  );
}

/**
 * One job, from the click to its images: sent, in line (with Cancel, which gives its credits
 * back), rendering, then its images in place, or why it failed. 'Use these settings' puts the
 * form back as it was sent.
 */
export function JobCard({ job, newIds, offerUpgrade, onCancel, onCheckAgain, onUseSettings }: JobCardProps) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  // Sent from this page now, not a job of an earlier visit.
  const sentHere = useRef(job.id === null);
  const { stage, settings } = job;
  const count = settings.count;

  // On a phone the results are below the form: once the gateway took the job, its card comes
  // into view. Not before: a refusal is said by the Generate button, where the user still is.
  useEffect(() => {
    if (!sentHere.current || job.id === null) return;
    sentHere.current = false;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
  }, [job.id]);

  return (
    <article
      ref={ref}
      className={styles.card}
      aria-labelledby={`${id}-prompt`}
      data-testid="job-card"
      data-job-id={job.id ?? undefined}
    >
      <p id={`${id}-prompt`} className={styles.prompt}>
        {settings.prompt}
      </p>
      <JobStatus stage={stage} count={count} />
      {stage.kind === 'done' && <JobImages generations={stage.generations} newIds={newIds} />}
      {stage.kind === 'failed' && <Failure error={stage.error} count={count} />}
      {stage.kind === 'lost' && (
        <div role="alert" className="alert">
          <p>{messageOf(stage.error)}</p>
          {stage.resumable && <p>The job itself goes on: check again to follow it.</p>}
        </div>
      )}
      {job.cancelError && (
        <p role="alert" className="alert">
          {job.cancelError}
        </p>
      )}
      <div className={styles.actions}>
        {stage.kind === 'queued' && (
          <button
            type="button"
            className="button button-small"
            disabled={job.canceling}
            onClick={() => {
              onCancel(job);
            }}
          >
            Cancel
          </button>
        )}
        {stage.kind === 'queued' && offerUpgrade && (
          <Link to={paths.subscribe} className="button button-small button-primary">
            Generate Faster
          </Link>
        )}
        {stage.kind === 'lost' && stage.resumable && (
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              onCheckAgain(job);
            }}
          >
            Check again
          </button>
        )}
        <button
          type="button"
          className="button button-small button-ghost"
          title="Fills the form with the settings this was sent with"
          onClick={() => {
            onUseSettings(settings);
          }}
        >
          Use these settings
        </button>
      </div>
    </article>
  );
}
