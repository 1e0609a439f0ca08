import { interpolate, messages } from '@hookline/contract';
import { composeMail } from '../../platform/mail/compose.js';
import { subjectName } from '../../platform/mail/subject.js';

const t = messages.boards;

/** The board's creator learns that the review moved its status. */
export function statusMail(to: string, board: string, status: string, link: string) {
  const label = status.replaceAll('_', ' ').toLowerCase();
  return composeMail(
    to,
    interpolate(t.autoStatusSubject, { board: subjectName(board), status: label }),
    [interpolate(t.autoStatusIntro, { board, status: label })],
    { label: t.openBoard, link },
  );
}
