import { MENTION_PATTERN, type MentionableUser } from '@hookline/contract';

export const mentionName = (user: Pick<MentionableUser, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

/** A comment's text in parts: plain text, and mentions with their user id. */
export type TextPart = { text: string } | { mention: string; userId: string };

export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION_PATTERN)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ mention: match[1]!, userId: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * What the composer shows ('@Full Name') turned into what is stored ('@[Full Name](id)') for
 * the people picked from the mention list; other '@' words stay as typed.
 */
export function storedText(shown: string, picked: readonly { id: string; name: string }[]): string {
  let text = shown;
  const byLongestName = [...picked].sort((a, b) => b.name.length - a.name.length);
  for (const { id, name } of byLongestName) text = text.split(`@${name}`).join(`@[${name}](${id})`);
  return text;
}

/** What the composer shows for a stored text (editing an existing comment). */
export function shownText(stored: string): { text: string; mentions: { id: string; name: string }[] } {
  const mentions: { id: string; name: string }[] = [];
  const text = stored.replace(MENTION_PATTERN, (_m, name: string, id: string) => {
    if (!mentions.some((m) => m.id === id)) mentions.push({ id, name });
    return `@${name}`;
  });
  return { text, mentions };
}

/** The '@word' being typed just before the caret, if any. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]{0,30})$/.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}
