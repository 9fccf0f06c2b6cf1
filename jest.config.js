// One jest run for the whole repository: a project per package.
// Node packages run in node; the two React apps run in jsdom (set up by test/jest/jsdom-setup.ts,
// with no real request: test/jest/no-network.ts);
// test/ holds the browser end-to-end tests.
// The global setup starts one throwaway PostgreSQL (embedded unless DATABASE_URL is set) for the run.
const tsTransform = (pkg) => ({
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: `<rootDir>/${pkg}/tsconfig.json` }],
});

const nodeProject = (pkg, extra = {}) => ({
  displayName: pkg,
  rootDir: __dirname,
  roots: [`<rootDir>/${pkg}`],
  testEnvironment: 'node',
  testMatch: ['**/*.test.ts'],
  transform: tsTransform(pkg),
  ...extra,
});

const webProject = (pkg) => ({
  displayName: pkg,
  rootDir: __dirname,
  roots: [`<rootDir>/${pkg}/src`],
  testEnvironment: 'jsdom',
  setupFiles: ['<rootDir>/test/jest/jsdom-setup.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/jest/no-network.ts'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: tsTransform(pkg),
  moduleNameMapper: {
    '\\.(css|less)$': '<rootDir>/test/jest/style-stub.js',
    '\\.(png|jpe?g|gif|svg|webp)$': '<rootDir>/test/jest/file-stub.js',
    // Vite's `?url` imports (an asset's address, e.g. the pdf.js worker) are a file name in tests.
    '\\?url$': '<rootDir>/test/jest/file-stub.js',
  },
});

module.exports = {
  globalSetup: '<rootDir>/api/src/testing/global-setup.ts',
  globalTeardown: '<rootDir>/api/src/testing/global-teardown.ts',
  maxWorkers: 2,
  testTimeout: 30000,
  projects: [
    nodeProject('config'),
    nodeProject('wechat'),
    nodeProject('regulator'),
    nodeProject('partner'),
    nodeProject('api'),
    webProject('h5'),
    webProject('admin'),
    nodeProject('test', {
      roots: ['<rootDir>/test/e2e'],
      setupFilesAfterEnv: ['<rootDir>/test/jest/e2e-timeout.ts'],
    }),
  ],
};
