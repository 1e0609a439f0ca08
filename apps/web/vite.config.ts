import { fileURLToPath } from 'node:url';
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

const brandVariant = resolveBuildBrandVariant(process.env.BRAND_VARIANT);
const apiTarget = process.env.API_PROXY_TARGET || 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), brandHtml(brandVariant)],
  define: {
    __BRAND_VARIANT__: JSON.stringify(brandVariant),
    __SENTRY_DSN__: JSON.stringify(process.env.SENTRY_DSN?.trim() ?? ''),
    __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0'),
  },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
    outDir: 'dist',
    emptyOutDir: true,
    // The server long-caches /assets/*: every emitted file carries a content hash.
    assetsDir: 'assets',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll[\w-]*|react-number-format|react-style-singleton|use-callback-ref|use-sidecar|clsx|tslib|get-nonce|detect-node-es)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/](@tanstack|zod|date-fns)[\\/]/ },
          ],
        },
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
