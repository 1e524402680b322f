import os from 'node:os';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { levels, type Bindings, type ChildLoggerOptions, type Level, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import { register as onExit } from 'on-exit-leak-free';
import SonicBoom from 'sonic-boom';
import type { Config } from '../config';
import { loggerOptions, requestSerializer, withoutEmails } from './logging';

export type LogFormat = 'json' | 'pretty';
/** The field that carries a request's id (plugins/request-id.ts) on each of its log lines. */
const REQUEST_ID_LOG_LABEL = 'requestId';
type Pretty = typeof PinoPretty;

/**
 * LOG_FORMAT when set; otherwise readable lines for a person at a terminal and JSON for whatever
 * else reads stdout (a process manager, a log shipper, a pipe). Nothing to format at `silent`.
 */
export function chooseLogFormat(
  config: Pick<Config, 'logFormat' | 'logLevel'>,
  isTTY: boolean,
): LogFormat {
  if (config.logLevel === 'silent') return 'json';
  return config.logFormat ?? (isTTY ? 'pretty' : 'json');
}

/** pino-pretty is a dev dependency: a production tree (npm prune --omit=dev) has none. */
async function importPretty(): Promise<Pretty | undefined> {
  try {
    return (await import('pino-pretty')).default;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

/** Where a JSON log's lines go: pino's stream, which the request line is also written to. */
interface LineStream {
  write(line: string): unknown;
}

/** pino's fields at the head of every JSON line, as pino writes them (no `base` is set). */
const PINO_HEAD = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())}`;
const INFO = levels.values.info!;

/**
 * The request's "request completed" line in JSON, the very text pino would write for it (the
 * test holds the two equal), made by one template instead of pino's walk over the line's fields,
 * its serializers and the formatter's copy: the line is written for every request and cost more
 * than the rest of a cached answer's work (docs/performance.md, "Logging as production runs it").
 */
export function completedLine(request: FastifyRequest, reply: FastifyReply): string {
  return (
    `{"level":${INFO},"time":${Date.now()}${PINO_HEAD}` +
    `,"requestId":${JSON.stringify(withoutEmails(String(request.id)))}` +
    `,"req":${JSON.stringify(requestSerializer(request))}` +
    `,"res":{"statusCode":${reply.statusCode}}` +
    `,"responseTime":${JSON.stringify(reply.elapsedTime)},"msg":"request completed"}\n`
  );
}

/**
 * Fastify's request lines, one per request: "incoming request" only at `debug`, and "request
 * completed" (or "request errored") carrying the method and URL beside the status and time, so
 * the one line is the access log. In JSON it is at `info`, the line an operator's log keeps for
 * every request, written by `completedLine` to pino's stream; for a person at a terminal
 * (pretty) at `debug` too, since a line for every file of every page would bury the lines they
 * started the site to read. A failed request always logs at `error`.
 */
class RequestLines extends LogController {
  constructor(
    options: ConstructorParameters<typeof LogController>[0],
    private readonly completedLevel: 'info' | 'debug',
    /** JSON's stream: the completed line is written to it directly. */
    private readonly json?: LineStream,
  ) {
    super(options);
  }

  override incomingRequest(...[request]: Parameters<LogController['incomingRequest']>) {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    ...[error, request, reply]: Parameters<LogController['requestCompleted']>
  ) {
    if (this.isLogDisabled(request)) return;
    // JSON's completed line is the template's: no fields object is made for it.
    if (!error && this.json) {
      if ((levels.values[reply.log.level] ?? Number.POSITIVE_INFINITY) <= INFO) {
        this.json.write(completedLine(request, reply));
      }
      return;
    }
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log[this.completedLevel](line, 'request completed');
  }
}

/**
 * A request's logger. Its lines carry the request id the way pino's child would (the first field
 * after pino's own), but it makes no child unless asked for one or for a level of its own: a
 * child costs more than the line it writes, and at `info` every request writes one
 * (docs/performance.md).
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get made(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.made.level = level;
  }

  /** Whether the parent writes its lines as its child would: no level or serializers of its own. */
  private get sharesParent(): boolean {
    const { level, serializers } = this.options;
    return (
      this.#child === undefined &&
      serializers === undefined &&
      (level === undefined || level === this.parent.level)
    );
  }

  /** Whether a line at `level` is written, as the child would judge it. */
  private on(level: Level): boolean {
    const { values } = (this.parent as unknown as Logger).levels;
    return values[level]! >= (values[this.level] ?? Number.POSITIVE_INFINITY);
  }

  /** A line at `level` if the level is on (the methods below), the request id its first field. */
  write(level: Level, args: unknown[]): void {
    if (!this.on(level)) return;
    if (!this.sharesParent) {
      Reflect.apply(this.made[level], this.made, args);
      return;
    }
    const [first, ...rest] = args;
    const fields =
      first instanceof Error
        ? { ...this.bindings, err: first }
        : typeof first === 'object' && first !== null
          ? { ...this.bindings, ...first }
          : undefined;
    const line = fields ? [fields, ...rest] : [this.bindings, ...args];
    Reflect.apply(this.parent[level], this.parent, line);
  }

  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }
}

// A method per pino level (fatal … trace), each writing through `write`.
for (const level of Object.keys(levels.values) as Level[]) {
  Object.defineProperty(RequestLogger.prototype, level, {
    value(this: RequestLogger, ...args: unknown[]) {
      this.write(level, args);
    },
  });
}

/** Fastify's `childLoggerFactory`: each request's logger (RequestLogger above). */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}

export interface LogOutput {
  format: LogFormat;
  logger: FastifyServerOptions['logger'];
  logController: LogController;
  /** Said once the logger runs: why the format asked for is not the one in use. */
  notice: string | undefined;
}

/**
 * Standard output written asynchronously: the lines of one turn of the event loop are joined
 * and handed to sonic-boom once, at the end of the turn, which writes them to the kernel
 * without the request waiting (docs/operations.md, "The log"). sonic-boom measures its pending
 * text on every write it is given, so under load a line's write cost as much as making the line;
 * a turn's lines together cost one write. What is still held when the process exits (a graceful
 * shutdown's exit included) is written then, synchronously.
 */
export class TurnLines implements LineStream {
  #lines: string[] = [];
  /** Set when the reader of the output has gone (EPIPE): lines are dropped, as pino does. */
  #broken = false;
  readonly #flush = () => {
    if (this.#lines.length === 0) return;
    const text = this.#lines.join('');
    this.#lines = [];
    if (!this.#broken) this.out.write(text);
  };

  constructor(readonly out: SonicBoom) {
    out.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      this.#broken = true;
    });
    // As pino does for its own writers: one listener for every writer, none kept alive by it.
    onExit(this, (lines) => lines.flushSync());
  }

  write(line: string): boolean {
    if (this.#lines.push(line) === 1) setImmediate(this.#flush);
    return true;
  }

  /** pino's flush: everything held, then sonic-boom's own. */
  flush(done?: (error?: Error) => void): void {
    this.#flush();
    this.out.flush(done);
  }

  flushSync(): void {
    this.#flush();
    if (!this.#broken) this.out.flushSync();
  }
}

const asyncStdout = () => new TurnLines(new SonicBoom({ fd: 1, sync: false }));

export interface LogOutputOptions {
  isTTY?: boolean;
  /** Where lines go instead of stdout (tests). */
  destination?: NodeJS.WritableStream;
  loadPretty?: () => Promise<Pretty | undefined>;
}

/**
 * The logger's format and where its lines go: JSON (pino's own, one object a line) or readable
 * lines through pino-pretty, loaded only when chosen. Production means JSON: a machine reads the
 * log, and Fastify's request lines stay at `info` as Fastify writes them (docs/operations.md).
 */
export async function logOutput(
  config: Pick<Config, 'logFormat' | 'logLevel'>,
  {
    isTTY = process.stdout.isTTY === true,
    destination,
    loadPretty = importPretty,
  }: LogOutputOptions = {},
): Promise<LogOutput> {
  const wanted = chooseLogFormat(config, isTTY);
  const pretty = wanted === 'pretty' ? await loadPretty() : undefined;
  const base = loggerOptions(config.logLevel) as Exclude<FastifyServerOptions['logger'], boolean>;
  const label = { requestIdLogLabel: REQUEST_ID_LOG_LABEL };
  if (pretty) {
    return {
      format: 'pretty',
      logger: {
        ...base,
        // Synchronous, so the line before a fatal exit is not lost; a terminal's volume is small.
        stream: pretty({
          sync: true,
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname',
          ...(destination && { destination, colorize: false }),
        }),
      },
      logController: new RequestLines(label, 'debug'),
      notice: undefined,
    };
  }
  // A test's own destination as it is; standard output asynchronously, unless nothing is logged.
  const stream = destination ?? (config.logLevel === 'silent' ? undefined : asyncStdout());
  return {
    format: 'json',
    logger: stream ? { ...base, stream } : base,
    logController: new RequestLines(label, 'info', stream),
    notice:
      wanted === 'pretty' && config.logFormat === 'pretty'
        ? 'LOG_FORMAT=pretty needs pino-pretty, a dev dependency this tree does not have: logging JSON'
        : undefined,
  };
}
