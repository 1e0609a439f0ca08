import classes from './player.module.css';

/** A plain-text document as it is: monospace, wrapped, scrolling inside the sheet. */
export function TextPreview({ text, label }: { text: string; label: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region is reachable by keyboard.
    <section className={classes.sheetBody} tabIndex={0} aria-label={label}>
      <pre className={classes.text} data-testid="text-preview">
        {text}
      </pre>
    </section>
  );
}
