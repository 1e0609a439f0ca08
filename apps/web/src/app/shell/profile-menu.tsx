import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconApi, IconLifebuoy, type IconProps, IconSelector, IconUser } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useBrandVariant } from '@/config/brand-variant';
import { paths } from '@/config/paths';
import { webTexts } from '@/config/texts';
import classes from './shell.module.css';

/**
 * The profile menu at the bottom of the sidebar. Items are data so that features add theirs
 * (settings and sign-out arrive with the identity work).
 */
export interface ProfileMenuItem {
  id: string;
  label: string;
  icon: ComponentType<IconProps>;
  /** A link (new tab for external ones) … */
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
  return [
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
  ];
}

function MenuEntry({ item }: { item: ProfileMenuItem }) {
  const icon = <item.icon size={16} stroke={1.75} />;
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
  return (
    <Menu position="top-start" width="target" offset={6} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.profileButton} title={webTexts.shell.profileMenu}>
          <Avatar size={28} radius="xl" color="gray" variant="light">
            <IconUser size={16} stroke={1.75} />
          </Avatar>
          <Text size="sm" fw={500} style={{ flex: 1 }} truncate>
            {webTexts.shell.help}
          </Text>
          <IconSelector size={14} stroke={1.75} color="var(--mantine-color-gray-5)" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item, index) => (
          <div key={item.id}>
            {index > 0 && item.group !== items[index - 1]?.group && <Menu.Divider />}
            <MenuEntry item={item} />
          </div>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
