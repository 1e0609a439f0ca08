import { type ReactElement, useCallback, useEffect, useRef, useState } from 'react';
import { type Blocker, type BlockerFunction, useBlocker } from 'react-router';
import { UnsavedChangesDialog } from '@/components/unsaved-changes-dialog';

export interface LeaveGuardOptions {
  /** The page has unsaved edits: leaving it asks first. */
  when: boolean;
  /** Saves the edits; navigation goes on when it resolves and stays when it throws. */
  onSave?: () => unknown;
  /** Called before leaving without saving (e.g. to reset a draft). */
  onDiscard?: () => void;
  hideDiscard?: boolean;
  hideStay?: boolean;
  hideSave?: boolean;
  /**
   * Which navigations count as leaving the page. Default: a change of path (a page that
   * changes only its own query, like a filter, is not left).
   */
  shouldBlock?: BlockerFunction;
}

export interface LeaveGuard {
  blocker: Blocker;
  /** Render this once in the page. */
  dialog: ReactElement;
}

const leavesPage: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname;

/**
 * The leave guard (000 §2): navigation away from a page with unsaved edits opens the
 * unsaved-changes dialog; closing or reloading the tab asks the browser's own question.
 */
export function useLeaveGuard({
  when,
  onSave,
  onDiscard,
  hideDiscard,
  hideStay,
  hideSave,
  shouldBlock = leavesPage,
}: LeaveGuardOptions): LeaveGuard {
  const blocker = useBlocker(
    useCallback<BlockerFunction>((args) => when && shouldBlock(args), [when, shouldBlock]),
  );
  const [saving, setSaving] = useState(false);
  // A save from the dialog makes the page clean before it proceeds: keep the navigation blocked until then.
  const savingRef = useRef(false);

  useEffect(() => {
    if (blocker.state === 'blocked' && !when && !savingRef.current) blocker.reset();
  }, [blocker, when]);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const discard = () => {
    onDiscard?.();
    blocker.proceed?.();
  };
  const stay = () => blocker.reset?.();
  const save = async () => {
    setSaving(true);
    savingRef.current = true;
    try {
      await onSave?.();
      blocker.proceed?.();
    } catch {
      // The save reported its own error; the user stays with the edits.
      blocker.reset?.();
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  const dialog = (
    <UnsavedChangesDialog
      opened={blocker.state === 'blocked'}
      onDiscard={discard}
      onStay={stay}
      onSave={onSave ? () => void save() : undefined}
      saving={saving}
      hideDiscard={hideDiscard}
      hideStay={hideStay}
      hideSave={hideSave}
    />
  );

  return { blocker, dialog };
}

/** Component form of the leave guard: `<LeaveGuard when={isDirty} onSave={save} />`. */
export function LeaveGuard(props: LeaveGuardOptions) {
  return useLeaveGuard(props).dialog;
}
