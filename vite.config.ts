import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (npx tsx src/server/main.ts) listens here during development.
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

const apiProxy = {
  '/api': { target: apiTarget, changeOrigin: false },
};

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: process.env.BUILD_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    // scripts/bundle-budget.mjs reads dist/.vite/manifest.json to find the initial route's JS.
    manifest: true,
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
