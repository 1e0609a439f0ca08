import { interpolate } from '@hookline/contract';
import { ActionIcon, Loader } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconMaximize, IconMinimize, IconX } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Hint } from '@/components/hint';
import { PoweredBy } from '@/components/powered-by';
import { presentationTexts as t } from '@/config/texts/board-presentation';
import type { AssetItem } from '@/entities/asset/api/keys';
import type { Board } from '../../api/keys';
import classes from './presentation.module.css';
import { CoverSlide, ItemSlide, slideImage } from './slides';

export interface PresentationDeckProps {
  board: Board;
  /** The board's items in their order (more may still be loading). */
  items: AssetItem[];
  /** How many items the board has; null until the first page answers. */
  total: number | null;
  /** Leave the presentation (Escape, the close button); absent for visitors, who have nowhere to go. */
  onLeave?: () => void;
  /** Review mode's state pill for an item (to come). */
  reviewPill?: (item: AssetItem) => ReactNode;
  /** Shown under the slides when some pages of items failed. */
  notice?: ReactNode;
}

/** Controls fade after this long without the pointer moving. */
const IDLE_MS = 2500;

/** Keys handled by the element itself: typing, a focused button's Space and Enter. */
function ownsKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('input, textarea, select, [contenteditable="true"]')) return true;
  return (key === ' ' || key === 'Enter') && target.closest('button, a, [role="button"]') !== null;
}

/**
 * A board as slides (Pitch- or Frame.io-like): the cover, then one slide per item in the board's
 * order. ←/→ (and Space, Page Up/Down, Home/End) move, Escape leaves, F toggles full screen; a
 * counter says where you are, a thin bar how far.
 */
export function PresentationDeck({
  board,
  items,
  total,
  onLeave,
  reviewPill,
  notice,
}: PresentationDeckProps) {
  const [index, setIndex] = useState(0);
  const [idle, setIdle] = useState(false);
  const [fullScreen, setFullScreen] = useState(false);
  const deck = useRef<HTMLDivElement>(null);
  const count = 1 + (total ?? items.length);
  const last = count - 1;
  const current = index === 0 ? null : (items[index - 1] ?? null);

  const go = useCallback((to: number) => setIndex(() => Math.max(0, Math.min(to, last))), [last]);
  const next = useCallback(() => setIndex((at) => Math.min(at + 1, last)), [last]);
  const previous = useCallback(() => setIndex((at) => Math.max(at - 1, 0)), []);

  const toggleFullScreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void deck.current?.requestFullscreen?.();
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      if (ownsKey(event.target, event.key)) return;
      switch (event.key) {
        case 'ArrowRight':
        case 'PageDown':
          next();
          break;
        case 'ArrowLeft':
        case 'PageUp':
          previous();
          break;
        case ' ':
          if (event.shiftKey) previous();
          else next();
          break;
        case 'Home':
          go(0);
          break;
        case 'End':
          go(last);
          break;
        case 'Escape':
          if (document.fullscreenElement || !onLeave) return;
          onLeave();
          break;
        case 'f':
        case 'F':
          toggleFullScreen();
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [next, previous, go, last, onLeave, toggleFullScreen]);

  useEffect(() => {
    const onChange = () => setFullScreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // The pointer still for a while: the controls step aside for the media.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wake = () => {
      setIdle(false);
      clearTimeout(timer);
      timer = setTimeout(() => setIdle(true), IDLE_MS);
    };
    wake();
    window.addEventListener('pointermove', wake);
    window.addEventListener('keydown', wake);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointermove', wake);
      window.removeEventListener('keydown', wake);
    };
  }, []);

  // The next picture is fetched while this slide shows.
  const upcoming = items[index];
  useEffect(() => {
    const src = upcoming ? slideImage(upcoming) : null;
    if (src && upcoming?.type !== 'VIDEO') new Image().src = src;
  }, [upcoming]);

  const slideLabel = interpolate(t.slide, { n: index + 1, total: count });
  const progress = count > 1 ? (index / (count - 1)) * 100 : 100;

  return (
    <div
      ref={deck}
      className={`${classes.deck} ${idle ? classes.idle : ''}`}
      data-testid="presentation"
      data-theme="dark"
    >
      <div className={classes.progress} style={{ width: `${progress}%` }} aria-hidden />
      <header className={classes.topbar}>
        <div className={classes.boardName}>{index > 0 ? board.name : ''}</div>
        <div style={{ display: 'flex', gap: 4 }}>
          <Hint label={fullScreen ? t.exitFullScreen : t.fullScreen}>
            <ActionIcon
              variant="subtle"
              size="lg"
              className={classes.iconButton}
              aria-label={fullScreen ? t.exitFullScreen : t.fullScreen}
              onClick={toggleFullScreen}
            >
              {fullScreen ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
            </ActionIcon>
          </Hint>
          {onLeave && (
            <Hint label={t.leave}>
              <ActionIcon
                variant="subtle"
                size="lg"
                className={classes.iconButton}
                aria-label={t.leave}
                onClick={onLeave}
                data-testid="presentation-leave"
              >
                <IconX size={18} />
              </ActionIcon>
            </Hint>
          )}
        </div>
      </header>

      <main className={classes.stage} aria-roledescription="slide" aria-label={slideLabel}>
        {index === 0 ? (
          <div className={classes.slide} key="cover">
            <CoverSlide board={board} itemCount={total} />
          </div>
        ) : current ? (
          <ItemSlide key={current.id} item={current} reviewPill={reviewPill?.(current)} />
        ) : (
          <div className={classes.slide} key="loading">
            <Loader color="gray" />
          </div>
        )}
        <button
          type="button"
          className={`${classes.sideNav} ${classes.prev}`}
          onClick={previous}
          disabled={index === 0}
          aria-label={t.previous}
          data-testid="presentation-previous"
        >
          <IconArrowLeft size={20} />
        </button>
        <button
          type="button"
          className={`${classes.sideNav} ${classes.next}`}
          onClick={next}
          disabled={index === last}
          aria-label={t.next}
          data-testid="presentation-next"
        >
          <IconArrowRight size={20} />
        </button>
      </main>

      <div className={classes.bottombar}>
        <div className={classes.itemName} data-testid="presentation-item-name">
          {current ? current.name : ''}
          {notice}
        </div>
        <div className={classes.counter} aria-live="polite" data-testid="slide-counter">
          {interpolate(t.counter, { n: index + 1, total: count })}
        </div>
        <div className={classes.bottomRight}>
          <span className={classes.keys}>{onLeave ? t.keys : t.keysVisitor}</span>
          <div className={classes.poweredBy}>
            <PoweredBy />
          </div>
        </div>
      </div>
    </div>
  );
}
