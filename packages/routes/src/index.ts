export * from './routes';
export * from './paths';
export * from './navigation';
export * from './page-renderer';
