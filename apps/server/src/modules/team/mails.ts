import { composeMail as message } from '../../platform/mail/compose.js';
import { subjectName } from '../../platform/mail/subject.js';

/** Team invitation e-mails: one subject and greeting, and what accepting asks of the invitee. */

type InvitationMail = (
  product: string,
  to: string,
  inviter: string,
  account: string,
  link: string,
) => ReturnType<typeof message>;

const invitationMail =
  (howToAccept: string): InvitationMail =>
  (product, to, inviter, account, link) =>
    message(
      to,
      `${subjectName(inviter)} invited you to ${subjectName(account)} on ${product}`,
      [`${inviter} invited you to join ${account} on ${product}.`, howToAccept],
      { label: 'Accept invitation', link },
    );

/** Someone new: they set a password when they accept. */
export const teamInvitationMail = invitationMail('Set a password to accept the invitation.');

/** An invitation to someone who already has an account: they join only if they accept. */
export const existingUserInvitationMail = invitationMail(
  'Open the link and enter your password to accept the invitation. If you do not want to join, ignore this e-mail.',
);
