export * from './constants';
export * from './api-paths';
export * from './problem';
export * from './jobs';
export * from './age-text';
export * from './application';
export * from './admin';
