// The flags the server's process runs with: `npm start` (scripts/start.mjs), and every test
// and bench that starts the built server as `npm start` does, so what is measured is what runs.
export const SERVER_NODE_FLAGS = [
  // Stack traces in the log name the sources' files and lines, not the bundle's.
  '--enable-source-maps',
  // The node's memory (docs/performance.md, "Applications per second"). V8's young generation,
  // where a request's short-lived objects live, grows by default to 16 MiB per semi-space under
  // a steady stream of requests and keeps that memory: 2 MiB is enough.
  '--max-semi-space-size=2',
  // And the old generation grows well past what it holds before V8 collects it (110 MiB for a
  // live 52 MiB after 2 700 applications); told a budget, it collects sooner. About seven times
  // what a node holds (256 MiB cost a fifth more CPU per application in collections); raise it
  // where a node is given more memory.
  '--max-old-space-size=384',
];
