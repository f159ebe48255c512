export * from './api';
export * from './messages';
export * from './streams';
export * from './users';
export * from './bots';
export * from './events';
export * from './unread';
export * from './presence';
