import { composeMail as message } from '../../platform/mail/compose.js';

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

/** The identity e-mails. */
export const verificationMail = (product: string, to: string, link: string) =>
  message(
    to,
    `Verify your e-mail for ${product}`,
    [
      `Welcome to ${product}!`,
      'Confirm your e-mail address to finish creating your account. The link is valid for 24 hours.',
    ],
    { label: 'Verify e-mail', link },
  );

export const passwordResetMail = (product: string, to: string, link: string) =>
  message(
    to,
    `Reset your ${product} password`,
    [
      'Someone asked to reset the password of your account. If it was you, choose a new password; the link is valid for 1 hour.',
      'If it was not you, you can ignore this e-mail.',
    ],
    { label: 'Choose a new password', link },
  );

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

/** Sign-up with an address that has an account (or a pending invitation): nothing is created. */
export const signupAttemptMail = (product: string, to: string, signInLink: string, resetLink: string) =>
  message(
    to,
    `Someone tried to sign up to ${product} with your e-mail`,
    [
      `Someone tried to create a ${product} account with this e-mail address, which already has one (or a pending invitation).`,
      `If it was you, sign in, or reset your password: ${resetLink}`,
      'If it was not you, you can ignore this e-mail: nothing was changed.',
    ],
    { label: 'Sign in', link: signInLink },
  );

export const upgradeRequestMail = (
  to: string,
  fields: { fullName: string; email: string; account: string; accountId: string },
) => ({
  ...message(to, `Upgrade request from ${subjectName(fields.account)}`, [
    `${fields.fullName} <${fields.email}> asked to upgrade the plan of ${fields.account} (${fields.accountId}).`,
  ]),
  replyTo: fields.email,
});
