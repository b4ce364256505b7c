export * from './order-mails.service';
export * from './order-restock.service';
export * from './stock-holds.service';
export * from './order-recovery.module';
export * from './order-machines';
export * from './order-transitions.service';
export * from './order-mail-view';
export * from './carrier-tracking';
