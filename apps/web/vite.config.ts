import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { prerenderFirstScreens } from './vite-prerender.ts';

/** The API server `npm run dev` starts next to Vite. */
const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderFirstScreens()],
  // `@/` is src/, as in tsconfig.json: every import that leaves its own folder starts there.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // The browser's Origin (http://localhost:5173) reaches the server unchanged; the server
      // accepts it because `npm run dev` (scripts/dev.mjs) puts it in PUBLIC_ORIGIN. Running
      // the server another way, or `vite preview` (:4173), needs PUBLIC_ORIGIN set to match.
      // ws: true carries /api/realtime.
      '/api': { target: API_TARGET, ws: true, changeOrigin: false },
      // Coin icons are served by the API server (apps/server/src/http/coin-icons.ts).
      '/coin-icons': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: API_TARGET, ws: true, changeOrigin: false },
      '/coin-icons': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Pages are split per route; keep the vendor code of the shell in one cacheable chunk.
    rollupOptions: {
      // zod 4 puts `@__PURE__` comments where Rollup cannot use them; Rollup drops them and the
      // bundle is the same, so the warning would only puzzle whoever runs `npm start`.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && /node_modules\/zod\//.test(warning.id ?? ''))
          return;
        warn(warning);
      },
      output: {
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
});
