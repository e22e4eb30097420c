import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-dev/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**', '**/*.cjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // React spawns a deferred render at every mount for an initial value; a component mounted
          // under a Suspense fallback is mounted again by each one, endlessly (docs/frontend-contract.md).
          selector: "CallExpression[callee.name='useDeferredValue'][arguments.length>1]",
          message: 'No initial value for useDeferredValue: use useDeferredValue(value), or reveal after commit (useRevealAfterCommit in remote-lists).',
        },
      ],
    },
  },
);
