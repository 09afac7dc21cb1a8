import { client, unwrap } from '@/lib/api-client';

/** The most recent prompts offered; fewer when the first page has fewer distinct ones. */
export const RECENT_PROMPTS_MAX = 8;

/**
 * The distinct prompts of the caller's first page of history (`GET /api/v1/generations` at its
 * default size), most recent first, at most RECENT_PROMPTS_MAX.
 */
export async function fetchRecentPrompts(signal?: AbortSignal): Promise<string[]> {
  const page = await unwrap(client.GET('/api/v1/generations', { signal }));
  const prompts: string[] = [];
  for (const { prompt } of page.items) {
    if (prompts.length === RECENT_PROMPTS_MAX) break;
    if (prompt.trim() !== '' && !prompts.includes(prompt)) prompts.push(prompt);
  }
  return prompts;
}
