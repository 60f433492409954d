// Journeys wait for a real browser and a whole product: the default 5 s per test is far too short.
// (`testTimeout` in a project's config is ignored: jest reads it only for the whole run.)
jest.setTimeout(120_000);
