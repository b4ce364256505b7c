export * from './schemas';
export * from './repositories';
export * from './database.module';
export * from './mongo-errors';
export * from './slugify';
export * from './catalog-changes';
export * from './user-changes';
export * from './database-health';
