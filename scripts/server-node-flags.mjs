// The flags the server's process runs with: `npm start` (scripts/start.mjs), and every test
// and bench that starts the built server as `npm start` does, so what is measured is what runs.
export const SERVER_NODE_FLAGS = [
  // Stack traces in the log name the sources' files and lines, not the bundle's.
  '--enable-source-maps',
  // V8's young generation, where a request's short-lived objects live: by default it grows to
  // 16 MiB per semi-space under a steady stream of requests and keeps that memory. With 2 MiB a
  // node taking 100 applications a second (1 MiB resumes) peaked at 265 MiB instead of 352 MiB,
  // for about 5 % more CPU per application (docs/performance.md, "Applications per second").
  '--max-semi-space-size=2',
];
