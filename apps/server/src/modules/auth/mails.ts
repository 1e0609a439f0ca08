import { composeMail as message } from '../../platform/mail/compose.js';

/** The e-mails of signing up and in. */

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
