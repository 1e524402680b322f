// The platform's ceiling for bench/api: a Fastify with no plugin, guard or hook of ours,
// answering each read case's very bytes from memory with the headers our server sent.
// Started by run.mjs as `node bare-fastify.mjs <port> <cases.json>`; BARE_LOG=info gives it
// Fastify's own request log (pino, JSON lines on stdout) as a production Fastify would have.
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, casesFile] = process.argv.slice(2);
const cases = JSON.parse(fs.readFileSync(casesFile, 'utf8'));
const level = process.env.BARE_LOG;
const app = Fastify({ logger: level ? { level } : false });
for (const { file, type, encoding, bytesFile } of cases) {
  const bytes = fs.readFileSync(bytesFile);
  app.get(`/${file}`, (_request, reply) => {
    reply.header('content-type', type).header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    reply.send(bytes);
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
// Stopped by run.mjs with SIGTERM: exit normally, so a `--cpu-prof` run writes its profile.
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
