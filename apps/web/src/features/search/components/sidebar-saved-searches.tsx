import { interpolate, type SavedSearch } from '@hookline/contract';
import { ActionIcon } from '@mantine/core';
import { IconDots, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { ActionMenu, presentEntries } from '@/components/action-menu';
import rows from '@/components/sidebar-list.module.css';
import { paths } from '@/config/paths';
import { searchTexts } from '@/config/texts/search';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useActiveBrand } from '@/entities/brand';
import { isApiError } from '@/lib/api-client';
import { appModals } from '@/lib/app-modals';
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from '../api/saved-searches';
import { savedSearchHref } from '../search-state';
import { SaveSearchDialog } from './save-search-dialog';
import classes from './sidebar-saved-searches.module.css';

const t = searchTexts.saved;

/**
 * The sidebar's saved searches under 'Search' (issue 16): the caller's own and the brand's
 * shared ones by name; each opens /search with its keyword, filters and sort. Their owner
 * (and, for shared ones, admins) renames, shares or deletes them from the row's menu.
 * Nothing shows while they load or when there are none.
 */
export function SidebarSavedSearches() {
  const brand = useActiveBrand();
  const scope = useMemo<BrandScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  const location = useLocation();
  const saved = useSavedSearches(scope);
  const update = useUpdateSavedSearch(scope);
  const remove = useDeleteSavedSearch(scope);
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  const onSearch = matchPath(paths.search.path, location.pathname) !== null;
  const openId = onSearch ? new URLSearchParams(location.search).get('saved') : null;
  if (!saved.data || saved.data.length === 0) return null;

  const confirmDelete = (search: SavedSearch) =>
    appModals.openConfirmModal({
      title: t.deleteTitle,
      children: interpolate(t.deleteText, { name: search.name }),
      labels: { confirm: t.delete, cancel: t.cancel },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-saved-search' },
      onConfirm: () => remove.mutate(search.id),
    });

  return (
    <div className={classes.list} data-testid="sidebar-saved-searches">
      {saved.data.map((search) => {
        const owner = search.createdBy
          ? `${search.createdBy.firstName} ${search.createdBy.lastName}`.trim()
          : '';
        const entries = search.canEdit
          ? presentEntries([
              { key: 'rename', icon: 'rename', label: t.rename, onClick: () => setRenaming(search) },
              {
                key: 'share',
                icon: search.shared ? 'unshare' : 'share',
                label: search.shared ? t.unshareEntry : t.shareEntry,
                onClick: () => update.mutate({ id: search.id, body: { shared: !search.shared } }),
              },
              {
                key: 'delete',
                icon: 'delete',
                color: 'red',
                label: t.delete,
                onClick: () => confirmDelete(search),
              },
            ])
          : [];
        return (
          <div key={search.id} className={rows.item} data-testid="saved-search-row">
            <Link
              to={savedSearchHref(search, location.search)}
              className={rows.row}
              aria-current={openId === search.id ? 'page' : undefined}
              title={
                search.canEdit || !owner
                  ? search.name
                  : `${search.name} · ${interpolate(t.sharedBy, { name: owner })}`
              }
            >
              <span className={classes.name}>{search.name}</span>
              {search.shared && (
                <IconUsers size={12} className={classes.shared} aria-label={t.shared} role="img" />
              )}
            </Link>
            {entries.length > 0 && (
              <ActionMenu
                width={190}
                entries={entries}
                target={
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    className={classes.menu}
                    aria-label={interpolate(t.actions, { name: search.name })}
                  >
                    <IconDots size={14} />
                  </ActionIcon>
                }
              />
            )}
          </div>
        );
      })}
      <SaveSearchDialog
        opened={renaming !== null}
        title={t.renameTitle}
        initialName={renaming?.name ?? ''}
        withShare={false}
        pending={update.isPending}
        error={isApiError(update.error) ? update.error.body?.message : null}
        onClose={() => {
          update.reset();
          setRenaming(null);
        }}
        onSubmit={({ name }) =>
          renaming &&
          update.mutate({ id: renaming.id, body: { name } }, { onSuccess: () => setRenaming(null) })
        }
      />
    </div>
  );
}
