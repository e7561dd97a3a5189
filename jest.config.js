// Two projects: `unit` needs nothing running; `integration` (*.int.test.ts) needs the
// real MongoDB-compatible server and Kafka started by `infra/` (make test does that).
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' } }];
const shared = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  testEnvironment: 'node',
  moduleNameMapper: {
    '^@platform/contracts$': '<rootDir>/contracts/src',
    '^@platform/kit$': '<rootDir>/services/kit/src',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/frontends/'],
};
module.exports = {
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['**/test/**/*.test.ts'], testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '\\.int\\.test\\.ts$'] },
    { ...shared, displayName: 'integration', testMatch: ['**/test/**/*.int.test.ts'], setupFilesAfterEnv: ['<rootDir>/tests/support/integration-setup.js'] },
  ],
};
