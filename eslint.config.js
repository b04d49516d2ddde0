// Lint guards the architecture: the layer rules below say why each import is forbidden.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const layer = (files, patterns) => ({
  files,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  { ignores: ['node_modules', 'dist', '.data', 'web/generated/**', 'coverage', '.scratch'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  layer(
    ['web/**'],
    [
      {
        // src/domain is pure formulas of numbers (no I/O, imports no other layer): the browser
        // computes with the server's own code (the iRating what-if and calculator).
        regex: '(^|/)src/(?!domain/)',
        message:
          'web/ is the browser bundle: it never imports server code from src/ (src/domain, the pure formulas, excepted). Use web/generated (route table, page props) instead.',
      },
    ],
  ),
  layer(
    ['src/projections/**'],
    [
      {
        group: ['**/commands/**'],
        message: 'Projections only read events; they never import commands (write side).',
      },
      { group: ['**/http/**'], message: 'Projections know nothing of HTTP.' },
      {
        group: ['**/ingest/**'],
        message:
          'Projections read events, not iRacing payloads; shared racing formulas live in src/domain.',
      },
    ],
  ),
  layer(
    ['src/queries/**'],
    [
      {
        group: ['**/eventstore/**'],
        message: 'Queries read only read tables (knex); never the event store.',
      },
      {
        group: ['**/commands/**'],
        message: 'Queries never call commands: keep reads and writes apart.',
      },
      { group: ['**/http/**'], message: 'Queries know nothing of HTTP.' },
      {
        group: ['**/ingest/**'],
        message: 'Queries read read tables; shared racing formulas live in src/domain.',
      },
    ],
  ),
  layer(
    ['src/commands/**'],
    [
      {
        group: ['**/queries/**', '**/http/**'],
        message: 'Commands decide from their own stream; they never read read-models or HTTP.',
      },
    ],
  ),
  {
    ...layer(
      ['src/domain/**'],
      [
        {
          group: ['../*', '!../domain/*'],
          message:
            'src/domain holds pure racing formulas: it imports nothing from another layer, so every layer can import it.',
        },
      ],
    ),
    ignores: ['src/domain/**/*.test.ts'],
  },
  layer(
    ['src/eventstore/**'],
    [
      {
        group: ['**/commands/**', '**/projections/**', '**/queries/**', '**/http/**'],
        message: 'The event store is the bottom layer: it imports nothing above it.',
      },
    ],
  ),
);
