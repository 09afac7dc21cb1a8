import type { RefObject } from 'react';

import { useAuth } from '@/lib/auth';
import type { CatalogLimits } from '@/types/api';

import type { useFormDraft } from '../hooks/use-form-draft';
import type { useFormFeedback } from '../hooks/use-form-feedback';
import { useRecentPrompts } from '../hooks/use-recent-prompts';
import type { SentChoices } from '../sent-choices';

import { AdvancedOptions } from './advanced-options';
import styles from './generate.module.css';
import { PromptField } from './prompt-field';
import { RecentPrompts } from './recent-prompts';
import { SourceChoice } from './source-choice';

interface PromptColumnProps {
  readonly form: ReturnType<typeof useFormDraft>;
  readonly promptRef: RefObject<HTMLTextAreaElement | null>;
  readonly sent: SentChoices;
  readonly limits: CatalogLimits;
  readonly pro: boolean;
  readonly feedback: ReturnType<typeof useFormFeedback>;
}

/** The form's words: the image drawn from (if any), the prompt and the last ones sent, the advanced options. */
export function PromptColumn({ form, promptRef, sent, limits, pro, feedback }: PromptColumnProps) {
  const { user, ready } = useAuth();
  const recentPrompts = useRecentPrompts(ready ? (user?.uid ?? null) : null);
  const { draft, update } = form;
  const { drawFrom } = sent;
  const { errors, refusedBy } = feedback;

  return (
    <div className={styles.column}>
      {drawFrom && (
        <SourceChoice
          image={drawFrom.image}
          modes={sent.sourceModes}
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
          error={feedback.sourceError}
          refusedBy={refusedBy('source')}
        />
      )}
      <PromptField
        ref={promptRef}
        value={draft.prompt}
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
        values={draft.advanced}
        limits={limits}
        pro={pro}
        onChange={(values) => {
          update({ advanced: values });
        }}
        errors={errors}
        refusedBy={refusedBy('negativePrompt')}
        guidance={feedback.guidance}
        enhanceable={!drawFrom}
      />
    </div>
  );
}
