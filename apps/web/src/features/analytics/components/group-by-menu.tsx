import {
  type AnalyticsGroupBy,
  analyticsCreativeFields,
  interpolate,
  namingFieldTitle,
  namingKey,
} from '@hookline/contract';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLayoutList } from '@tabler/icons-react';
import { analyticsTexts as t } from '@/config/texts/analytics';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useNamingConvention } from '@/entities/naming-convention/api';
import { useTagCategories } from '@/entities/tag/api';
import { useFeatureFlag } from '@/lib/feature-flags';
import type { GroupByState } from '../analytics-state';
import classes from './analytics.module.css';

/**
 * The group-by menu (001 §2): none, a creative-info field (behind mediaCreativeFields), a tag
 * category that has tags, a field of the brand's naming convention, or dynamic name groups (the
 * modal). A grouping by a category that
 * has lost its tags is dropped by the page.
 */
export function GroupByMenu({
  scope,
  value,
  onChange,
  onDynamic,
}: {
  scope: BrandScope;
  value: GroupByState | undefined;
  onChange: (value: GroupByState | undefined) => void;
  onDynamic: () => void;
}) {
  const creative = useFeatureFlag('mediaCreativeFields');
  const categories = useTagCategories(scope, true);
  const withTags = (categories.data ?? []).filter((category) => category.tagsCount > 0);
  const naming = useNamingConvention(scope).data?.fields ?? [];
  const check = (id: string) => (value?.id === id ? <IconCheck size={14} /> : null);

  return (
    <Menu position="bottom-start" withinPortal shadow="md" width={240}>
      <Menu.Target>
        <Button
          className={classes.groupBy}
          variant={value ? 'light' : 'default'}
          size="sm"
          title={value ? interpolate(t.groupByLabel, { label: value.label }) : undefined}
          leftSection={<IconLayoutList size={14} />}
          rightSection={<IconChevronDown size={14} />}
          data-testid="analytics-group-by"
        >
          {value ? interpolate(t.groupByLabel, { label: value.label }) : t.groupBy}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={420} style={{ overflowY: 'auto' }}>
        <Menu.Item rightSection={value ? null : <IconCheck size={14} />} onClick={() => onChange(undefined)}>
          {t.groupByNone}
        </Menu.Item>
        {creative && (
          <>
            <Menu.Label>{t.groupCreative}</Menu.Label>
            {analyticsCreativeFields.map((field) => (
              <Menu.Item
                key={field}
                rightSection={check(field)}
                onClick={() => onChange({ id: field, label: t.creativeFields[field] })}
                data-testid={`group-by-${field}`}
              >
                {t.creativeFields[field]}
              </Menu.Item>
            ))}
          </>
        )}
        {withTags.length > 0 && <Menu.Label>{t.groupTags}</Menu.Label>}
        {withTags.map((category) => (
          <Menu.Item
            key={category.id}
            rightSection={check(`tagCategory:${category.id}`)}
            onClick={() => onChange({ id: `tagCategory:${category.id}`, label: category.name })}
            data-testid="group-by-category"
          >
            {category.name}
          </Menu.Item>
        ))}
        {naming.length > 0 && <Menu.Label>{t.groupNaming}</Menu.Label>}
        {naming.map((field) => {
          const id = `naming:${namingKey(field)}` as AnalyticsGroupBy;
          return (
            <Menu.Item
              key={id}
              rightSection={check(id)}
              onClick={() => onChange({ id, label: namingFieldTitle(field) })}
              data-testid="group-by-naming"
            >
              {namingFieldTitle(field)}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Item
          rightSection={check('dynamicAdNameGroups')}
          onClick={onDynamic}
          data-testid="group-by-dynamic"
        >
          {t.groupDynamic}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
