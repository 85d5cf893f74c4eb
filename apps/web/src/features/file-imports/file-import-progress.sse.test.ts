import { describe, expect, it } from 'vitest';
import { createSseParser } from './file-import-progress.sse';

function collect(chunks: string[]): string[] {
  const events: string[] = [];
  const parser = createSseParser((data) => events.push(data));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

describe('createSseParser', () => {
  it('hands over the data of each event at its blank line', () => {
    expect(collect(['data: {"a":1}\n\ndata: {"a":2}\n\n'])).toEqual(['{"a":1}', '{"a":2}']);
  });

  it('joins an event split across chunks, even inside a line', () => {
    expect(collect(['da', 'ta: {"rows', 'Done":5}', '\n', '\n'])).toEqual(['{"rowsDone":5}']);
  });

  it('accepts CRLF and CR line ends, also when a CRLF is split between chunks', () => {
    expect(collect(['data: one\r\n\r\n', 'data: two\r\r'])).toEqual(['one', 'two']);
    expect(collect(['data: three\r', '\n\r', '\n'])).toEqual(['three']);
  });

  it('joins several data lines with a newline and removes only one space after the colon', () => {
    expect(collect(['data: first\ndata:second\ndata:  third\n\n'])).toEqual(['first\nsecond\n third']);
  });

  it('skips comments, other fields and events without data', () => {
    expect(collect([': keep-alive\n\nevent: progress\nid: 4\nretry: 100\n\nevent: x\ndata: y\n\n'])).toEqual(['y']);
  });

  it('drops an event the stream ended in the middle of', () => {
    expect(collect(['data: done\n\ndata: cut'])).toEqual(['done']);
    expect(collect(['data: cut\n'])).toEqual([]);
  });
});
