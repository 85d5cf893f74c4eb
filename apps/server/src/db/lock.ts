import lockfile from 'proper-lockfile';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Takes the embedded database's lock file (`<dataDir>/hearth.lock`) so a second process cannot open the same
 * PGlite directory (PGlite does not lock it itself).
 * @returns a function that releases the lock.
 * @throws Error naming the directory when another process holds the lock.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, { lockfilePath: path.join(dataDir, 'hearth.lock'), stale: 15_000, update: 5_000 });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') {
      throw new Error(`The embedded database in ${dataDir} is in use by another Hearth process. Stop it first, or set DATA_DIR.`);
    }
    throw error;
  }
}
