// With extensions: the web's Vite config imports this file, and Node resolves no other kind.
export * from './routes.ts';
export * from './paths.ts';
export * from './navigation.ts';
export * from './page-renderer.ts';
