import { useCallback, useSyncExternalStore } from 'react';

// Object URLs of blobs shown on the page, counted by the components showing them: the last
// one to go revokes the URL, so an image's memory is given back when it leaves the page.
const urls = new WeakMap<Blob, { readonly url: string; users: number }>();

function entryOf(blob: Blob) {
  let entry = urls.get(blob);
  if (!entry) {
    entry = { url: URL.createObjectURL(blob), users: 0 };
    urls.set(blob, entry);
  }
  return entry;
}

/** A URL an <img> can show for `blob`, alive while a component uses it. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const subscribe = useCallback(() => {
    if (!blob) return () => undefined;
    const entry = entryOf(blob);
    entry.users++;
    return () => {
      entry.users--;
      if (entry.users > 0) return;
      URL.revokeObjectURL(entry.url);
      urls.delete(blob);
    };
  }, [blob]);
  return useSyncExternalStore(subscribe, () => (blob ? entryOf(blob).url : null));
}
