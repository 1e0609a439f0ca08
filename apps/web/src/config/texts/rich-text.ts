/**
 * Web texts of the board's rich description editor (000 §2 "Board detail", §9 "Rich text
 * formats"). Only the editor's own lazily loaded chunk reads them: keep it so (a second
 * chunk importing this file would move it into the first load).
 */
export const richTextTexts = {
  toolbar: 'Text formatting',
  blockType: 'Text style',
  blocks: {
    paragraph: 'Normal',
    h1: 'Heading 1',
    h2: 'Heading 2',
    h3: 'Heading 3',
    number: 'Numbered list',
    bullet: 'Bulleted list',
    check: 'Check list',
    quote: 'Quote',
    code: 'Code',
  },
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  textColor: 'Text colour',
  backgroundColor: 'Background colour',
  defaultTextColor: 'Default colour',
  noBackground: 'No background',
  /** '{hue} {shade}': 'Red 5'. */
  swatch: '{hue} {shade}',
  hues: {
    gray: 'Grey',
    red: 'Red',
    orange: 'Orange',
    yellow: 'Yellow',
    green: 'Green',
    teal: 'Teal',
    cyan: 'Cyan',
    blue: 'Blue',
    violet: 'Violet',
    pink: 'Pink',
  } as Record<string, string>,
  placeholder: 'Add a description: the goal, the audience, what you need from reviewers…',
  tooLong: 'The description is too long to save. Shorten it to keep your changes.',
  loadFailed: 'The editor could not be loaded.',
} as const;
