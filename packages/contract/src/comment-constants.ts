/** Comments (000 §3 "Comment", §4, §5, §9) without schemas. */

export const commentSorts = ['newest', 'oldest', 'commenter'] as const;
export type CommentSort = (typeof commentSorts)[number];

export const COMMENT_LIMITS = {
  textMax: 4000,
  /** A deleted comment may be restored by its author for this long, then it is purged. */
  restoreDays: 30,
  /** Drawings: shapes per comment and points per shape. */
  shapes: 50,
  points: 2000,
} as const;

/** The seeds' company-editor mention: it reaches the account's admins. */
export const COMPANY_EDITOR_MENTION_ID = '0';

/** '@[Full Name](userId)': how a mention is stored in a comment's text. */
export const MENTION_PATTERN = /@\[([^\]\n]{1,100})\]\(([0-9a-f-]{36}|0)\)/g;

/** The user ids a comment's text mentions, in order, once each. */
export function mentionedUserIds(text: string): string[] {
  const ids: string[] = [];
  for (const match of text.matchAll(MENTION_PATTERN)) if (!ids.includes(match[2]!)) ids.push(match[2]!);
  return ids;
}

/** Drawing tools on a paused frame or an image. */
export const annotationShapeKinds = ['freehand', 'arrow', 'rectangle'] as const;
export type AnnotationShapeKind = (typeof annotationShapeKinds)[number];

const hex = (h: number, s: number, l: number): string => {
  // HSL to RGB (CSS Color 4), then #rrggbb.
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
};

/**
 * The 80-colour palette of drawings (000 §9): eight hues from red to pink, ten shades each
 * from light to dark, plus nothing else, so a drawing reads the same for everyone.
 */
export const ANNOTATION_PALETTE: readonly string[] = [0, 28, 48, 130, 175, 212, 262, 325].flatMap((hue) =>
  Array.from({ length: 10 }, (_, step) => hex(hue, 0.75, 0.88 - step * 0.075)),
);
