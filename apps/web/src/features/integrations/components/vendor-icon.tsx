import type { IntegrationVendor } from '@hookline/contract';
import { ThemeIcon } from '@mantine/core';
import { IconBrandDropbox, IconBrandGoogleDrive } from '@tabler/icons-react';
import { MetaMark } from './meta-mark';

const COLORS: Record<IntegrationVendor, string> = {
  FACEBOOK: 'blue',
  GOOGLE_DRIVE: 'teal',
  DROPBOX: 'indigo',
};

/** A vendor's mark on a light tile. */
export function VendorIcon({ vendor, size = 40 }: { vendor: IntegrationVendor; size?: number }) {
  const glyph = Math.round(size * 0.55);
  return (
    <ThemeIcon size={size} radius="md" variant="light" color={COLORS[vendor]} aria-hidden>
      {vendor === 'FACEBOOK' ? (
        <MetaMark size={glyph} />
      ) : vendor === 'GOOGLE_DRIVE' ? (
        <IconBrandGoogleDrive size={glyph} stroke={1.75} />
      ) : (
        <IconBrandDropbox size={glyph} stroke={1.75} />
      )}
    </ThemeIcon>
  );
}
