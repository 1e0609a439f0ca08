import type { MailMessage } from '../../platform/mail/mailer.js';

/** The identity e-mails. Plain text first, and a simple HTML twin with one button. */
const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function message(
  to: string,
  subject: string,
  lines: string[],
  action?: { label: string; link: string },
): MailMessage {
  const text = [...lines, ...(action ? ['', `${action.label}: ${action.link}`] : [])].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1b1e;line-height:1.5">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.link)}" style="display:inline-block;padding:10px 16px;background:#7048e8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="color:#868e96;font-size:12px">${escapeHtml(action.link)}</p>` : ''}
</body></html>`;
  return { to, subject, text, html, ...(action ? { link: action.link } : {}) };
}

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
