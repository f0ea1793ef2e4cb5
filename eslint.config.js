const nx = require('@nx/eslint-plugin');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');

module.exports = [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  { ignores: ['**/dist', '**/node_modules', '**/tmp', '**/coverage', '**/.nx', 'data/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: [],
          depConstraints: [
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: [
                'type:platform',
                'type:auth',
                'type:persistence',
                'type:contracts',
                'type:testing',
                'type:client',
                'type:run-database',
              ],
            },
            { sourceTag: 'type:client', onlyDependOnLibsWithTags: [] },
            {
              sourceTag: 'type:testing',
              onlyDependOnLibsWithTags: ['type:platform', 'type:auth', 'type:persistence', 'type:contracts', 'type:run-database'],
            },
            { sourceTag: 'type:run-database', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:auth', 'type:persistence', 'type:contracts'] },
            { sourceTag: 'type:auth', onlyDependOnLibsWithTags: ['type:persistence', 'type:contracts'] },
            { sourceTag: 'type:persistence', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:cache', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:catalog', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:results', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:console', onlyDependOnLibsWithTags: ['scope:shared'] },
          ],
        },
      ],
    },
  },
  // The client's tests start the services with the test kit; its sources (the published package) import no workspace lib.
  {
    files: ['libs/client/test/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: ['@simsvc/testing'],
          depConstraints: [{ sourceTag: 'type:client', onlyDependOnLibsWithTags: [] }],
        },
      ],
    },
  },
  {
    files: ['**/*.ts', 'apps/console/**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: __dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/console/**/*.ts', 'apps/console/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
];
