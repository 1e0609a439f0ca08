import { randomId } from '@mantine/hooks';
import { modals } from '@mantine/modals';

type OpenPayload = Parameters<typeof modals.open>[0];
type ConfirmPayload = Parameters<typeof modals.openConfirmModal>[0];
type Request = { kind: 'open'; payload: OpenPayload } | { kind: 'confirm'; payload: ConfirmPayload };

/**
 * Dialogs opened through Mantine's modals manager. The manager listens in a provider whose
 * code (the modal, its overlay, focus trap and scroll lock) is no part of the first load
 * (issue #20): the app mounts it when the browser is idle, or at the first request
 * (app/providers.tsx). A request made before then waits here and opens once it is mounted.
 */
const waiting: Request[] = [];
let hostMounted = false;
const listeners = new Set<() => void>();

function send(request: Request): string {
  const modalId = request.payload.modalId ?? randomId();
  const payload = { ...request.payload, modalId };
  if (hostMounted) {
    if (request.kind === 'open') modals.open(payload);
    else modals.openConfirmModal(payload);
  } else {
    waiting.push({ ...request, payload } as Request);
    for (const listener of listeners) listener();
  }
  return modalId;
}

export const appModals = {
  /** Opens a dialog; returns its id for `close`. */
  open: (payload: OpenPayload): string => send({ kind: 'open', payload }),
  openConfirmModal: (payload: ConfirmPayload): string => send({ kind: 'confirm', payload }),
  close: (modalId: string): void => {
    const index = waiting.findIndex((request) => request.payload.modalId === modalId);
    if (index >= 0) waiting.splice(index, 1);
    else modals.close(modalId);
  },
};

/** A request waits for the host. */
export const modalsHostWanted = (): boolean => waiting.length > 0;

export function subscribeModalRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the host once its listeners are in place: opens what waited; returns its unmount. */
export function modalsHostMounted(): () => void {
  hostMounted = true;
  for (const request of waiting.splice(0)) send(request);
  return () => {
    hostMounted = false;
  };
}
