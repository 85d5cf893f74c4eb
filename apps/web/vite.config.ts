import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './vite.precompress.ts';
import { pushWorker, PUSH_WORKER_FILE } from './vite.push-worker.ts';
import { preloadRouteModules, resolveRoutePreloadDependencies } from './vite.route-preload.ts';

/** The API server during development; in production it serves this app itself. */
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    // The push and notification-click handlers, loaded by the generated service worker (importScripts below).
    pushWorker(),
    // The caregiver app is an installable PWA whose shell works with no network (issue "caregiver app" item 6):
    // every built file is precached; API data goes through the app's own encrypted cache, never the service worker.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      // Registered by the app itself once the first screen shows (src/layout/service-worker.ts).
      injectRegister: false,
      includeAssets: ['icons/apple-touch-icon.png'],
      manifest: {
        name: 'Hearth',
        short_name: 'Hearth',
        description: 'Hearth: your visits, check-in and care sheets',
        start_url: '/app',
        scope: '/',
        display: 'standalone',
        // Mantine's teal 6, the theme's primary colour.
        theme_color: '#12b886',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,woff2}'],
        // Office-only screens the caregiver app never opens: the map's WebGL library (about 1 MB) stays off phones.
        globIgnores: ['**/map-gl-*'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: '/index.html',
        // Workbox matches these against the path and query: /app?status=missing (the Missed tab) and /chat?c=<id>
        // (the conversation open, and the chat fallback's link) must load offline as /app and /chat do.
        navigateFallbackAllowlist: [/^\/app(\/|\?|$)/, /^\/chat(\?|$)/],
        navigateFallbackDenylist: [/^\/api\//, /^\/users\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [],
        importScripts: [`/${PUSH_WORKER_FILE}`],
      },
    }),
    // The caregiver app's start page (the PWA's start_url) downloads its shell and schedule with the entry; its
    // other pages, the shell.
    preloadRouteModules([
      { pathname: '/app', modules: ['src/layout/caregiver.shell.tsx', 'src/features/caregiver-app/schedule.page.tsx'] },
      { pathname: '/app/*', modules: ['src/layout/caregiver.shell.tsx'] },
    ]),
    // Brotli and gzip copies of the built files, served as they are (issue "caregiver app", Performance).
    precompress(),
  ],
  resolve: {
    // `@/api/...`, `@/layout/...`: the shared infrastructure of src, the same from every feature folder.
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      // The server only accepts sign-in from its own origin, so requests look as if they came from it.
      '/api': { target: apiTarget, changeOrigin: true, headers: { origin: apiTarget } },
      '/users': { target: apiTarget, changeOrigin: true, headers: { origin: apiTarget } },
      '^/notifications/(register-device|unregister-device|push-public-key)$': {
        target: apiTarget,
        changeOrigin: true,
        headers: { origin: apiTarget },
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { resolveDependencies: resolveRoutePreloadDependencies },
  },
});
