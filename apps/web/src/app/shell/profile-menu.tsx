import { messages } from '@hookline/contract';
import { Avatar, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconApi,
  IconLifebuoy,
  IconLogout,
  type IconProps,
  IconSelector,
  IconSettings,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useBrandVariant } from '@/config/brand-variant';
import { paths } from '@/config/paths';
import { webTexts } from '@/config/texts';
import { fullName, useProfile } from '@/entities/profile';
import { useSignOut } from '@/features/auth/api/logout';
import { useLinkBuilder } from '@/lib/link-builder';
import classes from './shell.module.css';

/**
 * The profile menu at the bottom of the sidebar (000 §2: settings, sign out). Items are data
 * so that features add theirs.
 */
export interface ProfileMenuItem {
  id: string;
  label: string;
  icon: ComponentType<IconProps>;
  /** A page of the app (keeps the brand in the link) … */
  to?: string;
  /** … a link (new tab for external ones) … */
  href?: string;
  external?: boolean;
  /** … or an action. */
  onClick?: () => void;
  color?: string;
  /** Starts a new group: a divider is drawn above it. */
  group?: string;
}

export function useProfileMenuItems(): ProfileMenuItem[] {
  const brand = useBrandVariant();
  const link = useLinkBuilder();
  const signOut = useSignOut();
  return [
    {
      id: 'settings',
      label: messages.common.settings,
      icon: IconSettings,
      to: link(paths.settings.getHref()),
      group: 'account',
    },
    {
      id: 'api-docs',
      label: webTexts.shell.apiDocumentation,
      icon: IconApi,
      href: paths.apiDocs.getHref(),
      external: true,
      group: 'help',
    },
    {
      id: 'contact-support',
      label: webTexts.shell.contactSupport,
      icon: IconLifebuoy,
      href: `mailto:${brand.supportEmail}`,
      group: 'help',
    },
    {
      id: 'sign-out',
      label: messages.common.signOut,
      icon: IconLogout,
      onClick: () => signOut.mutate(),
      group: 'session',
    },
  ];
}

function MenuEntry({ item }: { item: ProfileMenuItem }) {
  const icon = <item.icon size={16} stroke={1.75} />;
  if (item.to) {
    return (
      <Menu.Item component={Link} to={item.to} leftSection={icon} color={item.color}>
        {item.label}
      </Menu.Item>
    );
  }
  if (item.href) {
    return (
      <Menu.Item
        component="a"
        href={item.href}
        target={item.external ? '_blank' : undefined}
        rel={item.external ? 'noopener noreferrer' : undefined}
        leftSection={icon}
        color={item.color}
      >
        {item.label}
      </Menu.Item>
    );
  }
  return (
    <Menu.Item onClick={item.onClick} leftSection={icon} color={item.color}>
      {item.label}
    </Menu.Item>
  );
}

export function ProfileMenu() {
  const items = useProfileMenuItems();
  const profile = useProfile();
  const name = fullName(profile) || profile.email;
  return (
    <Menu position="top-start" width="target" offset={6} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.profileButton} data-testid="profile-menu">
          <VisuallyHidden>{`${webTexts.shell.profileMenu}: `}</VisuallyHidden>
          <Avatar size={30} radius="xl" color="gray" name={name} aria-hidden />
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={500} truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {profile.email}
            </Text>
          </Stack>
          <IconSelector size={14} stroke={1.75} color="var(--mantine-color-gray-5)" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item, index) => (
          <div key={item.id}>
            {index > 0 && item.group !== items[index - 1]?.group && <Menu.Divider />}
            {item.group === 'help' && items[index - 1]?.group !== 'help' && (
              <Menu.Label>{webTexts.shell.help}</Menu.Label>
            )}
            <MenuEntry item={item} />
          </div>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
