/** The deployment's build id, replaced at build time (vite.config.ts `define`). */
declare const __BUILD_ID__: string;
