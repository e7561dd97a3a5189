// `unit` needs nothing running; `integration` (*.int.test.ts) needs the real
// MongoDB-compatible server and Kafka started by `infra/`; `e2e` drives the running
// platform in Chromium (make test starts all of it).
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' } }];
const shared = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  testEnvironment: 'node',
  moduleNameMapper: {
    '^@platform/contracts$': '<rootDir>/contracts/src',
    '^@platform/kit$': '<rootDir>/services/kit/src',
    '^@platform/test-support$': '<rootDir>/tests/support/src',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/frontends/'],
};
module.exports = {
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['**/test/**/*.test.ts'], testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '\\.int\\.test\\.ts$', '<rootDir>/tests/deploy/'] },
    // The deployment manifests, checked with tools it installs (k8s/tools/install.sh): its own project, not a unit test.
    { ...shared, displayName: 'deploy', testMatch: ['<rootDir>/tests/deploy/**/*.test.ts'] },
    // Browser journeys through the gateway of the running platform (make test starts it).
    { ...shared, displayName: 'e2e', testMatch: ['<rootDir>/tests/e2e/**/*.e2e.test.ts'], setupFilesAfterEnv: ['<rootDir>/tests/support/integration-setup.js'] },
    { ...shared, displayName: 'integration', testMatch: ['**/test/**/*.int.test.ts', '<rootDir>/tests/store/**/*.int.test.ts'], setupFilesAfterEnv: ['<rootDir>/tests/support/integration-setup.js'] },
    // Frontend logic (frontends/*/test): jsdom, React's automatic JSX runtime, CSS imports stubbed.
    {
      ...shared,
      displayName: 'frontend',
      testEnvironment: 'jsdom',
      transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } } }], '\\.(webm|vtt)$': '<rootDir>/frontends/ui/test/asset-transform.js' },
      moduleNameMapper: { ...shared.moduleNameMapper, '^@platform/ui$': '<rootDir>/frontends/ui/src', '^@platform/ui/(.*)$': '<rootDir>/frontends/ui/src/$1', '\\.css$': '<rootDir>/frontends/ui/test/style-stub.js' },
      testMatch: ['<rootDir>/frontends/*/test/**/*.test.ts?(x)'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
  ],
};
