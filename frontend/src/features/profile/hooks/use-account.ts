import { useMutation, useQueryClient } from '@tanstack/react-query';

import { browser } from '@/lib/browser';
import { signOut } from '@/lib/firebase';
import type { AccountDeleted } from '@/types/api';

import { deleteAccount, exportData } from '../api/account';

/** What an export is saved as when the gateway's answer names no file. */
const EXPORT_FILENAME = 'lucent-export.zip';

/**
 * Fetches the export and saves it: it needs the ID token, so it cannot be a plain link.
 * Resolves to the name it was saved under.
 */
export function useExportData() {
  return useMutation({
    mutationFn: async () => {
      const { blob, filename } = await exportData();
      const name = filename ?? EXPORT_FILENAME;
      browser.saveFile(blob, name);
      return name;
    },
  });
}

/**
 * Deletes the account, then forgets it in this browser: its sign-in is gone too, which the
 * SDK would only learn when its token next needs refreshing, and nothing cached is anyone's now.
 */
export function useDeleteAccount(onDeleted: (deleted: AccountDeleted) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async (deleted) => {
      await signOut();
      queryClient.removeQueries();
      onDeleted(deleted);
    },
  });
}
