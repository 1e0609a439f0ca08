/** Sharing words the library and the shell show before any sharing code loads. */
export const sharingLabels = {
  share: 'Share',
  publicLinkButton: 'Public link',
  sharedPage: 'Shared with me',
} as const;
