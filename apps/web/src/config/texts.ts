import { appTexts } from './texts/app';
import { boardsNavTexts } from './texts/boards';
import { commentsTexts } from './texts/comments';
import { customFieldsTexts } from './texts/custom-fields';
import { identityTexts } from './texts/identity';
import { integrationsNavTexts } from './texts/integrations-nav';
import { libraryTexts } from './texts/library';
import { playerTexts } from './texts/player';
import { sharingTexts } from './texts/sharing';
import { tagsTexts } from './texts/tags';

/**
 * Texts the web shell needs that the contract's message catalogue does not have yet, one
 * file per area under texts/. Candidates to move to packages/contract/src/messages.ts;
 * keep each text in one place. The board pages' texts (texts/boards-pages.ts) are not merged
 * here: every text in this object rides in the first load, and those are read only by the
 * boards' own (lazily loaded) code.
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
  ...boardsNavTexts,
  ...integrationsNavTexts,
} as const;
