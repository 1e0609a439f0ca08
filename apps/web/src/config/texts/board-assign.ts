/**
 * Web texts: 'Add to board' where items are picked (bulk bar, item menu, player). Part of the
 * first load, so only what the buttons say; the dialog's and the boards tab's own texts are in
 * board-assign-dialog.ts.
 */
export const boardAssignTexts = {
  addToBoard: 'Add to board',
  /** 000 §6: assigning to a board needs write access in the items' brand. */
  needsWriteAccess: 'Needs write access in this brand',
} as const;
