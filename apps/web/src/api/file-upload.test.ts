import { describe, expect, it, vi } from 'vitest';

// The real transport's module chain reads browser globals; these tests inject their own PUT.
vi.mock('./rest', () => ({ messageOf: vi.fn(async () => 'refused') }));

import { uploadFile } from './file-upload';

const pdf = () => new File(['%PDF-1.4'], 'care-plan.pdf', { type: 'application/pdf' });

describe('uploadFile', () => {
  it('creates the record with the file facts, then PUTs the bytes to its url', async () => {
    const create = vi.fn(async () => ({ id: 7, url: '/upload/7' }));
    const remove = vi.fn(async () => undefined);
    const put = vi.fn(async () => undefined);
    const file = pdf();
    await expect(uploadFile({ file, create, remove, put })).resolves.toEqual({ id: 7, url: '/upload/7' });
    expect(create).toHaveBeenCalledWith({ filename: 'care-plan.pdf', size: 8, contentType: 'application/pdf' });
    expect(put).toHaveBeenCalledWith('/upload/7', file);
    expect(remove).not.toHaveBeenCalled();
  });

  it('deletes the record and rethrows when the PUT fails', async () => {
    const create = vi.fn(async () => ({ id: 9, url: '/upload/9' }));
    const remove = vi.fn(async () => undefined);
    const put = vi.fn(async () => Promise.reject(new Error('Upload URL expired')));
    await expect(uploadFile({ file: pdf(), create, remove, put })).rejects.toThrow('Upload URL expired');
    expect(remove).toHaveBeenCalledWith(9);
  });

  it('still rethrows the PUT error when the delete fails too', async () => {
    const create = vi.fn(async () => ({ id: 3, url: '/upload/3' }));
    const remove = vi.fn(async () => Promise.reject(new Error('gone')));
    const put = vi.fn(async () => Promise.reject(new Error('Too large')));
    await expect(uploadFile({ file: pdf(), create, remove, put })).rejects.toThrow('Too large');
  });

  it('refuses to start without a file', async () => {
    const create = vi.fn();
    await expect(uploadFile({ file: null, create, remove: vi.fn() })).rejects.toThrow('No file provided');
    expect(create).not.toHaveBeenCalled();
  });
});
