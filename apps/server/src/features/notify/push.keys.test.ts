import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { defaultVapidSubject, loadVapidKeys, VAPID_KEYS_FILE } from './push.keys';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-vapid-'));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadVapidKeys', () => {
  it('generates a pair into the data directory on first start, readable by its owner only, and keeps it', () => {
    const dir = path.join(tempDir(), 'data');
    const first = loadVapidKeys({}, dir, 'http://localhost:3000');
    const file = path.join(dir, VAPID_KEYS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(first.subject).toBe('mailto:push@hearth.invalid');
    expect(loadVapidKeys({}, dir, 'http://localhost:3000')).toEqual(first);
  });

  it('takes the keys and subject from the environment, writing nothing', () => {
    const dir = tempDir();
    const keys = webpush.generateVAPIDKeys();
    const loaded = loadVapidKeys({ ...keys, subject: 'mailto:office@agency.example' }, dir, 'https://care.agency.example');
    expect(loaded).toEqual({ ...keys, subject: 'mailto:office@agency.example' });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses to start with one key only or with keys web-push cannot use', () => {
    const dir = tempDir();
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    expect(() => loadVapidKeys({ publicKey }, dir, 'http://localhost:3000')).toThrow(/must be set together/);
    expect(() => loadVapidKeys({ publicKey: 'short', privateKey }, dir, 'http://localhost:3000')).toThrow(/VAPID keys/);
  });

  it('defaults the subject to an https public URL, else a mailto placeholder (push services refuse localhost)', () => {
    expect(defaultVapidSubject('https://care.agency.example/')).toBe('https://care.agency.example');
    expect(defaultVapidSubject('https://localhost:3000')).toBe('mailto:push@hearth.invalid');
    expect(defaultVapidSubject('http://care.agency.example')).toBe('mailto:push@hearth.invalid');
  });
});
