import { PassThrough, type Readable } from 'node:stream';

/**
 * The input handed to exceljs's streaming workbook reader, guarding it against a race of the archive parser it
 * pipes into (unzipper 0.10, which exceljs 4.4 uses): that parser emits 'end' as soon as its input has been
 * written, even while entries it has already parsed wait in its readable buffer, paused because exceljs is still
 * copying a worksheet to a temporary file (unzipper's open pull request 346 removes that 'end'). exceljs then
 * stops reading the archive without the shared strings and the workbook part, and the read fails with
 * "Cannot read properties of undefined (reading 'sheets')": always for an uncompressed (stored) workbook, now
 * and then for a compressed one on a busy machine.
 *
 * The guard lets through only the archive stream's own 'end', which Node emits after the parser has reached the
 * end of the archive and every entry has been read (`readableEnded` is set just before it); a truncated archive
 * still fails, with unzipper's FILE_ENDED error.
 */
class GuardedArchiveInput extends PassThrough {
  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    const archive = destination as T & { readableEnded?: boolean };
    const emit = archive.emit.bind(archive);
    archive.emit = (event: string | symbol, ...args: unknown[]): boolean =>
      event === 'end' && archive.readableEnded === false ? false : emit(event, ...args);
    return super.pipe(destination, options);
  }
}

/**
 * `source` as the input of `new ExcelJS.stream.xlsx.WorkbookReader(...)`: the same bytes, with the archive's early
 * 'end' held back (above). Errors of `source` reach the reader; destroying the result destroys `source`.
 */
export function xlsxReaderInput(source: Readable): Readable {
  const input = new GuardedArchiveInput();
  source.on('error', (error) => input.destroy(error));
  input.on('close', () => source.destroy());
  return source.pipe(input);
}
