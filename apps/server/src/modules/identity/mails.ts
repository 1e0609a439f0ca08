import { composeMail as message } from '../../platform/mail/compose.js';

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
    `${inviter} invited you to ${account} on ${product}`,
    [`${inviter} invited you to join ${account} on ${product}.`, 'Set a password to accept the invitation.'],
    { label: 'Accept invitation', link },
  );

export const addedToAccountMail = (
  product: string,
  to: string,
  inviter: string,
  account: string,
  link: string,
) =>
  message(
    to,
    `You were added to ${account} on ${product}`,
    [`${inviter} added you to ${account} on ${product}.`],
    {
      label: 'Sign in',
      link,
    },
  );

export const upgradeRequestMail = (
  to: string,
  fields: { fullName: string; email: string; account: string; accountId: string },
) => ({
  ...message(to, `Upgrade request from ${fields.account}`, [
    `${fields.fullName} <${fields.email}> asked to upgrade the plan of ${fields.account} (${fields.accountId}).`,
  ]),
  replyTo: fields.email,
});
