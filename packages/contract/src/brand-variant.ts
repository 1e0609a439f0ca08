/**
 * Brand variants chosen at build time (000 §1): the default "Hookline" has pricing and
 * in-app chat support on; "corporate" has both off.
 */
export const brandVariantNames = ['hookline', 'corporate'] as const;
export type BrandVariantName = (typeof brandVariantNames)[number];

export interface BrandVariant {
  id: BrandVariantName;
  name: string;
  supportEmail: string;
  pricing: boolean;
  chatSupport: boolean;
  /** Accent colour for the theme (a Mantine primary colour name). */
  accentColor: string;
}

export const brandVariants: Record<BrandVariantName, BrandVariant> = {
  hookline: {
    id: 'hookline',
    name: 'Hookline',
    supportEmail: 'support@hookline.app',
    pricing: true,
    chatSupport: true,
    accentColor: 'violet',
  },
  corporate: {
    id: 'corporate',
    name: 'Hookline for Teams',
    supportEmail: 'support@hookline-teams.com',
    pricing: false,
    chatSupport: false,
    accentColor: 'blue',
  },
};
