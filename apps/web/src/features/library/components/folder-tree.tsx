import { interpolate, ROOT_FOLDER_ID } from '@hookline/contract';
import { ActionIcon, Loader } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFolderFilled } from '@tabler/icons-react';
import { createContext, memo, useContext, useMemo, useState } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { libraryTexts } from '@/config/texts/library';
import { useAssetDetail } from '@/entities/asset/api/get-asset-detail';
import type { BrandScope, FolderTreeNode } from '@/entities/asset/api/keys';
import { useActiveBrand } from '@/entities/brand';
import { buildLink } from '@/lib/link-builder';
import assetClasses from '../../../entities/asset/components/asset.module.css';
import { useFolderTree } from '../api/get-folder-tree';
import { folderHref } from '../utils/links';
import classes from './library.module.css';

const t = libraryTexts.library;
const INDENT_PX = 14;
const ExpandedContext = createContext<ReadonlySet<string>>(new Set());

/** The sidebar's folder tree: one level at a time, children load when a node opens. */
export function SidebarFolderTree() {
  const brand = useActiveBrand();
  const scope = useMemo<BrandScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  const location = useLocation();
  const match = matchPath(paths.library.path, location.pathname);
  const activeId = match?.params.folderId ?? (match ? ROOT_FOLDER_ID : null);
  // The open folder's ancestors start expanded (the detail is the page's breadcrumbs query).
  const active = useAssetDetail(scope, activeId && activeId !== ROOT_FOLDER_ID ? activeId : null);
  const expanded = useMemo(() => new Set(active.data?.ancestors.map((a) => a.id) ?? []), [active.data]);
  return (
    <div data-testid="folder-tree">
      <ExpandedContext.Provider value={expanded}>
        <TreeLevel
          scope={scope}
          parentId={ROOT_FOLDER_ID}
          depth={1}
          activeId={activeId}
          search={location.search}
        />
      </ExpandedContext.Provider>
    </div>
  );
}

/** Levels and nodes are memoised: opening a file re-renders none of them (issue 20). */
const TreeLevel = memo(function TreeLevel({
  scope,
  parentId,
  depth,
  activeId,
  search,
}: {
  scope: BrandScope;
  parentId: string;
  depth: number;
  activeId: string | null;
  search: string;
}) {
  const level = useFolderTree(scope, parentId);
  if (level.isPending) return <Loader size={12} ml={depth * INDENT_PX + 8} my={4} />;
  if (level.isError) return null;
  return (
    <>
      {level.data.map((node) => (
        <TreeNode key={node.id} scope={scope} node={node} depth={depth} activeId={activeId} search={search} />
      ))}
    </>
  );
});

const TreeNode = memo(function TreeNode({
  scope,
  node,
  depth,
  activeId,
  search,
}: {
  scope: BrandScope;
  node: FolderTreeNode;
  depth: number;
  activeId: string | null;
  search: string;
}) {
  const expanded = useContext(ExpandedContext);
  const [toggled, setOpen] = useState<boolean | null>(null);
  const open = toggled ?? expanded.has(node.id);
  const active = activeId === node.id;
  const label = interpolate(open ? t.collapseFolder : t.expandFolder, { name: node.name });
  return (
    <>
      <div
        className={classes.treeRow}
        style={{ paddingLeft: depth * INDENT_PX }}
        data-active={active || undefined}
        data-testid="folder-tree-node"
      >
        <span className={classes.treeToggle}>
          {node.hasSubfolders && (
            <ActionIcon
              size={18}
              variant="subtle"
              color="gray"
              aria-label={label}
              onClick={() => setOpen(!open)}
            >
              {open ? <IconChevronDown size={12} /> : <IconChevronRight size={12} />}
            </ActionIcon>
          )}
        </span>
        <Link
          to={buildLink(folderHref(node.id), { isShared: null, shareToken: null }, search)}
          className={classes.treeLink}
          aria-current={active ? 'page' : undefined}
        >
          <IconFolderFilled size={14} className={assetClasses.folderIcon} aria-hidden />
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{node.name}</span>
        </Link>
      </div>
      {open && (
        <TreeLevel scope={scope} parentId={node.id} depth={depth + 1} activeId={activeId} search={search} />
      )}
    </>
  );
});
