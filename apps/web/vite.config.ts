import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** The API server `npm run dev` starts next to Vite. */
const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // No changeOrigin: the server's CSRF check compares Origin with Host, so the browser's
      // Host (localhost:5173) must reach it unchanged. ws: true carries /api/realtime.
      '/api': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
  preview: { port: 4173, proxy: { '/api': { target: API_TARGET, ws: true, changeOrigin: false } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Pages are split per route; keep the vendor code of the shell in one cacheable chunk.
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
});
