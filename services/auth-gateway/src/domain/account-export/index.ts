// The person's data export: sections, their composition (all or nothing) and the paged reads.
export * from './account-export';
export * from './export-profile';
export * from './every-page';
