import { interpolate } from '@hookline/contract';
import { ActionIcon, Button, Text } from '@mantine/core';
import { type IconProps, IconX } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Hint } from '@/components/hint';
import { libraryTexts } from '@/config/texts/library';
import classes from './selection-bar.module.css';

const t = libraryTexts.library;

export interface SelectionBarAction {
  label: string;
  icon: ComponentType<IconProps>;
  /** The action shows when it has a handler. */
  onClick: (() => void) | undefined;
  danger?: boolean;
  /** Shown but unavailable: the reason, as its tooltip. */
  disabledReason?: string | null | undefined;
}

/**
 * The dark bar over a selection (the library's and a board's bulk bars): '{count} selected',
 * the actions in order, and clear. Nothing shows while nothing is selected.
 */
export function SelectionBar({
  count,
  actions,
  onClear,
}: {
  count: number;
  actions: SelectionBarAction[];
  onClear: () => void;
}) {
  if (count === 0) return null;
  const label = interpolate(t.selectedCount, { count });
  return (
    <div className={classes.bar} role="toolbar" aria-label={label} data-testid="bulk-bar">
      <Text size="sm" fw={500} mr="xs" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      {actions.map(({ label: name, icon: Icon, onClick, danger, disabledReason }) => {
        if (!onClick) return null;
        const button = (
          <Button
            key={name}
            size="xs"
            variant="subtle"
            color={danger ? 'red.3' : 'gray.0'}
            leftSection={<Icon size={14} />}
            // data-disabled (not disabled) keeps the tooltip's hover and focus.
            data-disabled={disabledReason ? true : undefined}
            aria-disabled={disabledReason ? true : undefined}
            onClick={disabledReason ? undefined : onClick}
          >
            {name}
          </Button>
        );
        return disabledReason ? (
          <Hint key={name} label={disabledReason}>
            {button}
          </Hint>
        ) : (
          button
        );
      })}
      <Hint label={t.clearSelection}>
        <ActionIcon variant="subtle" color="gray.0" aria-label={t.clearSelection} onClick={onClear}>
          <IconX size={16} />
        </ActionIcon>
      </Hint>
    </div>
  );
}
