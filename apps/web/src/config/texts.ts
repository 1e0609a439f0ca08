import { appTexts } from './texts/app';
import { commentsTexts } from './texts/comments';
import { customFieldsTexts } from './texts/custom-fields';
import { identityTexts } from './texts/identity';
import { libraryTexts } from './texts/library';
import { playerTexts } from './texts/player';
import { sharingTexts } from './texts/sharing';
import { tagsTexts } from './texts/tags';

/**
 * Texts the web shell needs that the contract's message catalogue does not have yet, one
 * file per area under texts/. Candidates to move to packages/contract/src/messages.ts;
 * keep each text in one place.
 */
export const webTexts = {
  ...appTexts,
  ...identityTexts,
  ...libraryTexts,
  ...playerTexts,
  ...commentsTexts,
  ...tagsTexts,
  ...customFieldsTexts,
  ...sharingTexts,
} as const;
