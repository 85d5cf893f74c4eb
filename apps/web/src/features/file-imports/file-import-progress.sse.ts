/**
 * A server-sent events reader (WHATWG HTML "Server-sent events", the event stream interpretation): text is pushed
 * in arbitrary chunks; lines end with CRLF, LF or CR; `data:` lines (one optional space after the colon removed)
 * are joined with "\n" and handed to `onData` at the blank line ending the event; comments (`:`), other fields
 * and events without data are ignored. `end()` drops an unfinished event, as the standard says.
 */
export function createSseParser(onData: (data: string) => void): { push: (chunk: string) => void; end: () => void } {
  let buffer = '';
  let data: string[] = [];
  // A chunk may end between the CR and LF of one CRLF: the LF starting the next chunk is not a second line end.
  let afterCr = false;

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onData(data.join('\n'));
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
  };

  return {
    push(chunk) {
      let text = chunk;
      if (afterCr && text.startsWith('\n')) text = text.slice(1);
      afterCr = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 === buffer.length) afterCr = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      buffer = '';
      data = [];
    },
  };
}
