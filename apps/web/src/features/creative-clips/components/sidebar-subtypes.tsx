import { CREATIVE_CLIP_LIMITS, type CreativeClipType } from '@hookline/contract';
import { Loader, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import rows from '@/components/sidebar-list.module.css';
import { creativeClipsTexts as t } from '@/config/texts/creative-clips';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useIntelligenceTypes, useMoreSubtypes } from '../api/creative-clips';
import { clipsLink } from '../clip-utils';
import classes from './sidebar-subtypes.module.css';

/**
 * An expanded sidebar type's subtypes (000 §7, 001 §9): the brand's 5 most used (one
 * video-intelligence-types call shared by every expanded type), then 20 more per 'Show more'
 * (scene subtype search with an offset). Each opens the clips of the type and subtype.
 */
export function SidebarSubtypes({
  scope,
  type,
  openSubtype,
}: {
  scope: BrandScope;
  type: CreativeClipType;
  openSubtype: string | undefined;
}) {
  const location = useLocation();
  const types = useIntelligenceTypes(scope, true);
  const [more, setMore] = useState(false);
  const extra = useMoreSubtypes(scope, type, more);
  const first = types.data?.find((entry) => entry.type === type)?.subtypes;
  const subtypes = useMemo(() => {
    const further = extra.data?.pages.flatMap((page) => page.items.map((item) => item.subtype)) ?? [];
    return [...new Set([...(first ?? []), ...further])];
  }, [first, extra.data]);

  if (types.isPending) return <Loader size="xs" ml={50} my={6} />;
  if (types.isError || extra.isError)
    return (
      <div className={classes.note} role="alert">
        {t.subtypesFailed}{' '}
        <UnstyledButton
          className={classes.more}
          style={{ padding: 0, height: 'auto' }}
          onClick={() => void (types.isError ? types.refetch() : extra.refetch())}
        >
          {t.retry}
        </UnstyledButton>
      </div>
    );
  if (subtypes.length === 0) return <div className={classes.note}>{t.noSubtypes}</div>;
  // The first answer gives at most 5: a full 5 may have more; after that the total says.
  const hasMore = more ? extra.hasNextPage : (first?.length ?? 0) >= CREATIVE_CLIP_LIMITS.subtypesFirstPage;
  return (
    <div className={classes.list} data-testid={`sidebar-subtypes-${type}`}>
      {subtypes.map((subtype) => (
        <Link
          key={subtype}
          to={clipsLink(location.search, type, subtype)}
          className={`${rows.row} ${classes.sub}`}
          aria-current={openSubtype === subtype ? 'page' : undefined}
          title={subtype}
        >
          {subtype}
        </Link>
      ))}
      {(hasMore || extra.isFetching) && (
        <UnstyledButton
          className={classes.more}
          disabled={extra.isFetching}
          onClick={() => {
            if (!more) setMore(true);
            else void extra.fetchNextPage();
          }}
        >
          {extra.isFetching ? <Loader size={12} /> : t.showMore}
        </UnstyledButton>
      )}
    </div>
  );
}
