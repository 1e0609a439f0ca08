import { ANNOTATION_PALETTE, COMMENT_LIMITS, type Comment, type Pin, type Reply } from '@hookline/contract';
import { ActionIcon, ColorSwatch, Group, Paper, Popover, SimpleGrid, UnstyledButton } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowUpRight,
  IconCheck,
  IconRectangle,
  IconScribble,
  IconTrash,
} from '@tabler/icons-react';
import { type PointerEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { Hint } from '@/components/hint';
import { commentsTexts } from '@/config/texts/comments';
import { type Shape, useReview } from '../review';
import { CommentTimeline } from './comment-timeline';

const t = commentsTexts.comments;
const MIN_STEP = 0.004;

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The media element's box inside its positioned parent, followed as the player resizes. */
function useMediaRect(media: RefObject<HTMLElement | null>): Rect | null {
  const [rect, setRect] = useState<Rect | null>(null);
  useEffect(() => {
    const element = media.current;
    if (!element) return;
    const measure = () =>
      setRect({
        left: element.offsetLeft,
        top: element.offsetTop,
        width: element.offsetWidth,
        height: element.offsetHeight,
      });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.parentElement) observer.observe(element.parentElement);
    element.addEventListener('loadedmetadata', measure);
    element.addEventListener('load', measure);
    return () => {
      observer.disconnect();
      element.removeEventListener('loadedmetadata', measure);
      element.removeEventListener('load', measure);
    };
  }, [media]);
  return rect;
}

function ShapePath({ shape, width, height }: { shape: Shape; width: number; height: number }) {
  const px = shape.points.map(([x, y]) => [x * width, y * height] as const);
  const stroke = {
    stroke: shape.color,
    strokeWidth: shape.width,
    fill: 'none',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  } as const;
  if (shape.kind === 'freehand')
    return <polyline points={px.map((p) => p.join(',')).join(' ')} {...stroke} />;
  const [a, b] = [px[0]!, px[px.length - 1]!];
  if (shape.kind === 'rectangle')
    return (
      <rect
        x={Math.min(a[0], b[0])}
        y={Math.min(a[1], b[1])}
        width={Math.abs(b[0] - a[0])}
        height={Math.abs(b[1] - a[1])}
        {...stroke}
      />
    );
  // An arrow: the shaft and a head of two strokes at the end point.
  const angle = Math.atan2(b[1] - a[1], b[0] - a[0]);
  const head = 10 + shape.width * 2;
  const wing = (delta: number) =>
    `${b[0] - head * Math.cos(angle + delta)},${b[1] - head * Math.sin(angle + delta)}`;
  return (
    <g>
      <line x1={a[0]} y1={a[1]} x2={b[0]} y2={b[1]} {...stroke} />
      <polyline points={`${wing(0.5)} ${b[0]},${b[1]} ${wing(-0.5)}`} {...stroke} />
    </g>
  );
}

/**
 * What review puts over a frame or an image (issue #11): the chosen comment's drawing, the
 * drawing being made (free-hand, arrow, rectangle in a palette colour, undo, clear), image
 * pins as numbered markers that choose their comment, and the pin being placed. Drawn in
 * pixels over the media's own box, so it fits the frame at any player size.
 */
export function ReviewOverlay({
  media,
  threads,
  onChoose,
  timeline,
}: {
  media: RefObject<HTMLElement | null>;
  threads: Comment[];
  /** A pin or a timeline marker was clicked: its comment. */
  onChoose?: (comment: Reply) => void;
  /** A video: its comments' markers under the frame. */
  timeline?: { duration: number } | undefined;
}) {
  const review = useReview();
  const rect = useMediaRect(media);
  const [current, setCurrent] = useState<Shape | null>(null);
  const surface = useRef<HTMLDivElement>(null);
  if (!review || !rect || rect.width === 0) return null;
  const { mode, draft, selected } = review;
  const pins = threads.filter((thread) => thread.pin);

  const at = (event: PointerEvent<HTMLElement>): [number, number] => {
    const box = surface.current!.getBoundingClientRect();
    const clamp = (v: number) => Math.min(1, Math.max(0, v));
    return [clamp((event.clientX - box.left) / box.width), clamp((event.clientY - box.top) / box.height)];
  };
  const onDown = (event: PointerEvent<HTMLDivElement>) => {
    if (mode === 'pin') {
      const [x, y] = at(event);
      review.setDraft((d) => ({ ...d, pin: { x, y } }));
      review.setMode('idle');
      return;
    }
    if (mode !== 'draw' || draft.shapes.length >= COMMENT_LIMITS.shapes) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setCurrent({ kind: review.tool, color: review.color, width: 4, points: [at(event)] });
  };
  const onMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!current) return;
    const point = at(event);
    if (current.kind !== 'freehand') {
      setCurrent({ ...current, points: [current.points[0]!, point] });
      return;
    }
    const last = current.points[current.points.length - 1]!;
    if (Math.hypot(point[0] - last[0], point[1] - last[1]) < MIN_STEP) return;
    if (current.points.length >= COMMENT_LIMITS.points) return;
    setCurrent({ ...current, points: [...current.points, point] });
  };
  const onUp = () => {
    if (current && current.points.length >= 2)
      review.setDraft((d) => ({ ...d, shapes: [...d.shapes, current] }));
    setCurrent(null);
  };

  const shown: Shape[] = [
    ...(selected?.annotation?.shapes ?? []),
    ...draft.shapes,
    ...(current ? [current] : []),
  ];
  const capturing = mode === 'draw' || mode === 'pin';
  const marker = (pin: Pin, label: string, active: boolean) => ({
    position: 'absolute' as const,
    left: pin.x * rect.width - 12,
    top: pin.y * rect.height - 12,
    width: 24,
    height: 24,
    borderRadius: 12,
    background: active ? 'var(--mantine-color-orange-7)' : 'var(--mantine-color-dark-7)',
    color: '#fff',
    border: '2px solid #fff',
    fontSize: 12,
    fontWeight: 700,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxShadow: '0 2px 8px rgba(0,0,0,.4)',
    label,
  });

  return (
    <div
      ref={surface}
      data-testid="review-overlay"
      data-mode={mode}
      onPointerDown={capturing ? onDown : undefined}
      onPointerMove={capturing ? onMove : undefined}
      onPointerUp={capturing ? onUp : undefined}
      style={{
        position: 'absolute',
        left: rect.left,
        top: rect.top,
        width: rect.width,
        height: rect.height,
        pointerEvents: capturing ? 'auto' : 'none',
        cursor: mode === 'draw' ? 'crosshair' : mode === 'pin' ? 'copy' : undefined,
        touchAction: capturing ? 'none' : undefined,
        zIndex: 2,
      }}
    >
      <svg width={rect.width} height={rect.height} style={{ position: 'absolute', inset: 0 }} aria-hidden>
        {shown.map((shape, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: shapes of one drawing, in order.
          <ShapePath key={index} shape={shape} width={rect.width} height={rect.height} />
        ))}
      </svg>
      {pins.map((thread, index) => {
        const { label: _label, ...style } = marker(
          thread.pin!,
          String(index + 1),
          selected?.id === thread.id,
        );
        return (
          <UnstyledButton
            key={thread.id}
            aria-label={`${t.pin} ${index + 1}`}
            style={{ ...style, pointerEvents: 'auto' }}
            onClick={(event) => {
              event.stopPropagation();
              review.select(thread);
              onChoose?.(thread);
            }}
            data-testid="pin-marker"
          >
            {index + 1}
          </UnstyledButton>
        );
      })}
      {draft.pin && (
        <div style={{ ...marker(draft.pin, '+', true), pointerEvents: 'none' }} data-testid="draft-pin">
          +
        </div>
      )}
      {mode === 'draw' && <DrawingToolbar />}
      {timeline && (
        <div
          style={{ position: 'absolute', left: 0, right: 0, top: 'calc(100% + 5px)', pointerEvents: 'auto' }}
        >
          <CommentTimeline
            threads={threads}
            duration={timeline.duration}
            selectedId={selected?.id ?? null}
            onChoose={(comment) => onChoose?.(comment)}
          />
        </div>
      )}
    </div>
  );
}

/** Tools, the 80-colour palette, undo, clear and done, at the frame's top left. */
function DrawingToolbar() {
  const review = useReview()!;
  const tools = [
    { kind: 'freehand', label: t.freehand, icon: IconScribble },
    { kind: 'arrow', label: t.arrow, icon: IconArrowUpRight },
    { kind: 'rectangle', label: t.rectangle, icon: IconRectangle },
  ] as const;
  return (
    <Paper
      shadow="md"
      radius="md"
      p={4}
      style={{ position: 'absolute', top: 8, left: 8 }}
      onPointerDown={(event) => event.stopPropagation()}
      data-testid="drawing-toolbar"
    >
      <Group gap={2}>
        {tools.map(({ kind, label, icon: Icon }) => (
          <Hint key={kind} label={label}>
            <ActionIcon
              variant={review.tool === kind ? 'filled' : 'subtle'}
              aria-label={label}
              aria-pressed={review.tool === kind}
              onClick={() => review.setTool(kind)}
            >
              <Icon size={16} />
            </ActionIcon>
          </Hint>
        ))}
        <Popover position="bottom-start" withinPortal shadow="md">
          <Popover.Target>
            <ActionIcon variant="subtle" aria-label={t.colour}>
              <ColorSwatch color={review.color} size={16} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown p={6}>
            <SimpleGrid cols={10} spacing={3} verticalSpacing={3}>
              {ANNOTATION_PALETTE.map((colour) => (
                <ColorSwatch
                  key={colour}
                  component="button"
                  type="button"
                  color={colour}
                  size={18}
                  aria-label={colour}
                  onClick={() => review.setColor(colour)}
                  style={{
                    cursor: 'pointer',
                    outline: review.color === colour ? '2px solid #222' : undefined,
                  }}
                />
              ))}
            </SimpleGrid>
          </Popover.Dropdown>
        </Popover>
        <Hint label={t.undoShape}>
          <ActionIcon
            variant="subtle"
            aria-label={t.undoShape}
            disabled={review.draft.shapes.length === 0}
            onClick={() => review.setDraft((d) => ({ ...d, shapes: d.shapes.slice(0, -1) }))}
          >
            <IconArrowBackUp size={16} />
          </ActionIcon>
        </Hint>
        <Hint label={t.clearDrawing}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t.clearDrawing}
            disabled={review.draft.shapes.length === 0}
            onClick={() => review.setDraft((d) => ({ ...d, shapes: [] }))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Hint>
        <Hint label={t.doneDrawing}>
          <ActionIcon
            variant="light"
            color="teal"
            aria-label={t.doneDrawing}
            onClick={() => review.setMode('idle')}
          >
            <IconCheck size={16} />
          </ActionIcon>
        </Hint>
      </Group>
    </Paper>
  );
}
