/** The journey harness: what journey files import. */
export { CHROMIUM_FLAGS, CHROMIUM_PATH, VIEWPORTS, type JourneyContextOptions, type ViewportName } from './browser';
export {
  describeJourney,
  type Journey,
  type JourneyOptions,
  type JourneyTarget,
  type PageProblems,
  type SignInFunction,
} from './journey';
export { ARTIFACTS_DIR } from './screenshots';
export { freshEmail, type SignInOptions, type Who } from './sign-in';
export { startE2eStack, type E2eStack } from './stack';
export { SHELL_TEXTS, type Language } from './texts';
export { eventually } from './wait';
