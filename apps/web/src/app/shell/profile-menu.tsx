import { commonMessages } from '@hookline/contract';
import { Avatar, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import { ActionMenu, type ActionMenuEntry, type MenuIconName } from '@/components/action-menu';
import { useBrandVariant } from '@/config/brand-variant';
import { paths } from '@/config/paths';
import { appTexts } from '@/config/texts/app';
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
  icon: MenuIconName;
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
      label: commonMessages.settings,
      icon: 'settings',
      to: link(paths.settings.getHref()),
      group: 'account',
    },
    {
      id: 'api-docs',
      label: appTexts.shell.apiDocumentation,
      icon: 'api',
      href: paths.apiDocs.getHref(),
      external: true,
      group: 'help',
    },
    {
      id: 'contact-support',
      label: appTexts.shell.contactSupport,
      icon: 'support',
      href: `mailto:${brand.supportEmail}`,
      group: 'help',
    },
    {
      id: 'sign-out',
      label: commonMessages.signOut,
      icon: 'signOut',
      onClick: () => signOut.mutate(),
      group: 'session',
    },
  ];
}

/** The items as menu entries: a divider between groups, a label above the help group. */
function toEntries(items: ProfileMenuItem[]): ActionMenuEntry[] {
  return items.flatMap((item, index): ActionMenuEntry[] => {
    const previous = items[index - 1];
    return [
      ...(index > 0 && item.group !== previous?.group
        ? [{ kind: 'divider' as const, key: `divider-${item.id}` }]
        : []),
      ...(item.group === 'help' && previous?.group !== 'help'
        ? [{ kind: 'label' as const, key: 'help', label: appTexts.shell.help }]
        : []),
      {
        key: item.id,
        label: item.label,
        icon: item.icon,
        color: item.color,
        to: item.to,
        href: item.href,
        external: item.external,
        onClick: item.onClick,
      },
    ];
  });
}

export function ProfileMenu() {
  const items = useProfileMenuItems();
  const profile = useProfile();
  const name = fullName(profile) || profile.email;
  return (
    <ActionMenu
      position="top-start"
      width="target"
      offset={6}
      entries={toEntries(items)}
      target={
        <UnstyledButton className={classes.profileButton} data-testid="profile-menu">
          <VisuallyHidden>{`${appTexts.shell.profileMenu}: `}</VisuallyHidden>
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
      }
    />
  );
}
