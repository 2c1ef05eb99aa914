import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHints } from './scripts/compileHints.plugin';
import { firstPaintChunkGroups } from './scripts/firstPaintChunks';
import { precompress } from './scripts/precompress.plugin';
import { preloadHints } from './scripts/preloadHints.plugin';

// The API server (npx tsx src/server/main.ts) listens here during development.
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

const apiProxy = {
  '/api': { target: apiTarget, changeOrigin: false },
};

export default defineConfig({
  // Identifies a deployment (shown on <html data-build>): set BUILD_ID in the deploy pipeline.
  define: { __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? 'local') },
  plugins: [
    react(),
    // Fonts and the user-info call, preloaded from index.html (what the first paint waits on).
    preloadHints(),
    // The first paint's chunks are compiled as they stream in, not function by function on the main thread.
    compileHints(),
    // The service worker (sw/service-worker.ts) is our own code; the plugin builds it and injects
    // the precache manifest of the app shell. We register it ourselves (src/app/sw/).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'service-worker.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}', 'assets/*-latin-wght-normal-*.woff2'],
        // The map engine (about 1 MB) is not pushed to every device at install; the worker caches
        // it the first time the map is opened. Likewise Firebase, used only when FCM is configured.
        globIgnores: ['**/createCampusMap-*.js', '**/firebaseSdk-*.js'],
      },
      devOptions: { enabled: false },
    }),
    // After the worker is written: .br and .gz copies of every text asset, served by negotiation.
    precompress(),
  ],
  build: {
    outDir: process.env.BUILD_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    // scripts/bundle-budget.mjs reads dist/.vite/manifest.json to find the initial route's JS, and the
    // server to name a signed-in page's first-paint chunks in its head (src/server/http/firstPaintPreloads.ts).
    manifest: true,
    // The one chunk over Vite's default 500 kB is the map engine (maplibre-gl, about 1 MB): it is
    // loaded only when a user opens a room on the map and is not precached (globIgnores above).
    // Everything on a first load is held to scripts/bundle-budget.mjs instead.
    chunkSizeWarningLimit: 1100,
    // Current browsers all understand <link rel=modulepreload> (Safari since 17, Firefox since
    // 115); an older one only loads those modules a little later. The polyfill cost 0.2 kB gzip.
    modulePreload: { polyfill: false },
    // A signed-in first paint in a few chunks rather than dozens (scripts/firstPaintChunks.ts).
    rolldownOptions: { output: { codeSplitting: { groups: firstPaintChunkGroups(import.meta.dirname) } } },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: apiProxy,
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: apiProxy,
  },
});
