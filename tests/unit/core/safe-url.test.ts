import { describe, expect, it } from 'vitest';
import { fileDownloadUrl } from '../../../widget/core/chat/file-url.js';
import { safeUrl, safeWebPage } from '../../../widget/core/chat/safe-url.js';

const template = '/cua-api/chat/files/{workRequestId}/{uuid}';
const file = { method: 'newAgentFileTransfer' as const, agentName: 'Sam', name: 'a.pdf' };

describe('links from the server', () => {
  it('only http(s) and same-site paths pass', () => {
    expect(safeUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeUrl(' http://example.com ')).toBe('http://example.com');
    expect(safeUrl('/support/x')).toBe('/support/x');
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(safeUrl('//evil.example.com/x')).toBeNull();
    expect(safeUrl('not a url')).toBeNull();
  });

  it('a page to open in a new tab (a pushed page): an absolute http(s) address only', () => {
    expect(safeWebPage(' https://example.com/offers ')).toBe('https://example.com/offers');
    expect(safeWebPage('http://example.com')).toBe('http://example.com');
    for (const unsafe of [
      '/support/x',
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example.com',
      'mailto:a@b.c',
      '',
    ]) {
      expect(safeWebPage(unsafe), unsafe).toBeNull();
    }
  });

  it('§7 file download URL: built from uuid and workRequestId under the API domain', () => {
    expect(fileDownloadUrl({ ...file, uuid: 'u 1', workRequestId: 'WR/1' }, template, 'https://api.x', null)).toBe(
      'https://api.x/cua-api/chat/files/WR%2F1/u%201',
    );
    expect(fileDownloadUrl({ ...file, uuid: 'u1' }, template, '', 'WR-2')).toBe('/cua-api/chat/files/WR-2/u1');
    expect(fileDownloadUrl({ ...file, uuid: 'u1' }, 'https://files.x/{uuid}', 'https://api.x', null)).toBe(
      'https://files.x/u1',
    );
  });

  it('§7 file download URL: an older server’s address is used when safe, ignored when not', () => {
    expect(fileDownloadUrl({ ...file, address: 'https://cdn.x/a.pdf' }, template, '', null)).toBe(
      'https://cdn.x/a.pdf',
    );
    expect(fileDownloadUrl({ ...file, address: 'javascript:alert(1)', uuid: 'u1' }, template, '', 'W')).toBe(
      '/cua-api/chat/files/W/u1',
    );
    expect(fileDownloadUrl({ ...file, address: 'javascript:alert(1)' }, template, '', 'W')).toBeNull();
    expect(fileDownloadUrl(file, template, '', 'W')).toBeNull();
  });
});
