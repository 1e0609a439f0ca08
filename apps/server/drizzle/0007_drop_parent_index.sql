-- Child counts, subfolder checks and page counts now look up (brand, parent, library) in the
-- listing indexes (index-only), so the parent-only index is no longer needed.
DROP INDEX "assets_parent_idx";