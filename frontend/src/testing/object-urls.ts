// jsdom has no URL.createObjectURL. This stand-in hands out unique blob: URLs and remembers
// which are still alive, so tests can check that the app revokes what it no longer shows.

const live = new Set<string>();
let counter = 0;

export const objectUrls = {
  install() {
    URL.createObjectURL = (object: Blob | MediaSource) => {
      const url = `blob:http://localhost/${String(++counter)}-${object instanceof Blob ? object.type || 'blob' : 'media'}`;
      live.add(url);
      return url;
    };
    URL.revokeObjectURL = (url: string) => {
      live.delete(url);
    };
  },
  /** The object URLs created and not yet revoked. */
  live(): string[] {
    return [...live];
  },
  reset() {
    live.clear();
  },
};
