import type { MailMessage } from './mailer.js';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** An e-mail: plain text first, and a simple HTML twin with one button for its link. */
export function composeMail(
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
