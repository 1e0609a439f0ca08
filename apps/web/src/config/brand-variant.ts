import {
  type BrandVariant,
  type BrandVariantName,
  brandVariantNames,
  brandVariants,
} from '@hookline/contract';
import { type ComponentType, createContext, useContext } from 'react';
import { type BrandLogoProps, brandLogos } from './brand-logos';
import { env } from './env';

/** The product brand chosen at build time (BRAND_VARIANT), with its logo. */
export interface WebBrandVariant extends BrandVariant {
  Logo: ComponentType<BrandLogoProps>;
}

export function getBrandVariant(name: string): WebBrandVariant {
  if (!(brandVariantNames as readonly string[]).includes(name)) {
    throw new Error(`Unknown brand variant "${name}"`);
  }
  const id = name as BrandVariantName;
  return { ...brandVariants[id], Logo: brandLogos[id] };
}

/** The baked brand variant. Non-React code reads this; components use `useBrandVariant()`. */
export const brandVariant: WebBrandVariant = getBrandVariant(env.brandVariant);

/**
 * Components read the brand through this context so that one build can be looked at under
 * the other variant (tests, previews). The default value is the baked variant.
 */
export const BrandVariantContext = createContext<WebBrandVariant>(brandVariant);

export function useBrandVariant(): WebBrandVariant {
  return useContext(BrandVariantContext);
}
