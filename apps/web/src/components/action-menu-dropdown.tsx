import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import type { ActionMenuDropdownProps, ActionMenuEntry } from './action-menu';
import { Hint } from './hint';

/** The real menu of an ActionMenu (its own chunk: components/action-menu.tsx). */
export function ActionMenuDropdown({
  target,
  entries = [],
  content,
  keepOpenOnClick,
  position = 'bottom-end',
  width,
  offset,
  isolateClicks,
  defaultOpened,
}: ActionMenuDropdownProps) {
  return (
    <Menu
      position={position}
      width={width}
      offset={offset}
      shadow="md"
      withinPortal
      defaultOpened={defaultOpened}
      closeOnItemClick={!keepOpenOnClick}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown
        p={content ? 'sm' : undefined}
        onClick={isolateClicks ? (event) => event.stopPropagation() : undefined}
      >
        {content}
        {entries.map((entry) => (
          <Entry key={entry.key} entry={entry} />
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function Entry({ entry }: { entry: ActionMenuEntry }) {
  if (entry.kind === 'divider') return <Menu.Divider />;
  if (entry.kind === 'label') return <Menu.Label>{entry.label}</Menu.Label>;
  const blocked = Boolean(entry.blockedReason);
  const common = {
    leftSection: entry.icon,
    rightSection: entry.rightSection,
    color: entry.color,
    disabled: entry.disabled,
    'data-testid': entry.testId,
    'data-checked': entry.checked || undefined,
  };
  let item: ReactElement<Record<string, unknown>>;
  if (entry.to) {
    item = (
      <Menu.Item component={Link} to={entry.to} {...common}>
        {entry.label}
      </Menu.Item>
    );
  } else if (entry.href) {
    item = (
      <Menu.Item
        component="a"
        href={entry.href}
        target={entry.external ? '_blank' : undefined}
        rel={entry.external ? 'noopener noreferrer' : undefined}
        {...common}
      >
        {entry.label}
      </Menu.Item>
    );
  } else {
    item = (
      <Menu.Item
        {...common}
        // data-disabled (not disabled) keeps the hint's hover and the keyboard's focus.
        data-disabled={blocked || undefined}
        aria-disabled={blocked || undefined}
        closeMenuOnClick={!blocked}
        onClick={blocked ? undefined : entry.onClick}
      >
        {entry.label}
      </Menu.Item>
    );
  }
  return blocked ? <Hint label={entry.blockedReason}>{item}</Hint> : item;
}
