/**
 * Pieces that harnesses outside this package (benchmarks, the embedded journey) may use to create
 * sessions without the sign-in flow. Not for production code.
 */
export { SessionStore } from './data-access/sessions/session-store';
export { MemoryUserRepository } from './data-access/users/memory-user.repository';
