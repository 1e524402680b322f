import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { chooseLogFormat, completedLine, logOutput, requestLogger, TurnLines } from './log-output';
import { keptRequestUrls, loggerOptions } from './logging';

/** A destination that keeps every line written to it. */
function lineSink() {
  const lines: string[] = [];
  let partial = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const text = partial + chunk.toString('utf8');
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      lines.push(...parts.filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

const isJson = (line: string) => {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
};

describe('LOG_FORMAT', () => {
  it('takes json or pretty, and names the variable on anything else', () => {
    expect(loadConfig({}).logFormat).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT must be json or pretty/);
  });

  it('unset: readable on a terminal, JSON for anything else; set: as asked', () => {
    const info = { logLevel: 'info' } as const;
    expect(chooseLogFormat({ ...info, logFormat: undefined }, true)).toBe('pretty');
    expect(chooseLogFormat({ ...info, logFormat: undefined }, false)).toBe('json');
    expect(chooseLogFormat({ ...info, logFormat: 'json' }, true)).toBe('json');
    expect(chooseLogFormat({ ...info, logFormat: 'pretty' }, false)).toBe('pretty');
    // Nothing is written at silent (the CLIs, tests): pino-pretty is not even loaded.
    expect(chooseLogFormat({ logLevel: 'silent', logFormat: 'pretty' }, true)).toBe('json');
  });

  it('without pino-pretty (a pruned tree) on a terminal, logs JSON and starts', async () => {
    const sink = lineSink();
    const options = { isTTY: true, destination: sink.stream, loadPretty: async () => undefined };
    const auto = await logOutput({ logLevel: 'info', logFormat: undefined }, options);
    expect(auto).toMatchObject({ format: 'json', notice: undefined });
    const forced = await logOutput({ logLevel: 'info', logFormat: 'pretty' }, options);
    expect(forced.format).toBe('json');
    expect(forced.notice).toMatch(/LOG_FORMAT=pretty needs pino-pretty/);
  });

  it('writes JSON to standard output asynchronously', async () => {
    const json = await logOutput({ logLevel: 'info', logFormat: 'json' }, { isTTY: false });
    const { stream } = json.logger as { stream?: unknown };
    // A request never waits on the write of its line (docs/operations.md, "The log"): a turn's
    // lines are handed together to a writer that never blocks.
    expect(stream).toBeInstanceOf(TurnLines);
    expect((stream as TurnLines).out).toMatchObject({ sync: false, fd: 1 });
    // Nothing logged at silent: no output kept open.
    const silent = await logOutput({ logLevel: 'silent', logFormat: 'json' }, { isTTY: false });
    expect((silent.logger as { stream?: unknown }).stream).toBeUndefined();
  });
});

describe(`the app's log lines by format (${engine})`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.app.close();
    await t?.db.destroy();
    t = undefined;
  });

  const start = async (env: Record<string, string>) => {
    const sink = lineSink();
    t = await createTestApp(env, { logDestination: sink.stream });
    await t.app.inject({ method: 'GET', url: '/healthz' });
    t.app.log.info('a line for a person');
    return sink.lines;
  };

  it('JSON: one object a line, and one request line at info, the access log', async () => {
    const lines = await start({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every(isJson)).toBe(true);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = parsed.filter((l) =>
      ['incoming request', 'request completed'].includes(l.msg as string),
    );
    expect(requestLines).toEqual([
      expect.objectContaining({
        level: 30,
        requestId: expect.any(String),
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/healthz' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('pretty: readable lines, and the request lines only at debug', async () => {
    const atInfo = await start({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' });
    expect(atInfo.some(isJson)).toBe(false);
    expect(atInfo).toContainEqual(expect.stringMatching(/INFO: a line for a person$/));
    expect(atInfo.join('\n')).not.toMatch(/incoming request|request completed/);
    await t?.app.close();
    await t?.db.destroy();

    const atDebug = await start({ LOG_LEVEL: 'debug', LOG_FORMAT: 'pretty' });
    expect(atDebug).toContainEqual(expect.stringMatching(/DEBUG: incoming request$/));
    expect(atDebug).toContainEqual(expect.stringMatching(/DEBUG: request completed$/));
    expect(atDebug.some(isJson)).toBe(false);
  });
});

describe('the request line', () => {
  it("is the very line pino writes for the request's fields", async () => {
    // A request with a query, an address in its path and an id of its own, answered 404; the
    // same URL again (its fields kept from the first), from another host, and over a socket
    // (with a port). Fastify's logger, with its serializers, writes pino's line; its own lines
    // are off.
    const sink = lineSink();
    const logger = { ...(loggerOptions('info') as object), stream: sink.stream };
    const logController = new LogController({ disableRequestLogging: true });
    const app = Fastify({ logger, logController });
    const made: string[] = [];
    app.addHook('onResponse', (request, reply, done) => {
      made.push(completedLine(request, reply));
      const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
      requestLogger(app.log, { requestId: request.id }, {}).info(fields, 'request completed');
      done();
    });
    const url = '/people/ada%40example.com?q=ada@example.com&page=2';
    const kept = '/careers/jobs/42';
    await app.inject({ url, headers: { host: 'jobs.example.com' } });
    await app.inject({ url, headers: { host: 'jobs.example.com' } });
    await app.inject({ url: kept, headers: { host: 'jobs.example.com' } });
    await app.inject({ url: kept, headers: { host: 'jobs.example.com' } });
    await app.inject({ url: kept, headers: { host: 'careers.example.com' } });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    await fetch(`${origin}${kept}`);
    await app.close();
    expect(made).toHaveLength(6);
    const pinoLines = sink.lines.filter((line) => line.includes('"request completed"'));
    const timeless = ({ time: _time, responseTime, ...rest }: Record<string, unknown>) => {
      expect(responseTime).toEqual(expect.any(Number));
      return rest;
    };
    const lines = made.map((line, at) => {
      const ours = JSON.parse(line) as Record<string, unknown>;
      const pinos = JSON.parse(pinoLines[at]!) as Record<string, unknown>;
      expect(line.endsWith('}\n')).toBe(true);
      // The same fields in the same order; only the clock's readings differ.
      expect(Object.keys(ours)).toEqual(Object.keys(pinos));
      expect(Object.keys(ours.req as object)).toEqual(Object.keys(pinos.req as object));
      expect(timeless(ours)).toEqual(timeless(pinos));
      return ours;
    });
    expect(lines[0]).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/people/[email]?q=[redacted]&page=[redacted]' },
      res: { statusCode: 404 },
      msg: 'request completed',
    });
    expect(lines.map(({ req }) => (req as { host: string }).host)).toEqual([
      'jobs.example.com',
      'jobs.example.com',
      'jobs.example.com',
      'jobs.example.com',
      'careers.example.com',
      origin.slice('http://'.length),
    ]);
    expect(lines[5]!.req).toMatchObject({ url: kept, remotePort: expect.any(Number) });
    // The page's URL was kept; the one with an address and a query never is.
    expect(keptRequestUrls()).toContain(kept);
    expect(keptRequestUrls()).not.toContain(url);
  });

  it('keeps no URL that holds a link token, an address, a search or a private route', async () => {
    const app = Fastify({ logger: false });
    app.get('/api/private', { config: { access: 'session' } }, async () => ({}));
    app.get('/api/public', { config: { access: 'public' } }, async () => ({}));
    app.addHook('onResponse', (request, reply, done) => {
      completedLine(request, reply);
      done();
    });
    const secret = [
      `/applications/${'a'.repeat(43)}`,
      '/people/ada%40example.com',
      '/careers?q=ada+lovelace',
      '/api/private',
      '/api/private?q=ada',
    ];
    for (const url of [...secret, '/api/public?page=2']) await app.inject({ url });
    await app.close();
    for (const url of secret) expect(keptRequestUrls()).not.toContain(url);
    expect(keptRequestUrls()).toContain('/api/public?page=2');
  });

  it('waits for the end of the turn, and is written at exit when still held', () => {
    const writes: string[] = [];
    const out = Object.assign(new Writable(), {
      write: (text: string) => writes.push(text) > 0,
      flush: () => undefined,
      flushSync: () => writes.push('(flushed)'),
    });
    const lines = new TurnLines(out as never);
    lines.write('one\n');
    lines.write('two\n');
    expect(writes).toEqual([]);
    lines.flushSync();
    expect(writes).toEqual(['one\ntwo\n', '(flushed)']);
  });
});

describe("a request's logger", () => {
  const parsed = (lines: string[]) =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('writes what the level lets through, each line with the request id, and makes children', () => {
    const sink = lineSink();
    const parent = pino({ level: 'warn' }, sink.stream);
    const log = requestLogger(parent, { requestId: 'r-1' }, {});
    expect(log.level).toBe('warn');
    log.info('not written');
    log.debug({ detail: 1 }, 'not written either');
    log.warn({ detail: 2 }, 'written');
    log.child({ part: 'mail' }).error('from a child');
    parent.flush();
    expect(parsed(sink.lines)).toEqual([
      expect.objectContaining({ level: 40, requestId: 'r-1', detail: 2, msg: 'written' }),
      expect.objectContaining({ level: 50, requestId: 'r-1', part: 'mail', msg: 'from a child' }),
    ]);
  });

  it("follows a route's own level and a level set on it", () => {
    const sink = lineSink();
    const parent = pino({ level: 'warn' }, sink.stream);
    const route = requestLogger(parent, { requestId: 'r-2' }, { level: 'debug' });
    expect(route.level).toBe('debug');
    route.debug('a route that asked for debug');
    const quiet = requestLogger(parent, { requestId: 'r-3' }, {});
    quiet.level = 'error';
    quiet.warn('below the level set');
    quiet.error('at it');
    parent.flush();
    expect(parsed(sink.lines).map((line) => [line.requestId, line.msg])).toEqual([
      ['r-2', 'a route that asked for debug'],
      ['r-3', 'at it'],
    ]);
  });
});
