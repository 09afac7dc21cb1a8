import { useId, useRef, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';

import { AccountStanding } from '@/components/ui/account-standing';
import { paths } from '@/config/paths';
import { mustVerifyAge } from '@/lib/age-check';
import { ApiError, invalidField } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { rendererNote, useCatalog } from '@/lib/catalog';
import { formatDateTime } from '@/lib/format';
import { creditsLeft, isPro, useMe } from '@/lib/me';
import { useInvalidateAccount } from '@/lib/query-client';
import type { Generation, GenerationRequest, Me } from '@/types/api';
import type { Source } from '@/types/navigation';

import { DEFAULT_LIMITS, DEFAULT_PROMPT, defaultStyle } from '../defaults';
import { useAgeConfirmation } from '../hooks/use-age-confirmation';
import { useGenerationRun } from '../hooks/use-generation-run';
import { useRecentPrompts } from '../hooks/use-recent-prompts';

import { AdvancedOptions, type AdvancedValues, type GuidanceChoice } from './advanced-options';
import { AgeCheckNeeded } from './age-check-needed';
import { AgeConfirmDialog } from './age-confirm-dialog';
import styles from './generate.module.css';
import { GenerateError } from './generate-error';
import { GeneratingOverlay } from './generating-overlay';
import { ImageCount } from './image-count';
import { LookPicker } from './look-picker';
import { PromptField } from './prompt-field';
import { refusalOf } from './prompt-refusal';
import { RecentPrompts } from './recent-prompts';
import { SizeChoice } from './size-choice';
import { SourceChoice } from './source-choice';
import { StyleTiles } from './style-tiles';

interface GenerateFormProps {
  /** Prefills the form ('Try Again' passes the parameters of an earlier image). */
  readonly initial?: Partial<GenerationRequest>;
  /** The image to draw from (a gallery card's 'Vary' or 'Upscale'). */
  readonly source?: Source;
  /** The new images, once the overlay has cleared. */
  readonly onGenerated: (generations: readonly Generation[]) => void;
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

export function GenerateForm({ initial, source: initialSource, onGenerated, onGuest }: GenerateFormProps) {
  const { user, ready } = useAuth();
  const { me } = useMe();
  const { catalog, error: catalogError, retry } = useCatalog();
  const { afterGeneration, afterRefusal, afterAgeCheck } = useInvalidateAccount();
  const pro = isPro(me);
  // Explicit requests wait for a verified age, on every plan.
  const ageLocked = mustVerifyAge(me);
  // Suspended accounts are refused every generation (403): the button says so before asking.
  const suspended = me?.standing.suspension != null;
  const standingId = useId();
  const limits = { ...DEFAULT_LIMITS, ...catalog?.limits };

  const [prompt, setPrompt] = useState(() => asText(initial?.prompt ?? DEFAULT_PROMPT).slice(0, limits.promptMax));
  const [styleChoice, setStyleChoice] = useState<string | null>(() => initial?.style ?? null);
  const [look, setLook] = useState<string | null>(() => initial?.look ?? null);
  const [sizeChoice, setSizeChoice] = useState<string | null>(() => initial?.size ?? null);
  const [count, setCount] = useState(() => initial?.count ?? 1);
  const [advanced, setAdvanced] = useState<AdvancedValues>(() => ({
    negativePrompt: asText(initial?.negativePrompt),
    seed: asText(initial?.seed),
    steps: asText(initial?.steps),
    enhance: initial?.enhance ?? true,
    cfg: typeof initial?.cfg === 'number' ? String(initial.cfg) : null,
    sampler: initial?.sampler ?? null,
  }));
  const [source, setSource] = useState<Source | null>(() => initialSource ?? null);
  const [formError, setFormError] = useState<string | null>(null);
  // Generate was pressed on an explicit request while the age is not verified: nothing was sent.
  const [ageAsked, setAgeAsked] = useState(false);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const recentPrompts = useRecentPrompts(ready ? (user?.uid ?? null) : null);
  const age = useAgeConfirmation((style) => {
    setStyleChoice(style.id);
  });
  const run = useGenerationRun({
    uid: ready ? (user?.uid ?? null) : null,
    onFinished: onGenerated,
    onAnswered: () => void afterGeneration(),
    // A refusal may count against the account, and a 403 says it is suspended: the standing shown follows.
    // So does the age check after its 403 (explicit words, or a check staff reset meanwhile).
    onFailed: (error) => {
      const code = error instanceof ApiError ? error.code : null;
      if (refusalOf(error) || code === 'account_suspended') void afterRefusal();
      if (code === 'age_check_required') void afterAgeCheck();
    },
  });

  // What is actually sent: a style the catalog gives. A choice the catalog (or the plan) does
  // not allow falls back to its default; until the catalog is here, nothing can be sent.
  const chosenStyle = catalog?.styles.find((style) => style.id === styleChoice && (!style.pro || pro));
  const sentStyle = chosenStyle ?? (catalog ? defaultStyle(catalog) : undefined);
  // A size the sent style does not offer (another style's, or one it no longer has) falls back to its first.
  const sizes = sentStyle?.sizes ?? [];
  const sentSize = sizes.find((size) => size.id === sizeChoice) ?? sizes[0];
  // Guidance and sampler only where the backend takes them (it offers samplers); a sampler the
  // catalog does not list falls back to its first.
  const samplers = catalog?.samplers ?? [];
  const sentSampler = samplers.find((sampler) => sampler.id === advanced.sampler) ?? samplers[0];
  const lookAllowed = !catalog || catalog.looks.some((option) => option.id === look && (!option.pro || pro));
  const effectiveLook = look && lookAllowed ? look : null;
  const maxCount = pro ? limits.countMaxPro : limits.countMaxFree;
  const effectiveCount = Math.min(Math.max(1, count), Math.max(1, maxCount));
  // Drawn from an image only in a mode the catalog gives (none where the backend cannot) and the
  // plan allows; another falls back to the first the user may pick.
  const sourceModes = catalog?.sourceModes ?? [];
  const allowedModes = sourceModes.filter((mode) => !mode.pro || pro);
  const sentMode = source && (allowedModes.find((mode) => mode.id === source.mode) ?? allowedModes[0]);
  const drawFrom = source && sentMode ? { image: source.image, mode: sentMode.id } : null;
  const note = rendererNote(catalog);
  const refusal = refusalOf(run.error);
  // Said under the field it names when that field is shown; otherwise the gateway's message under the form.
  const invalid = invalidField(run.error);
  const fieldError = (field: string, shown: boolean) => (invalid?.field === field && shown ? invalid.problem : null);
  const sizeError = fieldError('size', sizes.length > 1 && !drawFrom);
  // The gateway says what it did not find: the source is the one generation a body names (a
  // resumed job that is gone is not found either, and is said under the form).
  const sourceGone =
    run.error instanceof ApiError && run.error.code === 'not_found' && run.error.message.startsWith('generation ')
      ? run.error.message
      : null;
  const sourceError = drawFrom ? (fieldError('source', true) ?? sourceGone) : null;
  const refusalShown = refusal !== null && (refusal.field !== 'source' || drawFrom !== null);
  const guidance: GuidanceChoice | null =
    sentStyle && sentSampler
      ? {
          styleCfg: sentStyle.cfg,
          samplers,
          sampler: sentSampler.id,
          cfgError: fieldError('cfg', true),
          samplerError: fieldError('sampler', true),
        }
      : null;
  const saidUnderField = sizeError ?? sourceError ?? guidance?.cfgError ?? guidance?.samplerError ?? null;
  // What the page knows to be explicit: the style, or the image drawn from. Words are the gateway's to read.
  const explicitChosen = sentStyle?.nsfw === true || drawFrom?.image.explicit === true;
  const ageRefused = run.error instanceof ApiError && run.error.code === 'age_check_required';
  const ageNeeded = ageRefused || (ageAsked && explicitChosen && ageLocked);
  // Back to this form with the style and the prompt; an image drawn from cannot travel in the
  // address.
  const ageReturnTo = sentStyle
    ? `${paths.generate}?${new URLSearchParams({ style: sentStyle.id, prompt }).toString()}`
    : paths.generate;

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || !catalog || run.busy) return;
    if (!user) {
      onGuest();
      return;
    }
    if (!prompt.trim()) {
      setFormError('Please write a prompt first.');
      return;
    }
    setFormError(null);
    if (explicitChosen && ageLocked) {
      setAgeAsked(true);
      return;
    }
    setAgeAsked(false);
    const { negativePrompt, seed, steps, enhance, cfg } = advanced;
    // The gateway's catalog always has a default; were it missing, empty asks for the gateway's own.
    void run.start({
      prompt,
      style: sentStyle?.id ?? null,
      look: effectiveLook,
      count: effectiveCount,
      negativePrompt,
      seed,
      steps,
      // An image made from another has its source's size: neither a size nor 2x Inhance applies.
      ...(drawFrom
        ? { source: { generation: drawFrom.image.id, mode: drawFrom.mode }, enhance: false }
        : { size: sentSize?.id ?? null, enhance }),
      // What the guidance fields show: the typed scale (the style's when empty) and the sampler.
      ...(guidance && { cfg: cfg?.trim() ? Number(cfg) : guidance.styleCfg, sampler: guidance.sampler }),
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
            {drawFrom && (
              <SourceChoice
                image={drawFrom.image}
                modes={sourceModes}
                value={drawFrom.mode}
                pro={pro}
                onChange={(mode) => {
                  setSource({ image: drawFrom.image, mode });
                }}
                onRemove={() => {
                  setSource(null);
                  // The button goes with the block; the prompt is what is drawn from now.
                  promptRef.current?.focus();
                }}
                error={sourceError}
                refusal={refusal?.field === 'source' ? refusal : null}
              />
            )}
            <PromptField
              ref={promptRef}
              value={prompt}
              max={limits.promptMax}
              onChange={setPrompt}
              refusal={refusal?.field === 'prompt' ? refusal : null}
            />
            <RecentPrompts
              prompts={recentPrompts}
              onPick={(picked) => {
                setPrompt(picked.slice(0, limits.promptMax));
              }}
            />
            <AdvancedOptions
              values={advanced}
              limits={limits}
              pro={pro}
              onChange={setAdvanced}
              refusal={refusal?.field === 'negativePrompt' ? refusal : null}
              guidance={guidance}
              enhanceable={!drawFrom}
            />
          </div>

          <div className={styles.column}>
            {catalog ? (
              <>
                <StyleTiles
                  options={catalog.styles}
                  value={sentStyle?.id ?? null}
                  pro={pro}
                  ageLocked={ageLocked}
                  onSelect={age.choose}
                />
                {!drawFrom && (
                  <SizeChoice sizes={sizes} value={sentSize?.id ?? ''} onChange={setSizeChoice} error={sizeError} />
                )}
              </>
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
            <LookPicker options={catalog?.looks ?? []} value={effectiveLook} pro={pro} onChange={setLook} />
            <ImageCount value={effectiveCount} max={maxCount} pro={pro} onChange={setCount} />
          </div>
        </div>

        {formError && (
          <p role="alert" className="alert">
            {formError}
          </p>
        )}
        {ageNeeded && <AgeCheckNeeded status={me?.ageCheck.status ?? 'unverified'} returnTo={ageReturnTo} />}
        {/* Said once: after a request kept back for the age check, an earlier error is stale. */}
        {run.error !== null && !refusalShown && !saidUnderField && !ageNeeded && (
          <GenerateError error={run.error} pro={pro} resetsAt={me?.quota.resetsAt ?? null} />
        )}

        {me && <AccountStanding me={me} id={standingId} />}

        <button
          type="submit"
          className={`button button-primary ${styles.submit}`}
          disabled={run.busy || !ready || !catalog || suspended}
          aria-describedby={suspended ? standingId : undefined}
        >
          {run.busy ? 'Generation...' : 'Generate'}
        </button>
      </form>

      {run.overlay && (
        <GeneratingOverlay
          progress={run.progress}
          done={run.done}
          offerUpgrade={!pro}
          cancelError={run.cancelError}
          onCancel={run.progress.position === null || run.done ? null : () => void run.cancel()}
        />
      )}
      {age.asking && (
        <AgeConfirmDialog
          styleLabel={age.asking.label}
          pending={age.pending}
          error={age.error}
          onConfirm={age.confirm}
          onCancel={age.dismiss}
        />
      )}
    </>
  );
}
