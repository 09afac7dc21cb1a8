import type { AccountDeleted, Generation, GenerationRequest, SourceMode } from './api';

/**
 * Navigation state between /generate and /generation, to the page that says an account was
 * deleted, and a notice for any page. Anything may arrive in `location.state`, so readers go
 * through the guards below.
 * The images themselves never travel this way: the gateway's history is their one source (a
 * copy here would go stale after a favourite or a delete); only which of them are new does.
 */
export interface GalleryState {
  /** The ids of the images made in this session, oldest first: marked new in the list. */
  readonly newIds: readonly string[];
}

/** One of the user's images to draw the next from, and how ('Vary (subtle)', 'Upscale 2x', …). */
export interface Source {
  readonly image: Generation;
  readonly mode: SourceMode;
}

export interface GenerateState {
  /** Fills the form ('Try Again', 'Use these settings', a prompt card), in place of what it held. */
  readonly params?: Partial<GenerationRequest>;
  /** Draws the next image from one of the user's (a gallery card's 'Vary' or 'Upscale'). */
  readonly source?: Source;
  /** Generates at once with `params` ('Try Again'). */
  readonly autostart?: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isGeneration(value: unknown): value is Generation {
  return isRecord(value) && typeof value.id === 'string' && typeof value.imageUrl === 'string';
}

function idsOf(value: unknown): readonly string[] {
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

export function readGalleryState(state: unknown): GalleryState {
  return { newIds: isRecord(state) ? idsOf(state.newIds) : [] };
}

// Any mode string passes: the form draws only in a mode the catalog lists.
export function sourceOf(value: unknown): Source | undefined {
  return isRecord(value) && isGeneration(value.image) && typeof value.mode === 'string'
    ? { image: value.image, mode: value.mode as SourceMode }
    : undefined;
}

export function readGenerateState(state: unknown): GenerateState {
  if (!isRecord(state)) return {};
  const params = isRecord(state.params) ? (state.params as Partial<GenerationRequest>) : undefined;
  return {
    params,
    source: sourceOf(state.source),
    autostart: state.autostart === true,
  };
}

/**
 * What the gateway kept of an account deleted here, each with why (none when everything went);
 * `kept: null` for one deleted before this session learnt it (`POST /me` answered 410), when
 * what was kept is not known.
 */
export interface AccountDeletedState {
  readonly kept: AccountDeleted['kept'] | null;
}

export function readAccountDeletedState(state: unknown): AccountDeletedState {
  if (isRecord(state) && state.kept === null) return { kept: null };
  const kept = isRecord(state) && Array.isArray(state.kept) ? state.kept : [];
  return { kept: kept.filter((sentence): sentence is string => typeof sentence === 'string') };
}

/**
 * Something done on the page left behind, said on the page arrived at (a password changed on
 * /reset-password, said on /generate). Any page's state may carry it beside its own.
 */
export interface NoticeState {
  readonly notice: string;
}

export function readNotice(state: unknown): string | null {
  return isRecord(state) && typeof state.notice === 'string' && state.notice !== '' ? state.notice : null;
}
