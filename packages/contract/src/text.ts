import { z } from 'zod';

/**
 * The one rule for user-typed names and descriptions: control characters are refused, not
 * stripped. A name (user, brand, asset or folder name, guideline) with any control character
 * (C0 incl. NUL, DEL, C1) answers 400 naming the field; a description may also hold line
 * breaks and tabs (\n, \r, \t) but no other control character. Refusing keeps what is stored
 * exactly what was typed, and nothing downstream (mail subjects, file names, logs, PostgreSQL,
 * which rejects NUL) meets them.
 */
export const CONTROL_CHARACTERS_MESSAGE = 'Control characters are not allowed';

/** No control character at all. */
export const NO_CONTROL_CHARACTERS = /^\P{Cc}*$/u;
/** No control character other than tab, line feed and carriage return. */
export const NO_CONTROL_CHARACTERS_BUT_LINES = /^(?:\P{Cc}|[\t\n\r])*$/u;

/** A string for a name: the rule above, before any trim or length check of the caller. */
export const nameString = () => z.string().regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE);
/** A string for a description: the rule above, line breaks allowed. */
export const descriptionString = () =>
  z.string().regex(NO_CONTROL_CHARACTERS_BUT_LINES, CONTROL_CHARACTERS_MESSAGE);
