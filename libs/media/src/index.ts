export * from './image-type';
export * from './image-container';
export * from './image-normalize';
export * from './media-storage';
export * from './thumbnail.service';
export * from './media.module';
export * from './demo-art';
