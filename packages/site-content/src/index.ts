// The schemas build zod objects; the seeds only import their types, so a bundle that takes
// just the seeds (the web's pages) leaves zod and the schemas out ("sideEffects": false).
export * from './schemas/fields';
export * from './schemas/topic-icons';
export * from './schemas/home';
export * from './schemas/about';
export * from './schemas/awards';
export * from './schemas/contact';
export * from './schemas/privacy';
export * from './schemas/services';
export * from './schemas/industries';
export * from './schemas/offices';
export * from './seed/home';
export * from './seed/about';
export * from './seed/awards';
export * from './seed/contact';
export * from './seed/privacy';
export * from './seed/services';
export * from './seed/industries';
export * from './seed/offices';
export * from './registry';
export * from './shown';
export * from './console-api';
export * from './images';
export * from './guards';
