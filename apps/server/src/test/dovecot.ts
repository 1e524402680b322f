import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

/** Debian's Dovecot (package dovecot-imapd; .ci/run installs it). */
const DOVECOT = '/usr/sbin/dovecot';

export interface Dovecot {
  /** imap://user:password@127.0.0.1:port/INBOX, as IMAP_URL takes it. */
  url: string;
  user: string;
  password: string;
  port: number;
  /** Stops the server and its sessions at once (as a crash would); its mail stays on disk. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same mail. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

const uid = () => os.userInfo().uid;
/** Dovecot keeps no mail as root: as root (CI), the mail belongs to Debian's dovecot user. */
const mailOwner = (): { uid: number; gid: number } =>
  uid() === 0
    ? {
        uid: Number(execFileSync('id', ['-u', 'dovecot']).toString()),
        gid: Number(execFileSync('id', ['-g', 'dovecot']).toString()),
      }
    : { uid: uid(), gid: os.userInfo().gid };

/** Resolves once something accepts connections on the port (Dovecot is listening). */
async function listening(port: number, within = 10_000): Promise<void> {
  const until = Date.now() + within;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`dovecot did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A real IMAP server for a test: Dovecot with a throwaway configuration in a temp folder,
 * listening on a free loopback port, one passwd-file user whose maildir is in that folder,
 * plaintext login allowed (loopback only, no TLS), run in the foreground as the current user.
 * Test mail goes in by IMAP APPEND, as a mail server would deliver it.
 */
export async function startDovecot(): Promise<Dovecot> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumenfield-dovecot-'));
  const port = await freePort();
  const user = 'careers';
  const password = 'imap-test-password';
  fs.mkdirSync(path.join(dir, 'run'));
  fs.mkdirSync(path.join(dir, 'mail'));
  const me = os.userInfo().username;
  const root = uid() === 0;
  // The login processes (another user when run as root) reach their sockets under it.
  fs.chmodSync(dir, 0o755);
  const owner = mailOwner();
  fs.chownSync(path.join(dir, 'mail'), owner.uid, owner.gid);
  fs.writeFileSync(
    path.join(dir, 'passwd'),
    `${user}:{PLAIN}${password}:${owner.uid}:${owner.gid}::${path.join(dir, 'mail')}::\n`,
  );
  const conf = path.join(dir, 'dovecot.conf');
  fs.writeFileSync(
    conf,
    [
      `base_dir = ${path.join(dir, 'run')}`,
      `state_dir = ${path.join(dir, 'run')}`,
      `instance_name = lumenfield-test-${port}`,
      'protocols = imap',
      'listen = 127.0.0.1',
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      // Dovecot's login processes refuse to run as root: as root (CI), Debian's own users.
      `default_login_user = ${root ? 'dovenull' : me}`,
      `default_internal_user = ${root ? 'dovecot' : me}`,
      `default_internal_group = ${root ? 'dovecot' : me}`,
      'first_valid_uid = 0',
      'first_valid_gid = 0',
      'log_path = /dev/stderr',
      'info_log_path = /dev/null',
      `mail_location = maildir:${path.join(dir, 'mail')}/Maildir`,
      'recipient_delimiter = +',
      'passdb {',
      '  driver = passwd-file',
      `  args = ${path.join(dir, 'passwd')}`,
      '}',
      'userdb {',
      '  driver = passwd-file',
      `  args = ${path.join(dir, 'passwd')}`,
      '}',
      'service imap-login {',
      '  inet_listener imap {',
      `    port = ${port}`,
      '  }',
      '  inet_listener imaps {',
      '    port = 0',
      '  }',
      '}',
      'service anvil {',
      '  chroot =',
      '}',
      'service imap-login {',
      '  chroot =',
      '}',
      // The login processes (dovenull under root) write their statistics here.
      'service stats {',
      '  unix_listener stats-writer {',
      '    mode = 0666',
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const start = async () => {
    // Its own process group: a stop ends the IMAP sessions too, as a server going down does
    // (the master alone leaves its imap processes serving the connections they have).
    const started = spawn(DOVECOT, ['-F', '-c', conf], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let errors = '';
    started.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child = started;
    exited = new Promise((resolve) => started.once('exit', () => resolve()));
    await Promise.race([
      listening(port),
      exited.then(() => {
        throw new Error(`dovecot exited: ${errors}`);
      }),
    ]);
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    child = undefined;
  };
  await start();
  return {
    url: `imap://${user}:${password}@127.0.0.1:${port}/INBOX`,
    user,
    password,
    port,
    start,
    stop,
    async close() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
