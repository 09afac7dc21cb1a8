import type { JobStage } from '../job-stage';

import styles from './job-card.module.css';

const seconds = (eta: number | null) => (eta !== null && eta > 0 ? Math.ceil(eta) : null);

/** What a stage says in words; announced as it changes (the percentage is the bar's, not said). */
function said(stage: JobStage, count: number): string {
  switch (stage.kind) {
    case 'sending':
      return 'Sending…';
    case 'resuming':
      return 'Checking on it…';
    case 'queued':
      return stage.position !== null && stage.position > 0 ? `In line: position ${String(stage.position)}` : 'Starting…';
    case 'rendering':
      return 'Rendering…';
    case 'done':
      return stage.generations.length === 1 ? 'Done' : `Done: ${String(stage.generations.length)} images`;
    case 'failed':
      return 'Failed';
    case 'canceled':
      return count === 1 ? 'Canceled: its credit is back.' : 'Canceled: its credits are back.';
    case 'lost':
      return stage.resumable ? 'Connection lost' : 'No longer available';
  }
}

/**
 * Where a job stands, as the gateway's events say it: its place in line, then the backend's own
 * fraction and time left on a bar (none until the backend reports one: nothing is made up).
 */
export function JobStatus({ stage, count }: { readonly stage: JobStage; readonly count: number }) {
  const percent = stage.kind === 'rendering' && stage.fraction !== null ? Math.round(stage.fraction * 100) : null;
  const eta = stage.kind === 'queued' || stage.kind === 'rendering' ? seconds(stage.etaSeconds) : null;
  return (
    <div className={styles.status}>
      <p className={styles.stage} role="status" data-stage={stage.kind}>
        {said(stage, count)}
      </p>
      {stage.kind === 'rendering' && (
        <div
          className={styles.progress}
          role="progressbar"
          aria-label="Rendering progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent ?? undefined}
          aria-valuetext={percent === null ? 'Waiting for the first progress report' : undefined}
          data-indeterminate={percent === null}
        >
          <div className={styles.progressFill} style={percent === null ? undefined : { width: `${String(percent)}%` }} />
        </div>
      )}
      {(percent !== null || eta !== null) && (
        <p className={styles.eta}>
          {[
            percent !== null && `${String(percent)}%`,
            eta !== null && (stage.kind === 'queued' ? `Starts in about ${String(eta)} s` : `About ${String(eta)} s left`),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
    </div>
  );
}
