import { interpolate } from '@hookline/contract';
import { Pill, PillsInput } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { identityTexts } from '@/config/texts/identity';
import {
  addGuideline,
  GUIDELINE_MAX_LENGTH,
  type GuidelineDraft,
  removeGuideline,
} from '../utils/brand-forms';

const t = identityTexts.brandSettings;

export interface ValuePropositionsInputProps {
  value: GuidelineDraft[];
  onChange: (value: GuidelineDraft[]) => void;
  readOnly?: boolean;
  label: string;
}

/**
 * Value propositions as tags (001 §5): Enter adds one (a new entry gets a negative temporary
 * id); removing an unsaved one drops it, removing a saved one marks it isDeleted (hidden).
 */
export function ValuePropositionsInput({ value, onChange, readOnly, label }: ValuePropositionsInputProps) {
  const [draft, setDraft] = useState('');
  const shown = value.filter((g) => !g.isDeleted);

  const commit = () => {
    if (!draft.trim()) return;
    onChange(addGuideline(value, draft));
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && draft === '' && shown.length > 0) {
      const last = shown[shown.length - 1];
      if (last) onChange(removeGuideline(value, last.id));
    }
  };

  return (
    <PillsInput label={label} data-testid="value-propositions" disabled={readOnly}>
      <Pill.Group>
        {shown.map((g) => (
          <Pill
            key={g.id}
            withRemoveButton={!readOnly}
            onRemove={() => onChange(removeGuideline(value, g.id))}
            // Mantine hides the remove button from keyboards and screen readers; it is the way to delete one.
            removeButtonProps={{
              'aria-label': interpolate(t.removeValueProposition, { text: g.text }),
              'aria-hidden': false,
              tabIndex: 0,
            }}
            title={g.text}
            maw="100%"
          >
            {g.text}
          </Pill>
        ))}
        {!readOnly && (
          <PillsInput.Field
            value={draft}
            maxLength={GUIDELINE_MAX_LENGTH}
            placeholder={t.valuePropositionPlaceholder}
            aria-label={label}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            onBlur={commit}
          />
        )}
      </Pill.Group>
    </PillsInput>
  );
}
