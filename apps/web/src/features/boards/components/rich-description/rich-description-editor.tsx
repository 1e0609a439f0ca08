import type { RichText } from '@hookline/contract';
import { CodeHighlightNode, CodeNode } from '@lexical/code';
import { $isListItemNode, ListItemNode, ListNode } from '@lexical/list';
import { CheckListPlugin } from '@lexical/react/LexicalCheckListPlugin';
import { type InitialConfigType, LexicalComposer } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { $createHeadingNode, HeadingNode, QuoteNode } from '@lexical/rich-text';
import { $findMatchingParent, mergeRegister } from '@lexical/utils';
import {
  $getSelection,
  $isRangeSelection,
  COMMAND_PRIORITY_EDITOR,
  type EditorThemeClasses,
  INDENT_CONTENT_COMMAND,
  KEY_TAB_COMMAND,
  type LexicalEditor,
  OUTDENT_CONTENT_COMMAND,
  TextNode,
} from 'lexical';
import { useEffect, useRef, useState } from 'react';
import { richTextTexts as t } from '@/config/texts/rich-text';
import classes from './rich-description.module.css';
import {
  ALLOWED_FORMAT_BITS,
  fromRichText,
  isEmptyRichText,
  isRichTextTooLong,
  MAX_LIST_DEPTH,
  sanitizeStyle,
  toRichText,
} from './rich-text-doc';
import { RichTextToolbar } from './toolbar';

export interface RichDescriptionEditorProps {
  /** The document shown; a new value replaces the content unless it is what the editor holds. */
  value: RichText | null;
  /** Every change of content, as the contract's document (saving and its delay are the caller's). */
  onChange?: (doc: RichText) => void;
  /** Focus left the editor (its toolbar included). */
  onBlur?: () => void;
  onFocus?: () => void;
  /** Lexical's read-only rendering, without toolbar or frame. */
  readOnly?: boolean;
  /** Light text for a dark background (the presentation). */
  inverted?: boolean;
  placeholder?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** Lexical's class names for the formats the seeds list (000 §9 "Rich text formats"). */
const theme: EditorThemeClasses = {
  paragraph: classes.paragraph,
  heading: { h1: classes.h1, h2: classes.h2, h3: classes.h3 },
  quote: classes.quote,
  code: classes.code,
  list: {
    ol: classes.ol,
    ul: classes.ul,
    checklist: classes.checklist,
    listitem: classes.listitem,
    listitemChecked: classes.checked,
    listitemUnchecked: classes.unchecked,
    nested: { listitem: classes.nestedListItem },
  },
  text: { bold: classes.bold, italic: classes.italic, underline: classes.underline },
};

/** The nodes of the seeds' formats and nothing else: pasted links, images and tables have no node to become. */
const nodes = [HeadingNode, QuoteNode, ListNode, ListItemNode, CodeNode, CodeHighlightNode];

/** A key for "the same document", whatever optional keys either side carries. */
const docKey = (doc: RichText | null) => (isEmptyRichText(doc) ? '' : JSON.stringify(toRichText(doc)));

function initialState(value: RichText | null): string | undefined {
  return isEmptyRichText(value) ? undefined : JSON.stringify(fromRichText(value as RichText));
}

/**
 * The board's rich description (000 §2 "Board detail", §9): Lexical with normal text, H1–H3,
 * numbered, bulleted and check lists, quote, code, bold, italic, underline, and text and
 * background colours from the 80-colour palette. It only ever hands out documents the contract's
 * richTextSchema accepts: a pasted link keeps its text, an image goes, other formats are dropped
 * as they arrive (see rich-text-doc.ts). Loaded on demand (see lazy.tsx): Lexical stays out of
 * every first load.
 */
export default function RichDescriptionEditor({
  value,
  onChange,
  onBlur,
  onFocus,
  readOnly = false,
  inverted = false,
  placeholder = t.placeholder,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: RichDescriptionEditorProps) {
  const [tooLong, setTooLong] = useState(false);
  // Read once on mount (Lexical ignores later changes); later values arrive through ValuePlugin.
  const [initialConfig] = useState<InitialConfigType>(() => ({
    namespace: 'board-description',
    nodes,
    theme,
    editable: !readOnly,
    editorState: initialState(value),
    onError: (error) => {
      throw error;
    },
  }));
  const frameClass = [classes.frame, readOnly ? classes.readOnly : '', inverted ? classes.inverted : ''].join(
    ' ',
  );

  // Focus entering and leaving the editor with its toolbar (a move inside is neither).
  const frame = useRef<HTMLDivElement>(null);
  const focusHandlers = useRef({ onBlur, onFocus });
  focusHandlers.current = { onBlur, onFocus };
  useEffect(() => {
    const element = frame.current;
    if (!element || readOnly) return;
    const inside = (event: FocusEvent) =>
      event.relatedTarget instanceof Node && element.contains(event.relatedTarget);
    const enter = (event: FocusEvent) => {
      if (!inside(event)) focusHandlers.current.onFocus?.();
    };
    const leave = (event: FocusEvent) => {
      if (!inside(event)) focusHandlers.current.onBlur?.();
    };
    element.addEventListener('focusin', enter);
    element.addEventListener('focusout', leave);
    return () => {
      element.removeEventListener('focusin', enter);
      element.removeEventListener('focusout', leave);
    };
  }, [readOnly]);

  return (
    <LexicalComposer initialConfig={initialConfig}>
      <div
        className={readOnly ? `${classes.readOnly} ${inverted ? classes.inverted : ''}` : frameClass}
        ref={frame}
        data-testid={testId}
      >
        {!readOnly && <RichTextToolbar />}
        <div className={readOnly ? undefined : classes.scroller}>
          <RichTextPlugin
            contentEditable={
              readOnly ? (
                <ContentEditable className={classes.content} aria-label={ariaLabel} />
              ) : (
                <ContentEditable
                  className={classes.content}
                  aria-label={ariaLabel}
                  aria-placeholder={placeholder}
                  aria-multiline
                  placeholder={<div className={classes.placeholder}>{placeholder}</div>}
                  data-testid="rich-description-content"
                />
              )
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
        {tooLong && !readOnly && (
          <div className={classes.tooLong} role="alert">
            {t.tooLong}
          </div>
        )}
      </div>
      <ListPlugin />
      <CheckListPlugin />
      <SchemaPlugin />
      <ValuePlugin value={value} />
      {!readOnly && (
        <>
          <HistoryPlugin />
          <ListTabPlugin />
          <ChangePlugin
            onChange={(doc) => {
              setTooLong(isRichTextTooLong(doc));
              onChange?.(doc);
            }}
          />
        </>
      )}
    </LexicalComposer>
  );
}

/** Tags an update that loads a value from outside: not a change of the user's to hand back. */
const EXTERNAL = 'board-description-value';

/** Hands out each change of content (selection moves are not changes) as the contract's document. */
function ChangePlugin({ onChange }: { onChange: (doc: RichText) => void }) {
  const [editor] = useLexicalComposerContext();
  const callback = useRef(onChange);
  callback.current = onChange;
  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves, tags }) => {
        if (tags.has(EXTERNAL) || (dirtyElements.size === 0 && dirtyLeaves.size === 0)) return;
        callback.current(toRichText(editorState.toJSON()));
      }),
    [editor],
  );
  return null;
}

/** A new value from outside (a refetch) replaces the content, unless it is what the editor holds. */
function ValuePlugin({ value }: { value: RichText | null }) {
  const [editor] = useLexicalComposerContext();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const current = toRichText(editor.getEditorState().toJSON());
    if (docKey(value) === docKey(current)) return;
    loadValue(editor, value);
  }, [editor, value]);
  return null;
}

function loadValue(editor: LexicalEditor, value: RichText | null) {
  editor.setEditorState(editor.parseEditorState(initialState(value) ?? EMPTY_STATE), { tag: EXTERNAL });
}

const EMPTY_STATE = JSON.stringify({
  root: {
    type: 'root',
    version: 1,
    direction: null,
    format: '',
    indent: 0,
    children: [{ type: 'paragraph', version: 1, direction: null, format: '', indent: 0, children: [] }],
  },
});

/**
 * Keeps the content to what the contract accepts as it arrives (typed, pasted, undone): text
 * keeps only bold, italic and underline and a hex colour and background; a heading deeper than
 * H3 (pasted) becomes an H3.
 */
function SchemaPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      mergeRegister(
        editor.registerNodeTransform(TextNode, (node) => {
          const format = node.getFormat();
          if ((format & ~ALLOWED_FORMAT_BITS) !== 0) node.setFormat(format & ALLOWED_FORMAT_BITS);
          const style = node.getStyle();
          if (style) {
            const clean = sanitizeStyle(style);
            if (clean !== style) node.setStyle(clean);
          }
        }),
        editor.registerNodeTransform(HeadingNode, (node) => {
          const tag = node.getTag();
          if (tag !== 'h1' && tag !== 'h2' && tag !== 'h3') node.replace($createHeadingNode('h3'), true);
        }),
      ),
    [editor],
  );
  return null;
}

/**
 * Tab and Shift-Tab nest and un-nest list items (at most MAX_LIST_DEPTH deep); elsewhere Tab
 * leaves the editor as it leaves any field.
 */
function ListTabPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerCommand(
        KEY_TAB_COMMAND,
        (event) => {
          const selection = $getSelection();
          if (!$isRangeSelection(selection)) return false;
          const item = $findMatchingParent(selection.anchor.getNode(), $isListItemNode);
          if (!item) return false;
          event.preventDefault();
          if (event.shiftKey) return editor.dispatchCommand(OUTDENT_CONTENT_COMMAND, undefined);
          if (item.getIndent() >= MAX_LIST_DEPTH - 1) return true;
          return editor.dispatchCommand(INDENT_CONTENT_COMMAND, undefined);
        },
        COMMAND_PRIORITY_EDITOR,
      ),
    [editor],
  );
  return null;
}
