/** Web texts: what the AI analysis found in a file (the player's overview). The statuses' own texts come from the server. */
export const analysisTexts = {
  textInMedia: 'Text in media',
  personas: 'Personas',
  person: 'Person {number}',
  retry: 'Retry analysis',
  retried: 'The analysis runs again',
  /** Before the names of the tags the analysis added (the overview marks them). */
  aiTags: 'Tags added by the AI analysis:',
  eyeglasses: 'Eyeglasses',
  sunglasses: 'Sunglasses',
  beard: 'Beard',
  mustache: 'Mustache',
  /** A file that was not transcribed at all (uploaded before transcription, or not analysed). */
  noTranscript: 'This file has no transcript.',
  transcriptLoadError: 'The transcript could not be loaded.',
  transcriptLabel: 'Transcript: choose a line to play from there',
  /** Tags wait for the analysis: a change now could be replaced by its result. */
  tagsBlocked: 'Tags can be edited when the analysis is done.',
} as const;
