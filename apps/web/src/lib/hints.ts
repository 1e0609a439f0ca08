import classes from './hints.module.css';

/** As the theme's tooltips did: a resting pointer, not a passing one, asks for the label. */
const OPEN_DELAY_MS = 400;
const GAP_PX = 8;
const EDGE_PX = 4;

/**
 * The one hint layer (components/hint.tsx): elements carry `data-hint`; pointer and keyboard
 * focus events on the document show it in a single fixed element above (or below, where there
 * is no room) the element, linked by aria-describedby while shown. Returns what uninstalls it.
 */
export function installHints(doc: Document = document): () => void {
  let bubble: HTMLDivElement | null = null;
  let current: HTMLElement | null = null;
  let timer: number | undefined;
  let watch: number | undefined;
  const win = doc.defaultView ?? window;

  const hintOf = (target: EventTarget | null): HTMLElement | null =>
    target instanceof win.Element ? (target.closest('[data-hint]') as HTMLElement | null) : null;

  const hide = () => {
    win.clearTimeout(timer);
    win.clearInterval(watch);
    timer = undefined;
    if (current && bubble && current.getAttribute('aria-describedby') === bubble.id)
      current.removeAttribute('aria-describedby');
    current = null;
    if (bubble) bubble.hidden = true;
  };

  const show = (element: HTMLElement) => {
    const label = element.dataset.hint;
    if (!label || !element.isConnected) return;
    if (!bubble) {
      bubble = doc.createElement('div');
      bubble.id = 'app-hint';
      bubble.role = 'tooltip';
      bubble.className = classes.hint as string;
      doc.body.append(bubble);
    }
    bubble.textContent = label;
    bubble.toggleAttribute('data-multiline', element.hasAttribute('data-hint-multiline'));
    bubble.hidden = false;
    if (!element.hasAttribute('aria-describedby')) element.setAttribute('aria-describedby', bubble.id);
    place(element, bubble, win);
    // The element may leave the page while its hint shows (a row removed, a dialog closed).
    win.clearInterval(watch);
    watch = win.setInterval(() => {
      if (!element.isConnected) hide();
    }, 250);
  };

  const request = (element: HTMLElement, delay: number) => {
    if (element === current) return;
    hide();
    current = element;
    if (delay === 0) show(element);
    else timer = win.setTimeout(() => show(element), delay);
  };

  const onPointerOver = (event: Event) => {
    const element = hintOf(event.target);
    if (element) request(element, OPEN_DELAY_MS);
  };
  const onPointerOut = (event: Event) => {
    const to = (event as PointerEvent).relatedTarget;
    if (current && !(to instanceof win.Node && current.contains(to))) hide();
  };
  const onFocusIn = (event: Event) => {
    const element = hintOf(event.target);
    // Keyboard focus only: a click focuses too, and the pointer's own delay applies to it.
    if (element && element === event.target && element.matches(':focus-visible')) request(element, 0);
  };
  // A press hides the hint, except on an unavailable control: its hint says why.
  const onPointerDown = (event: Event) => {
    const element = hintOf(event.target);
    if (element?.getAttribute('aria-disabled') === 'true') {
      if (element !== current || bubble?.hidden !== false) {
        hide();
        current = element;
        show(element);
      }
    } else hide();
  };
  const onKeyDown = (event: Event) => {
    if ((event as KeyboardEvent).key === 'Escape') hide();
  };

  const listeners: [string, (event: Event) => void, boolean][] = [
    ['pointerover', onPointerOver, false],
    ['pointerout', onPointerOut, false],
    ['focusin', onFocusIn, false],
    ['focusout', hide, false],
    ['pointerdown', onPointerDown, true],
    ['keydown', onKeyDown, true],
    ['scroll', hide, true],
  ];
  for (const [type, listener, capture] of listeners) doc.addEventListener(type, listener, capture);
  return () => {
    hide();
    for (const [type, listener, capture] of listeners) doc.removeEventListener(type, listener, capture);
    bubble?.remove();
  };
}

/** Above the element, centred, kept inside the window; below it when there is no room above. */
function place(element: HTMLElement, bubble: HTMLElement, win: Window) {
  const anchor = element.getBoundingClientRect();
  const size = bubble.getBoundingClientRect();
  const above = anchor.top - size.height - GAP_PX;
  const below = above < EDGE_PX;
  const top = below ? anchor.bottom + GAP_PX : above;
  const centre = anchor.left + anchor.width / 2;
  const maxLeft = win.innerWidth - size.width - EDGE_PX;
  const left = Math.max(EDGE_PX, Math.min(centre - size.width / 2, maxLeft));
  bubble.style.top = `${Math.round(top)}px`;
  bubble.style.left = `${Math.round(left)}px`;
  bubble.style.setProperty('--hint-arrow-x', `${Math.round(centre - left)}px`);
  bubble.toggleAttribute('data-below', below);
}
