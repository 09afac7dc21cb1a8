import { useId } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

import type { FormDraft } from '../form-draft';
import type { SessionJob } from '../hooks/use-jobs';

import { JobCard } from './job-card';
import styles from './studio.module.css';

interface SessionResultsProps {
  /** Newest first. */
  readonly jobs: readonly SessionJob[];
  /** The user is not Premium: a job in line offers 'Generate Faster'. */
  readonly offerUpgrade: boolean;
  readonly onCancel: (job: SessionJob) => void;
  readonly onCheckAgain: (job: SessionJob) => void;
  readonly onUseSettings: (settings: FormDraft) => void;
}

/** The session's jobs, newest first, each on its card. */
export function SessionResults({ jobs, offerUpgrade, onCancel, onCheckAgain, onUseSettings }: SessionResultsProps) {
  const id = useId();
  // Oldest first, as the history's new marks are kept.
  const newIds = [...jobs]
    .reverse()
    .flatMap(({ stage }) => (stage.kind === 'done' ? stage.generations.map((item) => item.id) : []));
  return (
    <section className={styles.results} aria-labelledby={`${id}-title`} data-testid="session-results">
      <h2 id={`${id}-title`} className={styles.resultsTitle}>
        Results
      </h2>
      {jobs.length === 0 ? (
        <p className={styles.hint}>Your images appear here as they are made, newest first.</p>
      ) : (
        <ol className={styles.list}>
          {jobs.map((job) => (
            <li key={job.key}>
              <JobCard
                job={job}
                newIds={newIds}
                offerUpgrade={offerUpgrade}
                onCancel={onCancel}
                onCheckAgain={onCheckAgain}
                onUseSettings={onUseSettings}
              />
            </li>
          ))}
        </ol>
      )}
      <p className={styles.hint}>
        Everything you make is kept in <Link to={paths.generation}>My images</Link>.
      </p>
    </section>
  );
}
