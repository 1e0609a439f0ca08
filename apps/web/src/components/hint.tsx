import { cloneElement, type ReactElement, useEffect } from 'react';
import { installHints } from '@/lib/hints';

export interface HintProps {
  /** The text shown; nothing when empty. */
  label: string | null | undefined;
  /** Shows no hint (the child stays as it is). */
  disabled?: boolean;
  /** Long text: wraps at 260 px instead of staying on one line. */
  multiline?: boolean;
  /** An element that passes `data-*` attributes to its DOM element (Mantine's components do). */
  children: ReactElement<Record<string, unknown>>;
}

/**
 * A short label shown when the pointer rests on its child or the keyboard focuses it (a
 * tooltip). One layer in the document shows every hint (lib/hints.ts): a card or a toolbar
 * button carries only an attribute, not a positioning engine of its own, which keeps the
 * library's first load and its 10,000-asset grid light (issue #20).
 */
export function Hint({
  label,
  disabled,
  multiline,
  children,
  ...passed
}: HintProps & Record<string, unknown>) {
  // A menu's target or a popover's wraps its hint: what it passes goes on to the element.
  const props: Record<string, unknown> = mergeProps(children.props, passed);
  if (label && !disabled) {
    props['data-hint'] = label;
    if (multiline) props['data-hint-multiline'] = '';
  }
  return Object.keys(props).length === 0 ? children : cloneElement(children, props);
}

/** `passed` over the child's own props; handlers both set run both (the child's first). */
function mergeProps(own: Record<string, unknown>, passed: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(passed)) {
    const mine = own[name];
    merged[name] =
      typeof value === 'function' && typeof mine === 'function' && /^on[A-Z]/.test(name)
        ? (...args: unknown[]) => {
            mine(...args);
            value(...args);
          }
        : value;
  }
  return merged;
}

/** Listens for hints in the document; mounted once by the app's providers. */
export function HintLayer() {
  useEffect(() => installHints(), []);
  return null;
}
