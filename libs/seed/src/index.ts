export * from './demo-catalog';
export * from './seed.service';
export * from './seed.module';
