import { interpolate, MENTION_PATTERN, messages } from '@hookline/contract';
import { composeMail } from '../../platform/mail/compose.js';
import { subjectName } from '../../platform/mail/subject.js';

const t = messages.comments;
const EXCERPT_MAX = 280;

/** A comment's text as people read it: mentions as '@Full Name', cut to an excerpt. */
export function readableText(text: string): string {
  const plain = text.replace(MENTION_PATTERN, (_match, name: string) => `@${name}`).trim();
  return plain.length > EXCERPT_MAX ? `${plain.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : plain;
}

/** The mention e-mail: who mentioned them where, the excerpt, and a link to the comment (HTML-escaped by composeMail). */
export function mentionMail(to: string, author: string, item: string, text: string, link: string) {
  return composeMail(
    to,
    interpolate(t.mentionSubject, { author: subjectName(author), item: subjectName(item) }),
    [interpolate(t.mentionIntro, { author, item }), `“${readableText(text)}”`],
    { label: t.mentionAction, link },
  );
}
