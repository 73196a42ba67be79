// ESLint for the whole tree: mistakes only; layout is Prettier's job.
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig([
  globalIgnores(['**/dist/', 'coverage/', '.data/', '.cache/', '.temp/', '.swc/', 'server/.data/', 'server/uploads/']),

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // An unused `_` argument, or what a `...rest` leaves out, is meant.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // A variable that a callback reads before its one assignment cannot be a const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },

  // The app and its component tests: hooks called in order, effects that list what they read.
  {
    files: ['src/**/*.{ts,tsx}', 'test/components/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // The server: a promise nobody awaits loses its error and races the reply.
  {
    files: ['server/src/**/*.ts', 'server/test/**/*.ts'],
    languageOptions: {
      parserOptions: { project: ['server/tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test runs what test() and describe() return itself.
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] },
          ],
        },
      ],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },

  // JavaScript run by Node: scripts, configs and the test runners' own files (TypeScript leaves globals to tsc).
  {
    files: ['scripts/**', 'server/scripts/**', 'test/**/*.{js,cjs,mjs}', '*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  // Scripts and tests that drive Chromium or jsdom hand it functions that run in the page.
  {
    files: ['scripts/**/*.mjs', 'test/**/*.{js,cjs,mjs}'],
    ignores: ['test/weapp/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // The mini program's tests run its compiled pages in jsdom, beside WeChat's wx.
  {
    files: ['test/weapp/**/*.js'],
    languageOptions: { globals: { ...globals.jest, wx: 'readonly', window: 'readonly', document: 'readonly' } },
  },
  {
    files: ['test/support/*.js'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['**/*.cjs', '*.js', 'test/support/*.js', 'test/weapp/**/*.js'],
    ignores: ['test/support/taro.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Stand-ins in tests take loose shapes, and jest loads a module afresh with require().
  {
    files: ['test/**', 'server/test/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
])
