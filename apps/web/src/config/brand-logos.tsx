import type { BrandVariantName } from '@hookline/contract';
import type { ComponentType } from 'react';
import { type BrandMark, brandMarks } from './brand-marks';

export interface BrandLogoProps {
  /** Square size in px. */
  size?: number;
  /** Decorative by default: the brand name is written next to it. */
  title?: string;
}

function BrandMarkSvg({ mark, size = 24, title }: BrandLogoProps & { mark: BrandMark }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      style={{ flexShrink: 0, display: 'block' }}
    >
      <rect width="24" height="24" rx="6" fill="var(--mantine-primary-color-filled)" />
      {mark.strokes.map((d) => (
        <path
          key={d}
          d={d}
          fill="none"
          stroke="#fff"
          strokeWidth={2.2}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ))}
      {mark.fills.map((d) => (
        <path key={d} d={d} fill="#fff" />
      ))}
    </svg>
  );
}

/** Hookline: a fish hook on the accent tile. */
export function HooklineLogo(props: BrandLogoProps) {
  return <BrandMarkSvg mark={brandMarks.hookline} {...props} />;
}

/** Hookline for Teams: a library grid on the accent tile. */
export function CorporateLogo(props: BrandLogoProps) {
  return <BrandMarkSvg mark={brandMarks.corporate} {...props} />;
}

export const brandLogos: Record<BrandVariantName, ComponentType<BrandLogoProps>> = {
  hookline: HooklineLogo,
  corporate: CorporateLogo,
};
