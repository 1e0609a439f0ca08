/** Web texts: the sidebar's boards section (the first load carries these; the pages' own are in boards-pages.ts). */
export const boardsNavTexts = {
  boardsNav: {
    section: 'Boards',
    all: 'All boards',
    mine: 'My boards',
    shared: 'Shared with me',
  },
} as const;
