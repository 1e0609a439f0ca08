import { composeMail as message } from '../../platform/mail/compose.js';
import { subjectName } from '../../platform/mail/subject.js';

/** The upgrade request sent to support (001 §2). */

export const upgradeRequestMail = (
  to: string,
  fields: { fullName: string; email: string; account: string; accountId: string },
) => ({
  ...message(to, `Upgrade request from ${subjectName(fields.account)}`, [
    `${fields.fullName} <${fields.email}> asked to upgrade the plan of ${fields.account} (${fields.accountId}).`,
  ]),
  replyTo: fields.email,
});
