import { Select, type SelectProps } from '@mantine/core';
import { identityTexts } from '@/config/texts/identity';
import { useIndustries } from '../api/get-industries';

export interface IndustrySelectProps
  extends Omit<SelectProps<number>, 'data' | 'value' | 'onChange' | 'searchable'> {
  value: number | null;
  onChange: (value: number | null) => void;
}

/** The industries from GET /industries (sorted by id), searchable. */
export function IndustrySelect({ value, onChange, ...props }: IndustrySelectProps) {
  const industries = useIndustries();
  return (
    <Select<number>
      {...props}
      searchable
      data={(industries.data ?? []).map((industry) => ({ value: industry.id, label: industry.name }))}
      value={value}
      onChange={(next) => onChange(next)}
      disabled={props.disabled || industries.isPending}
      nothingFoundMessage={identityTexts.brands.noIndustry}
    />
  );
}
