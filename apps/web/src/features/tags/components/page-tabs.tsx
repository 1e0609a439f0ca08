import { Tabs } from '@mantine/core';
import { webTexts } from '@/config/texts';
import classes from './tags.module.css';

export type TagsPageTab = 'tags' | 'fields';

/** The /tags page's tabs (issue 11): Tags and Custom fields, under the page's header. */
export function PageTabs() {
  return (
    <Tabs.List className={classes.tabList}>
      <Tabs.Tab value="tags">{webTexts.tagsPage.title}</Tabs.Tab>
      <Tabs.Tab value="fields">{webTexts.customFields.tab}</Tabs.Tab>
    </Tabs.List>
  );
}
