import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * One config for the client bundle (`vite build` → dist/client, with .vite/manifest.json that
 * the server reads for asset tags and the asset version), the SSR bundle
 * (`vite build --ssr web/ssr.tsx --outDir dist/ssr`) and development (the server runs Vite in
 * middleware mode; see src/http/app.ts). Hashed file names under /assets are what lets the
 * server cache them as immutable.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: '.',
  publicDir: 'web/public',
  plugins: [react(), tailwindcss()],
  // The SSR bundle is self-contained (dependencies inlined, .mjs): it runs from any directory,
  // e.g. a deploy artifact or the e2e test's temporary build, without node_modules beside it.
  ssr: isSsrBuild ? { noExternal: true } : {},
  // …and always React's production build, whatever NODE_ENV the server runs with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? {
        outDir: 'dist/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: true,
        rolldownOptions: {
          output: { entryFileNames: '[name].mjs', chunkFileNames: 'assets/[name]-[hash].mjs' },
        },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        sourcemap: true,
        assetsDir: 'assets',
        rolldownOptions: { input: 'web/app.tsx' },
      },
  server: { watch: { ignored: ['**/.data/**', '**/dist/**', '**/tests/**', '**/src/**'] } },
}));
