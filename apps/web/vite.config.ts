import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type BrandVariantName, brandVariantNames, brandVariants } from '@hookline/contract';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { brandMarkSvg, brandMarks } from './src/config/brand-marks.ts';

/** Mantine shade 6 of the accent colours the brand variants use (for the favicon only). */
const ACCENT_HEX: Record<string, string> = {
  violet: '#7950f2',
  blue: '#228be6',
  indigo: '#4c6ef5',
  teal: '#12b886',
  grape: '#be4bdb',
};

/** The brand variant is chosen at build time (000 §1): BRAND_VARIANT=hookline|corporate. */
export function resolveBuildBrandVariant(value: string | undefined): BrandVariantName {
  const name = value?.trim() || 'hookline';
  if (!(brandVariantNames as readonly string[]).includes(name)) {
    throw new Error(
      `Invalid BRAND_VARIANT "${name}". Expected one of: ${brandVariantNames.join(', ')} (default: hookline).`,
    );
  }
  return name as BrandVariantName;
}

function brandHtml(variant: BrandVariantName): Plugin {
  const brand = brandVariants[variant];
  const favicon = `data:image/svg+xml,${encodeURIComponent(
    brandMarkSvg(brandMarks[variant], ACCENT_HEX[brand.accentColor] ?? '#495057'),
  )}`;
  return {
    name: 'hookline-brand-html',
    transformIndexHtml: (html) =>
      html.replaceAll('%BRAND_NAME%', brand.name).replaceAll('%BRAND_FAVICON%', favicon),
  };
}

/** Files worth compressing: text the browser fetches (media and images are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * After the build: Brotli (quality 11) and gzip copies beside every compressible file, which
 * the server sends as they are (no compression per request); and source maps moved out of the
 * served folder (an error reporter may upload them; the public never sees them).
 */
function compressAndHideMaps(outDir: string, mapsDir: string): Plugin {
  return {
    name: 'hookline-compress-and-hide-maps',
    apply: 'build',
    closeBundle() {
      fs.rmSync(mapsDir, { recursive: true, force: true });
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (file.endsWith('.map')) {
          const target = path.join(mapsDir, path.relative(outDir, file));
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.renameSync(file, target);
          continue;
        }
        if (!COMPRESSIBLE.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < COMPRESS_MIN_BYTES) continue;
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

const outDir = fileURLToPath(new URL('./dist', import.meta.url));
const mapsDir = fileURLToPath(new URL('./dist-sourcemaps', import.meta.url));
const routerBuild = (file: string) =>
  fileURLToPath(new URL(`../../node_modules/react-router/dist/production/${file}`, import.meta.url));

const brandVariant = resolveBuildBrandVariant(process.env.BRAND_VARIANT);
const apiTarget = process.env.API_PROXY_TARGET || 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  plugins: [react(), brandHtml(brandVariant), compressAndHideMaps(outDir, mapsDir)],
  define: {
    __BRAND_VARIANT__: JSON.stringify(brandVariant),
    __SENTRY_DSN__: JSON.stringify(process.env.SENTRY_DSN?.trim() ?? ''),
    __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0'),
  },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // react-router's package exports only its development build (warnings, checks); the
      // production one sits beside it and is what a build ships.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
          ]
        : []),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // The server long-caches /assets/*: every emitted file carries a content hash.
    assetsDir: 'assets',
    // Maps are written for an error reporter but not referenced from the files, and moved out of dist.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
            },
            // The UI kit and its icons have no group of their own: a group takes every module two
            // chunks share, so the menus', dialogs' and forms' components (and their positioning,
            // focus-trap and scroll-lock code) rode in the first load with it. Left to the default
            // placement, what the first load uses joins its chunks and the rest stays with the
            // lazily loaded chunks that use it.
            // date-fns is left to the chunks that use it: grouped, every function any page uses
            // (the comments' relative dates, for one) would ride in the first load.
            // TanStack Table only the analytics page uses: it stays with that page's chunk.
            { name: 'vendor', test: /node_modules[\\/]@tanstack[\\/](?!react-table[\\/]|table-core[\\/])/ },
            // Texts of areas the first load does not show, shared by the lazily loaded code of
            // those areas: one chunk fetched with the first of them (left to the default
            // placement they would join the entry chunk, and the first load with it).
            {
              name: 'texts',
              test: /apps[\\/]web[\\/]src[\\/]config[\\/]texts[\\/](custom-fields|sharing|comments|tags|player|identity)\.ts$/,
              minShareCount: 2,
            },
            // The same for the contract's messages of those areas (a module shared by two lazily
            // loaded chunks would otherwise join the first load's shared chunk).
            {
              name: 'area-messages',
              test: /packages[\\/]contract[\\/]dist[\\/]messages[\\/](analytics|naming-convention|integrations|custom-fields)\.js$/,
              minShareCount: 2,
            },
            // The app's own shared code (lib, config, entities, the contract) in one chunk
            // rather than a request per small module; code one page uses stays with it.
            // Left out of it: the forms' hooks and dialogs (schema form, leave guard, unsaved
            // changes, the auth layout, the page heading of the clips and duplicates pages, the lazily loaded sidebar lists' rows), tags and custom fields (their pickers load on demand), the naming convention's query (the analytics and settings pages share it), the comments (the player's tab, a board's side panel), the board
            // pages' and their review's texts, the creative clips' page texts, the creative analytics' and naming convention's texts (the analytics, compare and settings pages share them), the duplicates' texts and calls (the upload's duplicate
            // notices and the duplicates page share them), and the board picker and the player's boards tab (with their calls
            // and texts), and the integrations' entity and texts (all but the library's 'Upload to
            // Meta' entry), the zip download (its notice, calls and job polling), the pages' lazy player, and the search's texts
            // (its page and the sidebar's saved searches share them). Only lazily loaded code uses them; shared by two of those they would
            // otherwise join this chunk, and the first load with it.
            {
              name: 'app',
              test: /apps[\\/]web[\\/]src[\\/](lib(?![\\/]job-poller\.)|config(?![\\/]texts[\\/](boards-pages|board-assign-dialog|board-review|integrations\.|custom-fields|sharing\.|comments\.|tags\.|player|identity\.|creative-clips\.|duplicates\.|search\.|analytics\.|naming-convention\.))|entities(?![\\/]comment[\\/]|[\\/]asset[\\/](api[\\/](duplicates|download-zip|clips)|hooks[\\/]zip-download|player[\\/]lazy-media-player)\.|[\\/]board[\\/](components|api)[\\/]|[\\/]integration[\\/](?!upload-to-meta\.)|[\\/](tag|custom-field|naming-convention)[\\/])|components(?![\\/](auth-layout|unsaved-changes-dialog|load-failed-alert|page-heading|sidebar-list)\.)|hooks(?![\\/](use-schema-form|use-leave-guard)\.))[\\/]/,
              minShareCount: 2,
            },
            // The library page (the home page) in one chunk with the modules it shares with lazily
            // loaded code: left to the default placement each became a chunk of its own (three
            // icons, Breadcrumbs, is-element, the item actions), six requests of a cold load
            // (budget 20). Listed by name and not with their dependencies: those include modules the
            // entry uses, which would make every page load this chunk. The boards and starred pages
            // load it for what they share (about 7 KB, usually cached: the library is the home
            // page). e2e/build-budget counts the files, so a module that splits off shows there.
            {
              name: 'library-page',
              test: /features[\\/]library[\\/](routes[\\/]library-page\.tsx|components[\\/](library-dnd|library-header|use-library-actions)\.tsx|api[\\/](favorite|delete-assets|move-copy-assets)\.ts)$|entities[\\/]integration[\\/]upload-to-meta\.tsx$|icons[\\/]Icon(Download|FolderOpen|FolderPlus|Link)\.mjs$|components[\\/]Breadcrumbs[\\/]|utils[\\/]is-element[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
}));
