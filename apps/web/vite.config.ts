import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: fromHere('.'),
  plugins: [react()],
  resolve: {
    alias: {
      '@library/contracts': fromHere('../../libs/contracts/src/index.ts'),
      '@library/machines': fromHere('../../libs/machines/src/index.ts'),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/health': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/health': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: fromHere('dist'),
    emptyOutDir: true,
    sourcemap: true,
  },
});
