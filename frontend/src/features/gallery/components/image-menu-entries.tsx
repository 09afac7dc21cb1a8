import type { MenuEntry } from '@/components/ui/menu';
import type { Generation, SourceModeView } from '@/types/api';

import type { Access } from '../access';
import type { ImageHandlers } from '../image-handlers';
import type { useImageActions } from '../hooks/use-image-actions';


interface EntriesOf {
  readonly generation: Generation;
  readonly access: Access;
  readonly sourceModes: readonly SourceModeView[];
  readonly handlers: ImageHandlers;
  readonly actions: ReturnType<typeof useImageActions>;
}

const AGE_LOCKED = 'Verify your age to see this image';

function favouriteEntries({ access, actions: { favorite } }: EntriesOf): MenuEntry[] {
  if (access === 'guest') return [];
  const label = (
    <>
      <span aria-hidden="true">{favorite.favorite ? '★' : '☆'}</span> Favourite
    </>
  );
  return [
    { label, checked: favorite.favorite, disabled: access === 'loading' || favorite.pending, onSelect: favorite.toggle },
    'separator',
  ];
}

/** Another image: the same settings again, the form filled with them, or one drawn from this image. */
function drawingEntries({ generation, access, sourceModes, handlers }: EntriesOf): MenuEntry[] {
  const entries: MenuEntry[] = [
    {
      label: 'Try Again',
      description: 'Draws a new image with these settings and a new seed',
      onSelect: () => {
        handlers.onTryAgain(generation);
      },
    },
    {
      label: 'Use these settings',
      description: 'Fills the Generate form with every setting of this image, its seed too',
      onSelect: () => {
        handlers.onUseSettings(generation);
      },
    },
  ];
  if (access === 'guest') return entries;
  for (const mode of sourceModes) {
    const premium = mode.pro && access !== 'pro';
    entries.push({
      label: premium ? (
        <>
          {mode.label} <span className="pro-tag">Pro</span>
        </>
      ) : (
        mode.label
      ),
      disabled: access === 'loading',
      onSelect: () => {
        if (premium) handlers.onUpgrade(mode.label);
        else handlers.onMakeFrom(generation, mode.id);
      },
    });
  }
  return entries;
}

/** Sharp pixels and the file, Premium's; anyone else is told what Premium adds. */
function premiumEntries({ generation, access, handlers, actions }: EntriesOf): MenuEntry[] {
  if (access !== 'pro') {
    return ['Remove blur', 'Download'].map((feature) => ({
      label: feature,
      disabled: access === 'loading',
      onSelect: () => {
        handlers.onUpgrade(feature);
      },
    }));
  }
  const { locked, downloading, deleting } = actions;
  return [
    {
      label: 'Remove blur',
      disabled: !generation.blurred || locked,
      description: locked ? AGE_LOCKED : generation.blurred ? undefined : 'This image is already sharp',
      onSelect: actions.removeBlur,
    },
    {
      label: downloading ? 'Downloading…' : 'Download',
      disabled: downloading || deleting || locked,
      description: locked ? AGE_LOCKED : undefined,
      onSelect: actions.download,
    },
  ];
}

/** Anyone may erase what they made; download and sharp pixels stay Premium's. */
function deleteEntries({ access, actions }: EntriesOf): MenuEntry[] {
  if (access !== 'pro' && access !== 'free') return [];
  return ['separator', { label: 'Delete…', disabled: actions.downloading || actions.deleting, onSelect: actions.askDelete }];
}

/**
 * The entries of an image's 'Actions' menu (the first app's row of controls: docs/product.md,
 * **The result page**), for who is looking.
 */
export function imageMenuEntries(of: EntriesOf): MenuEntry[] {
  return [...favouriteEntries(of), ...drawingEntries(of), 'separator', ...premiumEntries(of), ...deleteEntries(of)];
}
