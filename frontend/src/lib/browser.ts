// Browser side effects that jsdom cannot perform, behind one object so tests can spy on them.

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 'generated_image_' plus 8 random letters or digits, .png (docs/product.md, Downloads). */
export function randomImageFilename(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const suffix = Array.from(bytes, (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
  return `generated_image_${suffix}.png`;
}

export const browser = {
  /** Puts `text` on the clipboard; rejects where the page may not write it. */
  async copyText(text: string): Promise<void> {
    // Typed as always present, but absent outside secure contexts.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) throw new Error('The clipboard is not available');
    await clipboard.writeText(text);
  },

  /** Leaves the app for another page (Stripe Checkout, the billing portal, the age check provider). */
  assign(url: string): void {
    window.location.assign(url);
  },

  /** Saves a blob as a file through a temporary download link. */
  saveFile(blob: Blob, filename: string): void {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    // Some browsers read the blob after click() returns; give them time before freeing it.
    setTimeout(() => {
      URL.revokeObjectURL(url);
    }, 10_000);
  },
};
