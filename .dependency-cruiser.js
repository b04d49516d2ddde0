// Import circles fail the build: `npm run lint` runs `depcruise` with this file over src/, web/,
// bench/, scripts/, tests/ and migrations/ (`npm run lint:cycles`). Type-only imports (`import type`) and lazy ones (`await import()`) count:
// each ties two modules together as firmly as a value import does.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Two modules that import each other (directly or through others) cannot be read, tested or moved apart. Move the shared part into a third module both import.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
