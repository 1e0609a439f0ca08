import { HEX_COLOR_PATTERN, TEXT_LIMITS } from '@hookline/contract';
import {
  ColorPicker,
  ColorSwatch,
  Popover,
  TextInput,
  type TextInputProps,
  UnstyledButton,
} from '@mantine/core';
import { useEffect, useState } from 'react';

export interface ColorFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** The last valid colour ('#1a2b3c' or '#abc'). */
  value: string;
  /** Called with valid colours only. */
  onChange: (value: string) => void;
  /** Accessible name of the swatch button that opens the picker. */
  pickerLabel: string;
}

/** '#' and 3 or 6 hex digits (001 §5). */
export function isHexColor(value: string): boolean {
  return HEX_COLOR_PATTERN.test(value);
}

/**
 * The colour input (000 §5, 001 §5): typed as hex with '#', 3 or 6 digits, at most 10
 * characters; a value that is not a colour when the field is left reverts to the last valid
 * one. The swatch opens a picker.
 */
export function ColorField({
  value,
  onChange,
  pickerLabel,
  readOnly,
  disabled,
  onBlur,
  ...props
}: ColorFieldProps) {
  const [draft, setDraft] = useState(value);
  const [pickerOpen, setPickerOpen] = useState(false);

  // A new value from outside (reset, picker) replaces the draft.
  useEffect(() => setDraft(value), [value]);

  const shown = isHexColor(draft) ? draft : value;
  const locked = readOnly || disabled;

  return (
    <TextInput
      {...props}
      value={draft}
      maxLength={TEXT_LIMITS.colorInputMax}
      readOnly={readOnly}
      disabled={disabled}
      spellCheck={false}
      autoComplete="off"
      onChange={(event) => {
        const next = event.currentTarget.value;
        setDraft(next);
        if (isHexColor(next)) onChange(next);
      }}
      onBlur={(event) => {
        if (!isHexColor(draft)) setDraft(value);
        onBlur?.(event);
      }}
      leftSectionPointerEvents="all"
      leftSection={
        <Popover
          opened={pickerOpen}
          onChange={setPickerOpen}
          position="bottom-start"
          shadow="md"
          withinPortal
        >
          <Popover.Target>
            <UnstyledButton
              aria-label={pickerLabel}
              disabled={locked}
              onClick={() => setPickerOpen((open) => !open)}
              style={{ display: 'flex', borderRadius: 4 }}
            >
              <ColorSwatch color={shown} size={18} radius="sm" withShadow />
            </UnstyledButton>
          </Popover.Target>
          <Popover.Dropdown p="xs">
            <ColorPicker
              format="hex"
              value={shown}
              onChange={(next) => {
                setDraft(next);
                onChange(next);
              }}
            />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
