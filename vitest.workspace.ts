// The test projects of the workspace; vitest.config.ts hands them to Vitest (which reads
// `test.projects` since v3.2).
export const projects = [
  'packages/sdk',
  'packages/sandbox',
  'packages/cli',
  'examples',
  'tests',
  'tests/interop',
];
