/**
 * The Meta mark, drawn here rather than taken from the icon set: both integration pages show
 * it, and an icon that two lazily loaded pages share joins the first load's UI chunk.
 */
export function MetaMark({ size }: { size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d="M12 10.174c1.766-2.784 3.315-4.174 4.648-4.174 2 0 3.263 2.213 4 5.217.704 2.869.5 6.783-2 6.783-1.114 0-2.648-1.565-4.148-3.652a27.627 27.627 0 0 1-2.5-4.174" />
      <path d="M12 10.174c-1.766-2.784-3.315-4.174-4.648-4.174-2 0-3.263 2.213-4 5.217-.704 2.869-.5 6.783 2 6.783 1.114 0 2.648-1.565 4.148-3.652 1-1.391 1.833-2.783 2.5-4.174" />
    </svg>
  );
}
