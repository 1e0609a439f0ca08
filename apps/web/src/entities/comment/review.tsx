import type { Annotation, AnnotationShapeKind, Pin, Reply } from '@hookline/contract';
import { ANNOTATION_PALETTE } from '@hookline/contract';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

export type Shape = Annotation['shapes'][number];

/** What a new comment carries from the stage: a range, a drawing, a pin. */
export interface ReviewDraft {
  start: number | null;
  end: number | null;
  shapes: Shape[];
  pin: Pin | null;
}

const EMPTY_DRAFT: ReviewDraft = { start: null, end: null, shapes: [], pin: null };

export interface ReviewState {
  /** The comment shown on the stage (its drawing, its pin), chosen in the panel or on the stage. */
  selected: Reply | null;
  select(comment: Reply | null): void;
  /** What the stage is capturing for the composer. */
  mode: 'idle' | 'draw' | 'pin';
  setMode(mode: 'idle' | 'draw' | 'pin'): void;
  tool: AnnotationShapeKind;
  setTool(tool: AnnotationShapeKind): void;
  color: string;
  setColor(color: string): void;
  draft: ReviewDraft;
  setDraft(update: (draft: ReviewDraft) => ReviewDraft): void;
  clearDraft(): void;
}

const ReviewContext = createContext<ReviewState | null>(null);

/**
 * Review on the stage (issue #11, like Frame.io): the player holds this around its stage and
 * its comments tab, so a comment chosen in the panel shows its drawing or pin over the frame,
 * and the composer takes in and out points, a drawing and a pin from the stage.
 */
export function ReviewProvider({ children }: { children: ReactNode }) {
  const [selected, select] = useState<Reply | null>(null);
  const [mode, setMode] = useState<ReviewState['mode']>('idle');
  const [tool, setTool] = useState<AnnotationShapeKind>('freehand');
  const [color, setColor] = useState<string>(ANNOTATION_PALETTE[5]!);
  const [draft, setDraftState] = useState<ReviewDraft>(EMPTY_DRAFT);
  const value = useMemo<ReviewState>(
    () => ({
      selected,
      select,
      mode,
      setMode,
      tool,
      setTool,
      color,
      setColor,
      draft,
      setDraft: (update) => setDraftState(update),
      clearDraft: () => {
        setDraftState(EMPTY_DRAFT);
        setMode('idle');
      },
    }),
    [selected, mode, tool, color, draft],
  );
  return <ReviewContext.Provider value={value}>{children}</ReviewContext.Provider>;
}

/** The review state, or null outside a player (the panel then works without the stage). */
export function useReview(): ReviewState | null {
  return useContext(ReviewContext);
}
