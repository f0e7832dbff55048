export * from './messages';
export * from './constants';
export * from './events';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/overview';
export * from './format';
