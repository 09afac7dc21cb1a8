import { useCatalog } from '@/lib/catalog';
import { useMe } from '@/lib/me';
import type { Style } from '@/types/api';

import type { FieldErrors } from '../field-errors';
import type { useFormDraft } from '../hooks/use-form-draft';
import type { SentChoices } from '../sent-choices';

import styles from './generate.module.css';
import { ImageCount } from './image-count';
import { LookPicker } from './look-picker';
import { SizeChoice } from './size-choice';
import { StyleTiles } from './style-tiles';

interface ChoicesColumnProps {
  readonly form: ReturnType<typeof useFormDraft>;
  readonly sent: SentChoices;
  readonly pro: boolean;
  /** Explicit styles wait for a verified age. */
  readonly ageLocked: boolean;
  /** A style was picked: an explicit one asks for the 18+ confirmation first. */
  readonly onStyle: (style: Style) => void;
  readonly errors: FieldErrors;
}

/** The styles and the chosen one's sizes, once the catalog is here; until then why not. */
function StyleChoice({ form, sent, pro, ageLocked, onStyle, errors }: ChoicesColumnProps) {
  const { me } = useMe();
  const { catalog, error: catalogError, retry } = useCatalog();
  if (!catalog) {
    return catalogError ? (
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
    );
  }
  return (
    <>
      <StyleTiles
        options={catalog.styles}
        value={sent.style?.id ?? null}
        pro={pro}
        ageLocked={ageLocked}
        ageMark={me?.ageCheck.status === 'minor' ? 'Locked' : undefined}
        onSelect={onStyle}
      />
      {!sent.drawFrom && (
        <SizeChoice
          sizes={sent.sizes}
          value={sent.size?.id ?? ''}
          onChange={(size) => {
            form.update({ size });
          }}
          enhance={form.draft.advanced.enhance}
          error={errors.size ?? null}
        />
      )}
    </>
  );
}

/** What the catalog offers: the styles and their sizes, the looks, how many images. */
export function ChoicesColumn(props: ChoicesColumnProps) {
  const { catalog } = useCatalog();
  const { form, sent, pro, errors } = props;

  return (
    <div className={styles.column}>
      <StyleChoice {...props} />
      <LookPicker
        options={catalog?.looks ?? []}
        value={sent.look}
        pro={pro}
        onChange={(value) => {
          form.update({ look: value });
        }}
      />
      <ImageCount
        value={sent.count}
        max={sent.maxCount}
        pro={pro}
        onChange={(value) => {
          form.update({ count: value });
        }}
        error={errors.count ?? null}
      />
    </div>
  );
}
