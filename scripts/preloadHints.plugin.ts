import type { Plugin } from 'vite';

/**
 * Preload hints in the built index.html for what every first paint waits on besides the entry's
 * module graph (which Vite already preloads): the latin subsets of the two default fonts (body
 * text and headings), which the browser would otherwise find only after the CSS is parsed, and
 * GET /api/user/info, which every route's loader asks before it renders anything
 * (features/session). The fetch hint's mode and credentials match the app's own call
 * (CORS mode, credentials included), so that call is answered from the preload.
 */
const preloadedFonts = /^assets\/(?:inter|noto-sans-display)-latin-wght-normal-[\w-]+\.woff2$/;

export function preloadHints(): Plugin {
  return {
    name: 'campus:preload-hints',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const fonts = Object.keys(context.bundle ?? {}).filter((fileName) => preloadedFonts.test(fileName)).sort();
        return [
          ...fonts.map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          })),
          {
            tag: 'link',
            attrs: { rel: 'preload', href: '/api/user/info', as: 'fetch', crossorigin: 'use-credentials' },
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}
