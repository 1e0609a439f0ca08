export const videoAdsMessages = {
  maxRevisions:
    'You reached the maximum revisions for this video. Please reach out to us for more revisions.',
} as const;
