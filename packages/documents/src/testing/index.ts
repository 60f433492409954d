export { describeRepositoryContract, testDatabaseName } from './repository-contract';
export type { RepositoryFixture, RepositoryImplementations } from './repository-contract';
