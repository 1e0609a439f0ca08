import { interpolate, messages } from '@hookline/contract';
import { composeMail } from '../../platform/mail/compose.js';
import { subjectName } from '../../platform/mail/subject.js';

const t = messages.shares;

/** The e-mail a person gets when an item is shared with them (the sharer's message quoted). */
export function shareMail(input: {
  to: string;
  sharer: string;
  item: string;
  product: string;
  shareText: string | undefined;
  link: string;
  invite: boolean;
}) {
  const intro = interpolate(input.invite ? t.inviteIntro : t.shareIntro, {
    sharer: input.sharer,
    item: input.item,
    product: input.product,
  });
  const text = input.shareText?.trim();
  return composeMail(
    input.to,
    interpolate(t.shareSubject, { sharer: subjectName(input.sharer), item: subjectName(input.item) }),
    text ? [intro, `“${text}”`] : [intro],
    { label: input.invite ? t.signUpToOpen : t.open, link: input.link },
  );
}
