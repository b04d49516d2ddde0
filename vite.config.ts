import tailwindcss from '@tailwindcss/vite';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [reactAsModule()] : [])],
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

const REACT_MODULE = '\0pitwall-react-module';

/**
 * SSR build: `import … from 'react'` in ES modules reads a module that copies each export of
 * React's production build once at start-up. React ships CommonJS only, and the bundler's
 * interop object for it answers every property through a getter, so without this each hook
 * call and createElement of every render went through a function call more. React's own
 * `require('react')` (react-dom/server) still gets the CommonJS exports, the same instance.
 */
function reactAsModule(): Plugin {
  const require = createRequire(import.meta.url);
  const production = path.join(path.dirname(require.resolve('react')), 'cjs/react.production.js');
  const names = Object.keys(require(production) as object).filter((name) =>
    /^[A-Za-z_$][\w$]*$/.test(name),
  );
  return {
    name: 'pitwall:react-as-module',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (source !== 'react' || importer === REACT_MODULE) return null;
      if ((options as { kind?: string }).kind !== 'import-statement') return null;
      return REACT_MODULE;
    },
    load(id) {
      if (id !== REACT_MODULE) return null;
      return `import React from 'react';\nexport default React;\nexport const { ${names.join(', ')} } = React;\n`;
    },
  };
}
