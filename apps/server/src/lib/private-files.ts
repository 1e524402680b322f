import fs from 'node:fs';

/**
 * DATA_DIR holds applicants' personal data: the folder is 0700 and each file in it 0600, set
 * explicitly so that a permissive umask never widens them (docs/security.md).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and its parents) if missing, and makes it the owner's alone. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Creates `file` empty if missing, and makes it (new or old) readable by the owner alone.
 * SQLite gives its -wal and -shm files the mode of the database file, so an empty file
 * prepared here before SQLite opens it keeps those private too. An existing file is never
 * opened here: closing a descriptor drops every POSIX lock this process holds on the file,
 * the locks of SQLite connections open on it included.
 */
export function ensurePrivateFile(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/** Tightens `file` to 0600 if it exists (a -wal or -shm left by an older version). */
export function makePrivateIfPresent(file: string): void {
  try {
    fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Writes a new file that only its owner can read, whatever the umask. */
export function writePrivateFile(file: string, data: string): void {
  fs.writeFileSync(file, data, { mode: PRIVATE_FILE_MODE });
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}
