export * from './templates';
export * from './mail-transport';
export * from './mail.service';
export * from './mail.module';
export * from './escape-html';
export * from './money';
