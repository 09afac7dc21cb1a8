import { useEffect, useId, useRef, useState, type RefObject, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';

import { AccountStanding } from '@/components/account/account-standing';
import { paths } from '@/config/paths';
import { mustVerifyAge } from '@/lib/age-check';
import { ApiError, invalidFields } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { rendererNote, useCatalog } from '@/lib/catalog';
import { formatDateTime } from '@/lib/format';
import { creditsLeft, isPro, useMe } from '@/lib/me';
import type { GenerationRequest, Me } from '@/types/api';

import { DEFAULT_LIMITS, defaultStyle } from '../defaults';
import { checkNumbers, serverFieldErrors, type FieldErrors, type FieldName } from '../field-errors';
import type { FormDraft } from '../form-draft';
import { useAgeConfirmation } from '../hooks/use-age-confirmation';
import type { useFormDraft } from '../hooks/use-form-draft';
import { useRecentPrompts } from '../hooks/use-recent-prompts';

import { AdvancedOptions, type GuidanceChoice } from './advanced-options';
import { AgeCheckNeeded } from './age-check-needed';
import { AgeConfirmDialog } from './age-confirm-dialog';
import styles from './generate.module.css';
import { GenerateError } from './generate-error';
import { ImageCount } from './image-count';
import { LookPicker } from './look-picker';
import { PromptField } from './prompt-field';
import { PromptRefusal, refusalOf, type Refusal } from './prompt-refusal';
import { RecentPrompts } from './recent-prompts';
import { SizeChoice } from './size-choice';
import { SourceChoice } from './source-choice';
import { StyleTiles } from './style-tiles';

interface GenerateFormProps {
  /** The form's fields and their changes (use-form-draft.ts). */
  readonly form: ReturnType<typeof useFormDraft>;
  /** The prompt's text box, for whoever fills the form to move focus to. */
  readonly promptRef: RefObject<HTMLTextAreaElement | null>;
  /** A submission's POST is on its way: Generate waits for it, against a double click. */
  readonly sending: boolean;
  /** Why the last submission was refused before it became a job, or null. */
  readonly submitError: unknown;
  /** Sends a job; resolves with the error that refused it, or null once it is a job. */
  readonly onSubmit: (request: GenerationRequest, settings: FormDraft) => Promise<unknown>;
  /** Generate as soon as the form can ('Try Again'); `onAutostarted` says it did. */
  readonly autostart?: boolean;
  readonly onAutostarted?: () => void;
  /** A guest pressed Generate. */
  readonly onGuest: () => void;
}

function Credits({ me }: { readonly me: Me }) {
  return (
    <p className={styles.credits} data-testid="credits">
      <strong>{creditsLeft(me)}</strong> of {me.quota.limit} credits left
      <span className={styles.creditsReset}> · resets {formatDateTime(me.quota.resetsAt)}</span>
    </p>
  );
}

/**
 * The Generate form, on the draft `form` holds. Generate sends a job and is ready again as soon as
 * the gateway answered; what refused a submission is said beside it, by the sticky Generate button.
 */
export function GenerateForm({
  form,
  promptRef,
  sending,
  submitError,
  onSubmit,
  autostart = false,
  onAutostarted,
  onGuest,
}: GenerateFormProps) {
  const { user, ready } = useAuth();
  const { me } = useMe();
  const { catalog, error: catalogError, retry } = useCatalog();
  const pro = isPro(me);
  // Explicit requests wait for a verified age, on every plan.
  const ageLocked = mustVerifyAge(me);
  // Suspended accounts are refused every generation (403): the button says so before asking.
  const suspended = me?.standing.suspension != null;
  const suspendedId = useId();
  // Every credit of the period spent: nothing can be drawn until they come back.
  const spent = me !== null && creditsLeft(me) <= 0;
  const spentId = useId();
  const limits = { ...DEFAULT_LIMITS, ...catalog?.limits };

  const { draft, update, reset } = form;
  const { prompt, style: styleChoice, look, size: sizeChoice, count, advanced, source } = draft;
  const [formError, setFormError] = useState<string | null>(null);
  // Generate was pressed: from then on the numeric fields are checked as they change.
  const [checked, setChecked] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Generate was pressed on an explicit request while the age is not verified: nothing was sent.
  const [ageAsked, setAgeAsked] = useState(false);
  const recentPrompts = useRecentPrompts(ready ? (user?.uid ?? null) : null);
  const age = useAgeConfirmation((style) => {
    update({ style: style.id });
  });
  const refusalId = useId();

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
  const refusal = refusalOf(submitError);
  // Where a field's problem is said: by the field when the form shows it now (the form's own
  // checks first, then the gateway's); otherwise the gateway's message by the Generate button.
  const guidanceShown = Boolean(sentStyle && sentSampler);
  const shown: Record<FieldName, boolean> = {
    prompt: true,
    negativePrompt: true,
    seed: true,
    steps: true,
    cfg: guidanceShown,
    sampler: guidanceShown,
    count: pro,
    size: sizes.length > 1 && !drawFrom,
    source: drawFrom !== null,
  };
  const clientErrors: FieldErrors = checked ? checkNumbers(advanced, limits, pro) : {};
  const serverErrors = serverFieldErrors(submitError, shown);
  const fieldError = (field: FieldName) => (shown[field] ? (clientErrors[field] ?? serverErrors.byField[field]) : undefined);
  const errors: FieldErrors = Object.fromEntries(
    Object.keys(shown).map((field) => [field, fieldError(field as FieldName)]),
  );
  // The gateway says what it did not find: the source is the one generation a body names.
  const sourceGone =
    submitError instanceof ApiError && submitError.code === 'not_found' && submitError.message.startsWith('generation ')
      ? submitError.message
      : null;
  const sourceError = drawFrom ? (errors.source ?? sourceGone) : null;
  const guidance: GuidanceChoice | null =
    sentStyle && sentSampler
      ? {
          styleCfg: sentStyle.cfg,
          samplers,
          sampler: sentSampler.id,
          cfgError: errors.cfg ?? null,
          samplerError: errors.sampler ?? null,
        }
      : null;
  // The gateway's field errors are said by their fields or whole by the button, never again as one error.
  const saidAsFields =
    (drawFrom !== null && sourceGone !== null) ||
    Object.keys(serverErrors.byField).length > 0 ||
    serverErrors.elsewhere.length > 0;
  // The page's notice says a suspension, the 403 that brought it included.
  const suspensionSaid = suspended && submitError instanceof ApiError && submitError.code === 'account_suspended';
  // What the page knows to be explicit: the style, or the image drawn from. Words are the gateway's to read.
  const explicitChosen = sentStyle?.nsfw === true || drawFrom?.image.explicit === true;
  const ageRefused = submitError instanceof ApiError && submitError.code === 'age_check_required';
  const ageNeeded = ageRefused || (ageAsked && explicitChosen && ageLocked);
  // Said by the button; the refused field is marked and points to it. Once a request is kept back
  // for the age check, an earlier refusal is stale.
  const refusalShown = refusal !== null && !ageNeeded;
  const refusedBy = (field: Refusal['field']) => (refusalShown && refusal.field === field ? refusalId : null);
  // Back to this form with the style and the prompt; an image drawn from cannot travel in the
  // address.
  const ageReturnTo = sentStyle
    ? `${paths.generate}?${new URLSearchParams({ style: sentStyle.id, prompt }).toString()}`
    : paths.generate;

  // 'Try Again' generates as soon as the form could be sent by hand: the catalog is here and, for
  // a signed-in user, the profile (plan, age) that decides what may be sent.
  const canStart = ready && catalog !== null && (!user || me !== null);
  useEffect(() => {
    if (!autostart || !canStart) return;
    onAutostarted?.();
    formRef.current?.requestSubmit();
  }, [autostart, canStart, onAutostarted]);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || !catalog || sending) return;
    if (!user) {
      onGuest();
      return;
    }
    if (!prompt.trim()) {
      setFormError('Please write a prompt first.');
      return;
    }
    setFormError(null);
    setChecked(true);
    // Every problem is said by its field at once; the keyboard goes to the first.
    const toFirstInvalid = () => {
      requestAnimationFrame(() => {
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
    };
    if (Object.keys(checkNumbers(advanced, limits, pro)).length > 0) {
      toFirstInvalid();
      return;
    }
    if (explicitChosen && ageLocked) {
      setAgeAsked(true);
      return;
    }
    setAgeAsked(false);
    const { negativePrompt, seed, steps, enhance, cfg } = advanced;
    // The gateway's catalog always has a default; were it missing, empty asks for the gateway's own.
    const request: GenerationRequest = {
      prompt,
      style: sentStyle?.id ?? null,
      look: effectiveLook,
      count: effectiveCount,
      negativePrompt,
      seed,
      steps,
      // An image made from another has its source's size: neither a size nor 2x Enhance applies.
      ...(drawFrom
        ? { source: { generation: drawFrom.image.id, mode: drawFrom.mode }, enhance: false }
        : { size: sentSize?.id ?? null, enhance }),
      // What the guidance fields show: the typed scale (the style's when empty) and the sampler.
      ...(guidance && { cfg: cfg?.trim() ? Number(cfg) : guidance.styleCfg, sampler: guidance.sampler }),
    };
    // The gateway's word on a field is said by the field, which may be far above the button.
    void onSubmit(request, draft).then((error) => {
      if (invalidFields(error).length > 0) toFirstInvalid();
    });
  }

  return (
    <>
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-busy={sending}>
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
          <button
            type="button"
            className="button button-small button-ghost"
            disabled={sending}
            onClick={() => {
              reset();
              setChecked(false);
              setFormError(null);
              promptRef.current?.focus();
            }}
          >
            Reset form
          </button>
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
                  update({ source: { image: drawFrom.image, mode } });
                }}
                onRemove={() => {
                  update({ source: null });
                  // The button goes with the block; the prompt is what is drawn from now.
                  promptRef.current?.focus();
                }}
                error={sourceError}
                refusedBy={refusedBy('source')}
              />
            )}
            <PromptField
              ref={promptRef}
              value={prompt}
              max={limits.promptMax}
              onChange={(value) => {
                update({ prompt: value });
              }}
              error={errors.prompt ?? null}
              refusedBy={refusedBy('prompt')}
            />
            <RecentPrompts
              prompts={recentPrompts}
              onPick={(picked) => {
                update({ prompt: picked.slice(0, limits.promptMax) });
              }}
            />
            <AdvancedOptions
              values={advanced}
              limits={limits}
              pro={pro}
              onChange={(values) => {
                update({ advanced: values });
              }}
              errors={errors}
              refusedBy={refusedBy('negativePrompt')}
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
                  ageMark={me?.ageCheck.status === 'minor' ? 'Locked' : undefined}
                  onSelect={age.choose}
                />
                {!drawFrom && (
                  <SizeChoice
                    sizes={sizes}
                    value={sentSize?.id ?? ''}
                    onChange={(size) => {
                      update({ size });
                    }}
                    enhance={advanced.enhance}
                    error={errors.size ?? null}
                  />
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
            <LookPicker
              options={catalog?.looks ?? []}
              value={effectiveLook}
              pro={pro}
              onChange={(value) => {
                update({ look: value });
              }}
            />
            <ImageCount
              value={effectiveCount}
              max={maxCount}
              pro={pro}
              onChange={(value) => {
                update({ count: value });
              }}
              error={errors.count ?? null}
            />
          </div>
        </div>

        {/* Where the user is when they press Generate (it stays in view): what refused it, and the
            account's standing when it is not clean (a suspension is the page's notice, at the top). */}
        <div className={styles.submitBar}>
          <div className={styles.submitMessages}>
            {formError && (
              <p role="alert" className="alert">
                {formError}
              </p>
            )}
            {ageNeeded && <AgeCheckNeeded status={me?.ageCheck.status ?? 'unverified'} returnTo={ageReturnTo} />}
            {/* Said once: after a request kept back for the age check, an earlier error is stale. */}
            {serverErrors.elsewhere.length > 0 && !ageNeeded && (
              <div role="alert" className="alert">
                {serverErrors.elsewhere.map((message) => (
                  <p key={message}>{message}</p>
                ))}
              </div>
            )}
            {refusalShown && <PromptRefusal id={refusalId} refusal={refusal} />}
            {submitError !== null && !refusal && !saidAsFields && !ageNeeded && !suspensionSaid && (
              <GenerateError error={submitError} pro={pro} resetsAt={me?.quota.resetsAt ?? null} />
            )}
            {me && !suspended && <AccountStanding me={me} />}
          </div>
          <button
            type="submit"
            className={`button button-primary ${styles.submit}`}
            disabled={sending || !ready || !catalog || suspended || spent}
            aria-describedby={suspended ? suspendedId : spent ? spentId : undefined}
          >
            Generate
          </button>
          {suspended && (
            <p id={suspendedId} className={styles.submitNote}>
              Generation is suspended: see the notice at the top of the page.
            </p>
          )}
          {spent && !suspended && (
            <p id={spentId} className={styles.submitNote} data-testid="credits-spent">
              No credits left: they come back {formatDateTime(me.quota.resetsAt)}.
            </p>
          )}
          {/* Said before the first image, not discovered on it. */}
          {me && !pro && !spent && !suspended && (
            <p className={styles.submitNote} data-testid="free-blur-note">
              Free results are blurred. <Link to={paths.subscribe}>Premium</Link> shows them sharp and lets you download
              them.
            </p>
          )}
        </div>
      </form>

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
