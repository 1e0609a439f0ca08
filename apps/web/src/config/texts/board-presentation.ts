/**
 * Web texts of a board's presentation (/boards/{id}/present). Only the presentation's own lazily
 * loaded page reads them: keep it so (a second chunk importing this file would move it into
 * the first load).
 */
export const presentationTexts = {
  presentation: 'Presentation',
  items: '{count} items',
  itemsOne: '1 item',
  noItems: 'Nothing has been added to this board yet.',
  start: 'Press → or Space to start',
  previous: 'Previous slide',
  next: 'Next slide',
  leave: 'Leave the presentation',
  fullScreen: 'Full screen',
  exitFullScreen: 'Exit full screen',
  counter: '{n} / {total}',
  slide: 'Slide {n} of {total}',
  cover: 'Cover',
  previewNotReady: 'The preview is not ready yet',
  noPreview: 'No preview for this file',
  loadFailed: 'The presentation could not be loaded.',
  itemsFailed: 'Some slides could not be loaded.',
  retry: 'Try again',
  backToBoards: 'Back to boards',
  keys: '← → to move · Esc to leave',
  keysVisitor: '← → to move',
} as const;
