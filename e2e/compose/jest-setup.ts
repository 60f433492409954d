// After e2e/support/jest-setup.ts (120 s): a compose journey waits on renders, lease expiry after a
// killed worker and a broker restart, so a test may take minutes.
jest.setTimeout(600_000);
