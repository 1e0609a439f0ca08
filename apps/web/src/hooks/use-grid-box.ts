import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of the grid and its offset inside the scrolling element, kept current on resize:
 * the number of columns follows the width, the virtual rows start at the offset.
 */
export function useGridBox(scrollRef: RefObject<HTMLElement | null>) {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 1000, offset: 0 });
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const measure = () => {
      const scroller = scrollRef.current;
      const offset = scroller
        ? node.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop
        : 0;
      const width = node.clientWidth || 1000;
      setBox((current) =>
        current.width === width && current.offset === offset ? current : { width, offset },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [scrollRef]);
  return { ref, ...box };
}
