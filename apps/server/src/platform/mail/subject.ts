/** Longest user-chosen name (person, account) in a mail subject. */
export const SUBJECT_NAME_MAX = 60;

/**
 * A user-chosen name as it may appear in a mail subject: control and bidi-override characters
 * removed, whitespace collapsed, trimmed, and at most SUBJECT_NAME_MAX characters (an inviter's
 * "name" must not turn a subject into phishing text).
 */
export function subjectName(name: string): string {
  const clean = name
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...clean];
  return chars.length > SUBJECT_NAME_MAX
    ? `${chars
        .slice(0, SUBJECT_NAME_MAX - 1)
        .join('')
        .trimEnd()}…`
    : clean;
}
