import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockDataDir } from './lock';

describe('embedded database lock', () => {
  it('stops a second opener of the same data directory with a message, and frees it on release', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-lock-')), 'nested', 'data');
    const release = await lockDataDir(dir);
    expect(fs.existsSync(path.join(dir, 'hearth.lock'))).toBe(true);
    await expect(lockDataDir(dir)).rejects.toThrow(`The embedded database in ${dir} is in use by another Hearth process`);
    await release();
    const again = await lockDataDir(dir);
    await again();
    fs.rmSync(path.dirname(path.dirname(dir)), { recursive: true, force: true });
  });
});
