import { composeMail as message } from '../../platform/mail/compose.js';
import { subjectName } from '../../platform/mail/subject.js';

/** Team invitation e-mails. */

export const teamInvitationMail = (
  product: string,
  to: string,
  inviter: string,
  account: string,
  link: string,
) =>
  message(
    to,
    `${subjectName(inviter)} invited you to ${subjectName(account)} on ${product}`,
    [`${inviter} invited you to join ${account} on ${product}.`, 'Set a password to accept the invitation.'],
    { label: 'Accept invitation', link },
  );

/** An invitation to someone who already has an account: they join only if they accept. */
export const existingUserInvitationMail = (
  product: string,
  to: string,
  inviter: string,
  account: string,
  link: string,
) =>
  message(
    to,
    `${subjectName(inviter)} invited you to ${subjectName(account)} on ${product}`,
    [
      `${inviter} invited you to join ${account} on ${product}.`,
      'Open the link and enter your password to accept the invitation. If you do not want to join, ignore this e-mail.',
    ],
    { label: 'Accept invitation', link },
  );
