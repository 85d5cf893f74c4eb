import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing (images and fonts are compressed formats already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

/** Below this size (bytes) a compressed copy saves less than a response's headers weigh. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`<file>.br`, quality 11) and a gzip (`<file>.gz`, level 9) copy beside every compressible
 * built file of at least 1 KiB, after every other plugin has written its files (the service worker included).
 * The server sends them to browsers that accept those encodings (@fastify/static `preCompressed`), so the phone
 * downloads about a third of the bytes with no compression work per request. A copy that would not be smaller is
 * not written. The .br/.gz names never match the service worker's precache patterns (`*.js`, `*.css`, ...).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hearth:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error) return;
        const names = await fs.readdir(outDir, { recursive: true });
        const files = names.filter((name) => COMPRESSIBLE.test(name)).map((name) => path.join(outDir, name));
        await Promise.all(files.map(compressBeside));
      },
    },
  };
}

async function compressBeside(file: string): Promise<void> {
  const bytes = await fs.readFile(file);
  if (bytes.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: 9 }),
  ]);
  if (br.length < bytes.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < bytes.length) await fs.writeFile(`${file}.gz`, gz);
}
