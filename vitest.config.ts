import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // Files about PostgreSQL alone need it; without TEST_DATABASE_URL they are not run.
          exclude: process.env.TEST_DATABASE_URL ? [] : ['tests/integration/postgres-*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files run side by side; each worker has a PostgreSQL database of its own.
          setupFiles: ['tests/support/postgres-worker-setup.ts'],
          globalSetup: ['tests/support/postgres-per-worker.ts'],
        },
      },
    ],
  },
});
