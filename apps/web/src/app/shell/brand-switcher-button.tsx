import { Avatar, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { identityLabels } from '@/config/texts/identity-labels';
import type { BrandItem } from '@/entities/brand';
import classes from './shell.module.css';

export function BrandAvatar({ brand, size = 28 }: { brand: BrandItem; size?: number }) {
  return (
    <Avatar src={brand.logoURL} size={size} radius="sm" color="initials" name={brand.name} alt="" aria-hidden>
      {brand.name.charAt(0).toUpperCase()}
    </Avatar>
  );
}

/** The switcher's button: the active brand, which opens the list of brands. */
export function BrandSwitcherButton({
  active,
  ref,
  ...rest
}: { active: BrandItem; ref?: Ref<HTMLButtonElement> } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <UnstyledButton
      ref={ref}
      {...rest}
      className={classes.brandSwitcher}
      data-interactive
      data-testid="brand-switcher"
    >
      <VisuallyHidden>{`${identityLabels.brandSwitcher}: `}</VisuallyHidden>
      <BrandAvatar brand={active} />
      <Text size="sm" fw={600} truncate className={classes.brandSwitcherName} data-testid="active-brand-name">
        {active.name}
      </Text>
      <IconSelector size={14} stroke={1.75} color="var(--mantine-color-gray-5)" />
    </UnstyledButton>
  );
}
