import type { FloatingPosition } from '@mantine/core';
import { cloneElement, type ReactElement, type ReactNode, type SyntheticEvent, useState } from 'react';
import { lazyPrefetched } from '@/lib/lazy-prefetched';
import { whenIdle } from '@/lib/when-idle';
import { OnDemand } from './on-demand';

/** The menus' icons by name: their code loads with the menu (action-menu-dropdown.tsx). */
export type MenuIconName =
  | 'ai'
  | 'api'
  | 'board'
  | 'copy'
  | 'delete'
  | 'download'
  | 'file'
  | 'folder'
  | 'gif'
  | 'libraryAdd'
  | 'move'
  | 'newFolder'
  | 'rename'
  | 'settings'
  | 'share'
  | 'signOut'
  | 'similar'
  | 'support'
  | 'unshare'
  | 'upload';

/** One entry of a menu: an action or a link, a section label, or a divider. */
export type ActionMenuEntry =
  | {
      kind?: 'item';
      key: string;
      label: ReactNode;
      /** One of the menus' icons (drawn by the menu's own chunk), or any element. */
      icon?: MenuIconName | ReactElement;
      rightSection?: ReactNode;
      color?: string;
      onClick?: () => void;
      /** A link inside the app (React Router), or any address (`href`). */
      to?: string;
      href?: string;
      /** Opens `href` in a new tab. */
      external?: boolean;
      disabled?: boolean;
      /** Shown as unavailable but still hoverable, with this reason as its hint. */
      blockedReason?: string | null;
      /** The current choice (`data-checked`, and a check mark). */
      checked?: boolean;
      testId?: string;
    }
  | { kind: 'label'; key: string; label: ReactNode }
  | { kind: 'divider'; key: string };

export interface ActionMenuProps {
  /** The button that opens the menu; it passes event handlers and `data-*` to its element. */
  target: ReactElement<Record<string, unknown>>;
  entries?: ActionMenuEntry[];
  /** Other content instead of entries (loaded on demand itself: it is rendered only when open). */
  content?: ReactNode;
  /** Clicking inside keeps the menu open (a panel of settings). */
  keepOpenOnClick?: boolean;
  position?: FloatingPosition;
  width?: number | 'target';
  offset?: number;
  /** Clicks inside the menu go no further (a card behind it would open). */
  isolateClicks?: boolean;
}

export interface ActionMenuDropdownProps extends ActionMenuProps {
  defaultOpened: boolean;
}

const dropdown = lazyPrefetched(async () => (await import('./action-menu-dropdown')).ActionMenuDropdown);
const prefetch = () => void dropdown.prefetch().catch(() => undefined);
let idlePrefetchQueued = false;

/**
 * A menu of actions behind a button (items, links, labels, dividers as data). The UI kit's
 * menu, with its positioning engine, is no part of the first load (issue #20): the button
 * alone renders until it is first clicked (or pressed from the keyboard), and then the real
 * menu takes its place, open. A grid of cards therefore carries one button per card, not one
 * menu per card. The code is fetched when the browser is idle, or when a button is pointed
 * at or focused, so the menu opens in the same frame as the click.
 */
export function ActionMenu(props: ActionMenuProps) {
  const [clicked, setClicked] = useState(false);
  if (!idlePrefetchQueued) {
    idlePrefetchQueued = true;
    whenIdle(prefetch);
  }
  const own = props.target.props as {
    onClick?: (event: SyntheticEvent) => void;
    onPointerEnter?: (event: SyntheticEvent) => void;
    onFocus?: (event: SyntheticEvent) => void;
  };
  const fallback = cloneElement(props.target, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: (event: SyntheticEvent) => {
      own.onPointerEnter?.(event);
      prefetch();
    },
    onFocus: (event: SyntheticEvent) => {
      own.onFocus?.(event);
      prefetch();
    },
    onClick: (event: SyntheticEvent) => {
      own.onClick?.(event);
      setClicked(true);
    },
  });
  return (
    <OnDemand when={clicked} fallback={fallback}>
      <dropdown.Component {...props} defaultOpened />
    </OnDemand>
  );
}

/** The entries given, without the ones a condition left out (`cond && {...}`). */
export function presentEntries(
  entries: (ActionMenuEntry | false | null | undefined | 0 | '')[],
): ActionMenuEntry[] {
  return entries.filter((entry): entry is ActionMenuEntry => Boolean(entry));
}
