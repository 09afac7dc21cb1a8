// Prints, while the local stack runs, the web app's link for each password reset asked of the
// Firebase Auth emulator. The emulator mails nothing: it keeps each code (listed at
// `GET /emulator/v1/projects/{project}/oobCodes`) and logs its own `/emulator/action` link, which
// answers with JSON asking for the new password in the address instead of opening the app. A
// real project's email opens the app's `/reset-password?mode=resetPassword&oobCode=…` (the
// project's action URL), so that is the link printed here, where a developer reads the stack's
// output as the inbox.
//
// Usage: node scripts/reset-links.mjs <emulator origin> <project id> <app origin>
// Only for `demo-` projects, which exist only in the emulator: never a real one's codes.

import { pathToFileURL } from 'node:url';

const POLL_MS = 1000;

/** The page of the web app that finishes a reset. */
const RESET_PATH = '/reset-password';

/**
 * The app's link for one of the emulator's codes: the continue URL the app asked for when it is
 * the app's reset page (so the developer stays on the origin they use, the stack's or Vite's),
 * otherwise the stack's app; null for a code that is not a password reset.
 */
export function appResetLink(code, appOrigin) {
  if (code.requestType !== 'PASSWORD_RESET' || !code.oobCode) return null;
  let target = new URL(RESET_PATH, appOrigin);
  try {
    const asked = new URL(new URL(code.oobLink).searchParams.get('continueUrl') ?? '');
    if (/^https?:$/.test(asked.protocol) && asked.pathname === RESET_PATH) target = new URL(RESET_PATH, asked.origin);
  } catch {
    // No continue URL, or not one: the stack's app.
  }
  target.search = new URLSearchParams({ mode: 'resetPassword', oobCode: code.oobCode }).toString();
  return target.href;
}

/** The lines to print for the codes not seen before; remembers them in `seen`. */
export function newResetLines(codes, seen, appOrigin) {
  const lines = [];
  for (const code of codes) {
    if (seen.has(code.oobCode)) continue;
    seen.add(code.oobCode);
    const link = appResetLink(code, appOrigin);
    if (link) lines.push(`password reset for ${code.email} (the Auth emulator sends no email): ${link}`);
  }
  return lines;
}

async function watch(emulator, project, appOrigin) {
  const list = new URL(`/emulator/v1/projects/${encodeURIComponent(project)}/oobCodes`, emulator);
  const seen = new Set();
  for (;;) {
    try {
      const response = await fetch(list);
      if (response.ok) {
        const { oobCodes = [] } = await response.json();
        for (const line of newResetLines(oobCodes, seen, appOrigin)) console.log(line);
      }
    } catch {
      // The emulator is starting or stopping; the stack reports its own failures.
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [emulator, project, appOrigin] = process.argv.slice(2);
  if (!emulator || !project || !appOrigin) {
    console.error('usage: node scripts/reset-links.mjs <emulator origin> <project id> <app origin>');
    process.exit(2);
  }
  if (!project.startsWith('demo-')) {
    console.error(`reset-links: ${project} is not a demo- project; only the emulator's demo projects are read`);
    process.exit(2);
  }
  await watch(emulator, project, appOrigin);
}
