import { lazy } from 'react';

/** The player, loaded when a page first opens a file (the pages that list files stay small). */
export const LazyMediaPlayer = lazy(async () => ({
  default: (await import('./media-player')).MediaPlayer,
}));
