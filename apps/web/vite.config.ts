import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Two pages: the app (hash routes of spec 000 §2) and the public embed page. */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: {
        app: path.resolve(import.meta.dirname, 'app.html'),
        embed: path.resolve(import.meta.dirname, 'embed.html'),
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
