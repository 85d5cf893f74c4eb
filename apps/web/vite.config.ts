import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server during development; in production it serves this app itself. */
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    // `@/api/...`, `@/layout/...`: the shared infrastructure of src, the same from every feature folder.
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      // The server only accepts sign-in from its own origin, so requests look as if they came from it.
      '/api': { target: apiTarget, changeOrigin: true, headers: { origin: apiTarget } },
      '/users': { target: apiTarget, changeOrigin: true, headers: { origin: apiTarget } },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
