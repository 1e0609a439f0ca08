/** The Create GIF dialog's texts (000 §4): apart from the library's, so they load with the dialog. */
export const gifTexts = {
  title: 'Create GIF',
  start: 'Start',
  end: 'End',
  timeHint: 'MM:SS:MS',
  frameRate: 'Frame rate',
  fps: '{value} fps',
  loop: 'Loop',
  generate: 'Generate',
  download: 'Download',
  idle: 'Choose the part of the video and generate a preview.',
  generating: 'Generating the GIF…',
  preview: 'GIF preview of {name}',
  /** 'validation.time' (000 §5). */
  invalidTime: 'The start must be before the end.',
  tooLong: 'A GIF can be at most {seconds} seconds long.',
  /** 'error' (000 §8 "GIF failure"). */
  error: 'The GIF could not be created.',
} as const;
