import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import boundaries (docs/architecture.md): shared code -> features -> app. A folder may import only
// from the layers below it, and features never import each other.
const webLayer = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: forbidden.map((group) => ({ group: [group], message })) },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Browser-side callbacks (page.evaluate) in the e2e tests and the screenshot scripts.
    files: ['e2e/**/*.ts', 'scripts/**/*.mjs', 'bench/content/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/page-kit/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  webLayer(
    ['apps/web/src/components/**', 'apps/web/src/lib/**', 'apps/web/src/config/**'],
    ['@/features/*', '@/app/*', '../features/*', '../app/*', '../../features/*', '../../app/*'],
    'Shared code must not import features or the app shell.',
  ),
  webLayer(
    ['apps/web/src/features/**'],
    ['@/features/*', '@/app/*', '../../app/*', '../../features/*', '../../../features/*'],
    'Features must not import other features or the app shell; lift shared code to components/ or lib/.',
  ),
  webLayer(
    ['packages/contract/**'],
    ['@lumenfield/web', '@lumenfield/server', 'react', 'fastify'],
    'The contract is shared by both sides and depends on neither.',
  ),
  webLayer(
    ['apps/server/**'],
    // By name or by any relative path: the server loads the built page renderer at run time.
    [
      '@lumenfield/web',
      '@lumenfield/web/*',
      '**/web/src',
      '**/web/src/**',
      '**/apps/web/**',
      'react',
      'react-dom',
      'react-dom/*',
    ],
    'The server must not import the web app.',
  ),
  webLayer(
    ['packages/routes/**'],
    ['@lumenfield/web', '@lumenfield/server', '**/apps/**', 'react', 'fastify'],
    'The route table is shared by every side and depends on none.',
  ),
  webLayer(
    ['packages/site-content/**'],
    // The server will read it too (docs/content.md), and it must never pull in the web app.
    ['@lumenfield/web', '@lumenfield/server', '**/apps/**', '@/*', 'react', 'fastify'],
    'Site content is shared by both sides and depends on neither.',
  ),
  webLayer(
    ['packages/page-kit/**'],
    // By name or by any relative path: the site passes in its routes, screens and islands.
    [
      '@lumenfield/*',
      '@lumenfield/*/**',
      '@/*',
      '**/apps/**',
      '**/packages/contract/**',
      '**/packages/routes/**',
    ],
    'The page framework is generic: the site passes in its routes, screens and islands.',
  ),
);
