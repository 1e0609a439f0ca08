import { SIDEBAR_WIDTH } from '@hookline/contract';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { appTexts } from '@/config/texts/app';
import classes from './shell.module.css';

const KEY_STEP_PX = 16;
const KEY_STEP_LARGE_PX = 64;

export interface SidebarResizeHandleProps {
  width: number;
  onResize: (width: number, options?: { persist?: boolean }) => void;
  onResizeEnd: () => void;
}

/**
 * The sidebar's right edge: drag it, or focus it and use the arrow keys (Shift for bigger
 * steps, Home/End for the limits). Double-click returns to the default width.
 */
export function SidebarResizeHandle({ width, onResize, onResizeEnd }: SidebarResizeHandleProps) {
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);
  const [dragging, setDragging] = useState(false);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    drag.current = { startX: event.clientX, startWidth: width };
    setDragging(true);
    document.body.classList.add(classes.resizing ?? '');
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Not every environment supports pointer capture; moves still arrive while over the handle.
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    onResize(drag.current.startWidth + event.clientX - drag.current.startX, { persist: false });
  };

  const endDrag = () => {
    if (!drag.current) return;
    drag.current = null;
    setDragging(false);
    document.body.classList.remove(classes.resizing ?? '');
    onResizeEnd();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_STEP_LARGE_PX : KEY_STEP_PX;
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = width + step;
    else if (event.key === 'ArrowLeft') next = width - step;
    else if (event.key === 'Home') next = SIDEBAR_WIDTH.min;
    else if (event.key === 'End') next = SIDEBAR_WIDTH.max;
    if (next === null) return;
    event.preventDefault();
    onResize(next);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable, resizable window splitter is the ARIA separator pattern; <hr> cannot take focus or value.
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={appTexts.shell.resizeSidebar}
      aria-valuemin={SIDEBAR_WIDTH.min}
      aria-valuemax={SIDEBAR_WIDTH.max}
      aria-valuenow={width}
      tabIndex={0}
      className={classes.resizeHandle}
      data-dragging={dragging || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onLostPointerCapture={endDrag}
      onKeyDown={onKeyDown}
      onDoubleClick={() => onResize(SIDEBAR_WIDTH.default)}
    />
  );
}
