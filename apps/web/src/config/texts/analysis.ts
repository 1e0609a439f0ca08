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

  // The videoIntelligence tab: the video's creative clips.
  clipsLabel: 'Creative clips: choose one to play it',
  clipsSearch: 'Search clips',
  clipsSearchHint: 'Words of a quote or a subtype',
  noClipMatches: 'No clips match “{query}”',
  noBreakdown: 'This video has no creative clips.',
  breakdownLoadError: 'The creative clips could not be loaded.',
  hook: 'Hook',
  playClip: 'Play {type} clip {range}',
  saveClip: 'Save clip as asset',
  downloadClip: 'Download clip',
  clipSaving: 'Saving the clip…',
  clipSaved: 'The clip was saved as a new file',
  clipDownloading: 'Preparing the clip…',
  pickFolderTitle: 'Save the clip into a folder',
  library: 'Library',
  saveHere: 'Save here',
  openFolder: 'Open {name}',
  noSubfolders: 'No folders inside',
  back: 'Back',
} as const;
