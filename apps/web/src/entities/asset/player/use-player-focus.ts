import { useEffect, useRef } from 'react';

/**
 * Moves keyboard focus into the player when it opens and back to what opened it (the card's
 * name button) when it closes. Left on the card, focus sits on a button, where Space presses
 * the button instead of playing the video; the container itself takes Space as play / pause.
 */
export function usePlayerFocus() {
  const containerRef = useRef<HTMLDivElement | null>(null);

  // Runs once per opening: previous / next keep the player mounted, and the opener stays the same.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const container = containerRef.current;
    if (container && !container.contains(opener)) container.focus({ preventScroll: true });
    return () => {
      // The card can be gone by now (deleted from the player); then focus stays where it falls.
      if (opener && opener !== document.body && opener.isConnected && !container?.contains(opener))
        opener.focus({ preventScroll: true });
    };
  }, []);

  return containerRef;
}
