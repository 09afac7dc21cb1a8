import { useId, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { rendererNote, useCatalog } from '@/lib/catalog';
import { formatDateTime } from '@/lib/format';
import { creditsLeft, isPro, useMe } from '@/lib/me';
import type { Generation, GenerationRequest, Me, Style } from '@/types/api';

import { DEFAULT_LIMITS, DEFAULT_PROMPT, defaultStyle, SEED_PLACEHOLDER, STEPS_PLACEHOLDER } from '../defaults';
import { useGenerationRun } from '../hooks/use-generation-run';

import { AgeConfirmDialog } from './age-confirm-dialog';
import styles from './generate.module.css';
import { GenerateError } from './generate-error';
import { GeneratingOverlay } from './generating-overlay';
import { LookPicker } from './look-picker';
import { PromptField } from './prompt-field';
import { StyleTiles } from './style-tiles';

interface GenerateFormProps {
  /** Prefills the form ('Try Again' passes the parameters of an earlier image). */
  readonly initial?: Partial<GenerationRequest>;
  /** The new images, once the overlay has cleared. */
  readonly onGenerated: (generations: Generation[]) => void;
  /** A guest pressed Generate. */
  readonly onGuest: () => void;
}

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

function Credits({ me }: { readonly me: Me }) {
  return (
    <p className={styles.credits} data-testid="credits">
      <strong>{creditsLeft(me)}</strong> of {me.quota.limit} credits left
      <span className={styles.creditsReset}> · resets {formatDateTime(me.quota.resetsAt)}</span>
    </p>
  );
}

export function GenerateForm({ initial, onGenerated, onGuest }: GenerateFormProps) {
  const id = useId();
  const { user, ready } = useAuth();
  const { me, refresh, update } = useMe();
  const { catalog, error: catalogError, retry } = useCatalog();
  const pro = isPro(me);
  const limits = { ...DEFAULT_LIMITS, ...catalog?.limits };

  const [prompt, setPrompt] = useState(() => asText(initial?.prompt ?? DEFAULT_PROMPT).slice(0, limits.promptMax));
  const [negativePrompt, setNegativePrompt] = useState(() => asText(initial?.negativePrompt));
  const [styleChoice, setStyleChoice] = useState<string | null>(() => initial?.style ?? null);
  const [look, setLook] = useState<string | null>(() => initial?.look ?? null);
  const [seed, setSeed] = useState(() => asText(initial?.seed));
  const [steps, setSteps] = useState(() => asText(initial?.steps));
  const [enhance, setEnhance] = useState(() => initial?.enhance ?? true);
  const [count, setCount] = useState(() => initial?.count ?? 1);
  const [formError, setFormError] = useState<string | null>(null);

  // 18+ confirmation for the explicit style: the profile's, or (for a guest) this page's.
  const [guestAgeConfirmed, setGuestAgeConfirmed] = useState(false);
  const [askAgeFor, setAskAgeFor] = useState<Style | null>(null);
  const [agePending, setAgePending] = useState(false);
  const [ageError, setAgeError] = useState<string | null>(null);
  const ageConfirmed = user ? (me?.ageConfirmed ?? false) : guestAgeConfirmed;

  const run = useGenerationRun({
    onFinished: onGenerated,
    onAnswered: () => void refresh(),
  });

  // What is actually sent: a choice the catalog (or the plan) does not allow falls back.
  const allStyles = catalog?.styles ?? [];
  const chosenStyle = allStyles.find((style) => style.id === styleChoice && (!style.pro || pro));
  const style = chosenStyle ?? (catalog ? defaultStyle(catalog) : undefined);
  const styleId = style?.id ?? styleChoice ?? 'real-v1.1';
  const allLooks = catalog?.looks ?? [];
  const lookAllowed = !catalog || allLooks.some((option) => option.id === look && (!option.pro || pro));
  const effectiveLook = look && lookAllowed ? look : null;
  const maxCount = pro ? limits.countMaxPro : limits.countMaxFree;
  const effectiveCount = Math.min(Math.max(1, count), Math.max(1, maxCount));
  const note = rendererNote(catalog);

  function selectStyle(next: Style) {
    if (next.nsfw && !ageConfirmed) {
      setAgeError(null);
      setAskAgeFor(next);
      return;
    }
    setStyleChoice(next.id);
  }

  async function confirmAge() {
    if (!askAgeFor) return;
    if (!user) {
      setGuestAgeConfirmed(true);
      setStyleChoice(askAgeFor.id);
      setAskAgeFor(null);
      return;
    }
    setAgePending(true);
    try {
      const username = me?.username ?? user.displayName ?? user.email?.split('@')[0] ?? 'Lucent user';
      update(await api.post<Me>('/me', { username, ageConfirmed: true }));
      setStyleChoice(askAgeFor.id);
      setAskAgeFor(null);
    } catch (cause) {
      setAgeError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setAgePending(false);
    }
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || run.busy) return;
    if (!user) {
      onGuest();
      return;
    }
    if (!prompt.trim()) {
      setFormError('Please write a prompt first.');
      return;
    }
    setFormError(null);
    void run.start({
      prompt,
      negativePrompt,
      style: styleId,
      look: effectiveLook,
      seed,
      steps,
      enhance,
      count: effectiveCount,
    });
  }

  return (
    <>
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={run.busy}>
        <div className={styles.status}>
          {me ? (
            <Credits me={me} />
          ) : ready && !user ? (
            <p className={styles.credits}>
              <Link to={paths.register}>Register</Link> to get free credits every day.
            </p>
          ) : null}
          {note && (
            <p className={`notice ${styles.rendererNote}`} data-testid="renderer-note">
              {note}
            </p>
          )}
        </div>

        <div className={styles.columns}>
          <div className={styles.column}>
            <PromptField value={prompt} max={limits.promptMax} onChange={setPrompt} />

            <div className={styles.field}>
              <label htmlFor={`${id}-negative`} className={styles.label}>
                Negative prompt
              </label>
              <textarea
                id={`${id}-negative`}
                className={styles.input}
                rows={2}
                maxLength={limits.negativePromptMax}
                placeholder="What to leave out, e.g. blurry, extra fingers"
                value={negativePrompt}
                onChange={(event) => {
                  setNegativePrompt(event.target.value);
                }}
              />
            </div>

            <div className={styles.row}>
              <div className={styles.field}>
                <label htmlFor={`${id}-seed`} className={styles.label}>
                  Seed
                </label>
                <input
                  id={`${id}-seed`}
                  className={styles.input}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder={SEED_PLACEHOLDER}
                  value={seed}
                  onChange={(event) => {
                    setSeed(event.target.value);
                  }}
                />
              </div>
              <div className={styles.field}>
                <label htmlFor={`${id}-steps`} className={styles.label}>
                  Steps
                </label>
                <input
                  id={`${id}-steps`}
                  className={styles.input}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder={STEPS_PLACEHOLDER}
                  aria-describedby={`${id}-steps-hint`}
                  value={steps}
                  onChange={(event) => {
                    setSteps(event.target.value);
                  }}
                />
              </div>
            </div>
            <p id={`${id}-steps-hint`} className={styles.hint}>
              Leave the seed empty for a random one. Steps: up to {pro ? limits.stepsMaxPro : limits.stepsMaxFree}
              {!pro && ` (${String(limits.stepsMaxPro)} with Premium)`}.
            </p>

            <label className={styles.switch}>
              <input
                type="checkbox"
                role="switch"
                checked={enhance}
                onChange={(event) => {
                  setEnhance(event.target.checked);
                }}
              />
              <span className={styles.switchTrack} aria-hidden="true" />
              2x Inhance
            </label>
          </div>

          <div className={styles.column}>
            {catalog ? (
              <StyleTiles options={catalog.styles} value={styleId} pro={pro} onSelect={selectStyle} />
            ) : catalogError ? (
              <div role="alert" className="alert">
                <p>Styles could not be loaded: {catalogError}</p>
                <button type="button" className="button button-small" onClick={retry}>
                  Try again
                </button>
              </div>
            ) : (
              <p className={styles.hint} role="status">
                Loading styles…
              </p>
            )}

            <LookPicker
              options={catalog?.looks ?? []}
              value={effectiveLook}
              pro={pro}
              onChange={setLook}
            />

            {pro ? (
              <div className={styles.field}>
                <label htmlFor={`${id}-count`} className={styles.label}>
                  Images
                </label>
                <select
                  id={`${id}-count`}
                  className={styles.input}
                  value={effectiveCount}
                  onChange={(event) => {
                    setCount(Number(event.target.value));
                  }}
                >
                  {Array.from({ length: Math.max(1, maxCount) }, (_, index) => index + 1).map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <div className={styles.field}>
                <span className={styles.label}>Images</span>
                <Link to={paths.subscribe} className={`${styles.look} ${styles.locked}`}>
                  Several images at once <span className="pro-tag">Pro</span>
                </Link>
              </div>
            )}
          </div>
        </div>

        {formError && (
          <p role="alert" className="alert">
            {formError}
          </p>
        )}
        {run.error !== null && <GenerateError error={run.error} pro={pro} resetsAt={me?.quota.resetsAt ?? null} />}

        <button type="submit" className={`button button-primary ${styles.submit}`} disabled={run.busy || !ready}>
          {run.busy ? 'Generation...' : 'Generate'}
        </button>
      </form>

      {run.overlay && <GeneratingOverlay progress={run.progress} done={run.done} offerUpgrade={!pro} />}
      {askAgeFor && (
        <AgeConfirmDialog
          styleLabel={askAgeFor.label}
          pending={agePending}
          error={ageError}
          onConfirm={() => void confirmAge()}
          onCancel={() => {
            setAskAgeFor(null);
          }}
        />
      )}
    </>
  );
}
