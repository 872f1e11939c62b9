import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zip } from './zip';

/** Reads the archive back through its central directory, as unzip does. */
function unzip(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const method = archive.readUInt16LE(at + 10);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const body = archive.subarray(dataStart, dataStart + size);
    files.set(name, method === 8 ? inflateRawSync(body) : Buffer.from(body));
    at += 46 + nameLength;
  }
  return files;
}

describe('the store zip', () => {
  it('holds every file with its bytes', () => {
    const text = Buffer.from('{"manifest_version":3}'.repeat(20));
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const files = unzip(zip([{ name: 'manifest.json', data: text }, { name: 'icons/icon-16.png', data: binary }]));
    expect([...files.keys()]).toEqual(['manifest.json', 'icons/icon-16.png']);
    expect(files.get('manifest.json')).toEqual(text);
    expect(files.get('icons/icon-16.png')).toEqual(binary);
  });

  it('gives the same bytes for the same files', () => {
    const entries = [{ name: 'a.js', data: Buffer.from('console.log(1)') }];
    expect(zip(entries).equals(zip(entries))).toBe(true);
  });
});
