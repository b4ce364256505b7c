export * from './job-types';
export * from './jobs.service';
export * from './jobs.module';
export * from './redis-options';
export * from './dependency-probe';
