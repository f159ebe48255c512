export * from './api';
export * from './messages';
export * from './streams';
export * from './users';
export * from './events';
