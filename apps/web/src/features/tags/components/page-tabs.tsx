import { Tabs } from '@mantine/core';
import { customFieldsTexts } from '@/config/texts/custom-fields';
import { tagsLabels } from '@/config/texts/tags-labels';
import classes from './tags.module.css';

export type TagsPageTab = 'tags' | 'fields';

/** The /tags page's tabs (issue 11): Tags and Custom fields, under the page's header. */
export function PageTabs() {
  return (
    <Tabs.List className={classes.tabList}>
      <Tabs.Tab value="tags">{tagsLabels.pageTitle}</Tabs.Tab>
      <Tabs.Tab value="fields">{customFieldsTexts.customFields.tab}</Tabs.Tab>
    </Tabs.List>
  );
}
