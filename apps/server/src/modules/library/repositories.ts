import type { Database } from '../../platform/db/client.js';
import { FavoritesRepository } from './favorites-repository.js';
import { ItemRows } from './item-query.js';
import { LibraryRepository } from './repository.js';
import { SubtreeRepository } from './subtree-repository.js';

/**
 * The library's repositories, built together: the items' and the favorites' lists share one
 * ItemRows, so a feature module's column (LibraryItems.extend) reaches both.
 */
export interface LibraryRepositories {
  /** The item rows' columns, extensions included. */
  itemRows: ItemRows;
  /** Items one by one or a page at a time. */
  items: LibraryRepository;
  /** Whole subtrees: size, rows, moves, deletes, hiding. */
  subtrees: SubtreeRepository;
  /** The users' stars. */
  favorites: FavoritesRepository;
}

export function libraryRepositories(database: Database): LibraryRepositories {
  const itemRows = new ItemRows();
  return {
    itemRows,
    items: new LibraryRepository(database, itemRows),
    subtrees: new SubtreeRepository(database),
    favorites: new FavoritesRepository(database, itemRows),
  };
}
