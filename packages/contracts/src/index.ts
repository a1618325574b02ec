export * from './messages.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './user.ts';
export * from './auth.ts';
export * from './common.ts';
export * from './money.ts';
