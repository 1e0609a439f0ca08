import { interpolate } from '@hookline/contract';
import { $createCodeNode, $isCodeNode } from '@lexical/code';
import {
  $isListNode,
  INSERT_CHECK_LIST_COMMAND,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  ListNode,
  REMOVE_LIST_COMMAND,
} from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import { $getSelectionStyleValueForProperty, $patchStyleText, $setBlocksType } from '@lexical/selection';
import { $findMatchingParent, $getNearestNodeOfType, mergeRegister } from '@lexical/utils';
import { ActionIcon, Button, Menu, Popover } from '@mantine/core';
import {
  IconBold,
  IconCheckbox,
  IconChevronDown,
  IconCode,
  IconH1,
  IconH2,
  IconH3,
  IconHighlight,
  IconItalic,
  IconList,
  IconListNumbers,
  IconPilcrow,
  IconQuote,
  IconTextColor,
  IconUnderline,
} from '@tabler/icons-react';
import {
  $createParagraphNode,
  $getSelection,
  $isRangeSelection,
  $isRootOrShadowRoot,
  $setSelection,
  type BaseSelection,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  type LexicalEditor,
  SELECTION_CHANGE_COMMAND,
  type TextFormatType,
} from 'lexical';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Hint } from '@/components/hint';
import { richTextTexts as t } from '@/config/texts/rich-text';
import { paletteHues } from './palette';
import classes from './rich-description.module.css';

export const blockTypes = [
  'paragraph',
  'h1',
  'h2',
  'h3',
  'number',
  'bullet',
  'check',
  'quote',
  'code',
] as const;
export type BlockType = (typeof blockTypes)[number];

const blockIcons: Record<BlockType, ReactNode> = {
  paragraph: <IconPilcrow size={15} />,
  h1: <IconH1 size={15} />,
  h2: <IconH2 size={15} />,
  h3: <IconH3 size={15} />,
  number: <IconListNumbers size={15} />,
  bullet: <IconList size={15} />,
  check: <IconCheckbox size={15} />,
  quote: <IconQuote size={15} />,
  code: <IconCode size={15} />,
};

interface ToolbarState {
  block: BlockType;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  color: string;
  background: string;
}

const initial: ToolbarState = {
  block: 'paragraph',
  bold: false,
  italic: false,
  underline: false,
  color: '',
  background: '',
};

/** What the selection sits in and how it is formatted (read inside an editor state). */
function $readToolbarState(): ToolbarState | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const anchor = selection.anchor.getNode();
  const top =
    anchor.getKey() === 'root'
      ? null
      : ($findMatchingParent(anchor, (node) => {
          const parent = node.getParent();
          return parent !== null && $isRootOrShadowRoot(parent);
        }) ?? null);
  let block: BlockType = 'paragraph';
  if ($isListNode(top)) {
    const list = $getNearestNodeOfType(anchor, ListNode) ?? top;
    block = list.getListType();
  } else if ($isHeadingNode(top)) {
    const tag = top.getTag();
    block = tag === 'h1' || tag === 'h2' ? tag : 'h3';
  } else if ($isQuoteNode(top)) block = 'quote';
  else if ($isCodeNode(top)) block = 'code';
  return {
    block,
    bold: selection.hasFormat('bold'),
    italic: selection.hasFormat('italic'),
    underline: selection.hasFormat('underline'),
    color: $getSelectionStyleValueForProperty(selection, 'color', ''),
    background: $getSelectionStyleValueForProperty(selection, 'background-color', ''),
  };
}

/**
 * The editor's selection, or the last one it had: a menu or popover took the focus (and with it
 * the editor's selection) on its way to this action.
 */
function $restoreSelection(last: BaseSelection | null) {
  const selection = $getSelection();
  if ($isRangeSelection(selection) || !last) return selection;
  $setSelection(last.clone());
  return $getSelection();
}

/** Turns the selected blocks into one type; choosing the list they are in again makes them text. */
export function setBlockType(
  editor: LexicalEditor,
  type: BlockType,
  current: BlockType,
  last: BaseSelection | null = null,
) {
  if (type === 'number' || type === 'bullet' || type === 'check') {
    editor.update(() => void $restoreSelection(last), { discrete: true });
    if (current === type) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else
      editor.dispatchCommand(
        type === 'number'
          ? INSERT_ORDERED_LIST_COMMAND
          : type === 'bullet'
            ? INSERT_UNORDERED_LIST_COMMAND
            : INSERT_CHECK_LIST_COMMAND,
        undefined,
      );
    return;
  }
  editor.update(() => {
    const selection = $restoreSelection(last);
    if (!$isRangeSelection(selection)) return;
    $setBlocksType(selection, () => {
      if (type === 'h1' || type === 'h2' || type === 'h3') return $createHeadingNode(type);
      if (type === 'quote') return $createQuoteNode();
      if (type === 'code') return $createCodeNode();
      return $createParagraphNode();
    });
  });
}

/** Colours the selected text (or what is typed next); null takes the colour off. */
export function setColor(
  editor: LexicalEditor,
  property: 'color' | 'background-color',
  hex: string | null,
  last: BaseSelection | null = null,
) {
  editor.update(() => {
    const selection = $restoreSelection(last);
    if (selection) $patchStyleText(selection, { [property]: hex });
  });
}

/** Back to typing once a menu or popover has closed (after it hands the focus back). */
const refocus = (editor: LexicalEditor) => setTimeout(() => editor.focus(), 0);

/** Keeps the editor's focus (and so its selection) when a toolbar button is pressed with the mouse. */
const keepFocus = (event: React.MouseEvent) => event.preventDefault();

export function RichTextToolbar() {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<ToolbarState>(initial);
  const lastSelection = useRef<BaseSelection | null>(null);

  const refresh = useCallback(() => {
    const next = editor.getEditorState().read(() => {
      const selection = $getSelection();
      if ($isRangeSelection(selection)) lastSelection.current = selection.clone();
      return $readToolbarState();
    });
    if (next) setState(next);
  }, [editor]);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(() => refresh()),
        editor.registerCommand(
          SELECTION_CHANGE_COMMAND,
          () => {
            refresh();
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor, refresh],
  );

  const format = (type: TextFormatType) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, type);

  return (
    <div className={classes.toolbar} role="toolbar" aria-label={t.toolbar}>
      <Menu position="bottom-start" shadow="md" width={190} withinPortal returnFocus={false}>
        <Menu.Target>
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={blockIcons[state.block]}
            rightSection={<IconChevronDown size={12} />}
            aria-label={`${t.blockType}: ${t.blocks[state.block]}`}
            data-testid="rich-block-type"
            fw={500}
          >
            {t.blocks[state.block]}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {blockTypes.map((type) => (
            <Menu.Item
              key={type}
              leftSection={blockIcons[type]}
              onClick={() => {
                setBlockType(editor, type, state.block, lastSelection.current);
                refocus(editor);
              }}
              data-active={state.block === type || undefined}
              fw={state.block === type ? 600 : undefined}
              data-testid={`rich-block-${type}`}
            >
              {t.blocks[type]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <span className={classes.divider} />
      <FormatButton label={t.bold} shortcut="B" active={state.bold} onClick={() => format('bold')}>
        <IconBold size={16} />
      </FormatButton>
      <FormatButton label={t.italic} shortcut="I" active={state.italic} onClick={() => format('italic')}>
        <IconItalic size={16} />
      </FormatButton>
      <FormatButton
        label={t.underline}
        shortcut="U"
        active={state.underline}
        onClick={() => format('underline')}
      >
        <IconUnderline size={16} />
      </FormatButton>
      <span className={classes.divider} />
      <ColorPicker
        label={t.textColor}
        clearLabel={t.defaultTextColor}
        icon={<IconTextColor size={16} />}
        value={state.color}
        onPick={(hex) => setColor(editor, 'color', hex, lastSelection.current)}
        testId="rich-text-color"
      />
      <ColorPicker
        label={t.backgroundColor}
        clearLabel={t.noBackground}
        icon={<IconHighlight size={16} />}
        value={state.background}
        onPick={(hex) => setColor(editor, 'background-color', hex, lastSelection.current)}
        testId="rich-background-color"
      />
    </div>
  );
}

function FormatButton({
  label,
  shortcut,
  active,
  onClick,
  children,
}: {
  label: string;
  shortcut: string;
  active: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Hint label={`${label} (Ctrl/⌘ ${shortcut})`}>
      <ActionIcon
        variant={active ? 'light' : 'subtle'}
        color={active ? undefined : 'gray'}
        size="md"
        aria-label={label}
        aria-pressed={active}
        onMouseDown={keepFocus}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Hint>
  );
}

/** The 80-colour palette in a popover: 10 hues across, 8 shades down, and a way back to none. */
function ColorPicker({
  label,
  clearLabel,
  icon,
  value,
  onPick,
  testId,
}: {
  label: string;
  clearLabel: string;
  icon: ReactNode;
  value: string;
  onPick: (hex: string | null) => void;
  testId: string;
}) {
  const [editor] = useLexicalComposerContext();
  const [opened, setOpened] = useState(false);
  const pick = (hex: string | null) => {
    onPick(hex);
    setOpened(false);
    refocus(editor);
  };
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      shadow="md"
      withinPortal
      trapFocus
      returnFocus={false}
    >
      <Popover.Target>
        <Hint label={label}>
          <ActionIcon
            variant={opened ? 'light' : 'subtle'}
            color="gray"
            size="md"
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={opened}
            onMouseDown={keepFocus}
            onClick={() => setOpened((open) => !open)}
            data-testid={testId}
          >
            <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              {icon}
              <span
                className={classes.colorMark}
                style={{ background: value || 'transparent' }}
                aria-hidden
              />
            </span>
          </ActionIcon>
        </Hint>
      </Popover.Target>
      <Popover.Dropdown p="sm" aria-label={label} role="dialog">
        <div className={classes.palette} data-testid={`${testId}-palette`}>
          {paletteHues.flatMap(({ hue, shades }) =>
            shades.map((hex, index) => {
              const name = interpolate(t.swatch, { hue: t.hues[hue] ?? hue, shade: index + 1 });
              return (
                <button
                  key={hex}
                  type="button"
                  className={classes.swatch}
                  style={{ background: hex }}
                  title={name}
                  aria-label={name}
                  aria-pressed={value.toLowerCase() === hex}
                  onClick={() => pick(hex)}
                  data-color={hex}
                />
              );
            }),
          )}
        </div>
        <Button
          variant="subtle"
          color="gray"
          size="compact-xs"
          mt="xs"
          fullWidth
          onClick={() => pick(null)}
          data-testid={`${testId}-clear`}
        >
          {clearLabel}
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
