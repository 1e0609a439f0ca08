import { interpolate } from '@hookline/contract';
import { sharingTexts } from '@/config/texts/sharing';

const t = sharingTexts.sharing;
const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

/**
 * Invite entries (000 §9): text split on commas, tabs and line breaks; each entry must be a
 * valid e-mail not yet in the list nor already shared with. What follows the last separator
 * stays in the field; an invalid entry is not added and its error is shown.
 */
export function parseInvites(
  text: string,
  pending: readonly string[],
  known: readonly string[],
): { emails: string[]; rest: string; error: string | null } {
  const parts = text.split(/[,\t\n]/);
  const rest = parts.pop() ?? '';
  const emails: string[] = [];
  let error: string | null = null;
  for (const raw of parts) {
    const email = raw.trim();
    if (!email) continue;
    const lower = email.toLowerCase();
    if (!EMAIL.test(email)) error = interpolate(t.invalid, { email });
    else if (known.includes(lower)) error = interpolate(t.alreadyShared, { email });
    else if (pending.includes(lower) || emails.includes(lower)) error = interpolate(t.duplicate, { email });
    else emails.push(lower);
  }
  return {
    emails,
    rest: error ? `${parts.filter((p) => !EMAIL.test(p.trim())).join(',')}${rest}` : rest,
    error,
  };
}
