import { client, unwrap, unwrapFile, type DownloadedFile } from '@/lib/api-client';
import type { AccountDeleted } from '@/types/api';

/** `GET /api/v1/me/export`: a ZIP of the profile, every image's settings and the images. */
export function exportData(): Promise<DownloadedFile> {
  return unwrapFile(client.GET('/api/v1/me/export', { parseAs: 'blob' }));
}

/** `DELETE /api/v1/me`: the account's email, typed again, is the confirmation. Safe to ask again. */
export function deleteAccount(email: string): Promise<AccountDeleted> {
  return unwrap(client.DELETE('/api/v1/me', { body: { email } }));
}
