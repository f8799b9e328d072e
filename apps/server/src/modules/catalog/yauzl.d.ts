/** The part of yauzl 3 (no published types) that catalog.import-epub.ts uses. */
declare module 'yauzl' {
  import type { Readable } from 'node:stream';

  export interface Entry {
    fileName: string;
    uncompressedSize: number;
    compressedSize: number;
    isEncrypted(): boolean;
  }

  export interface ZipFile {
    entryCount: number;
    eachEntry(): AsyncIterableIterator<Entry>;
    openReadStreamPromise(entry: Entry): Promise<Readable>;
    close(): void;
  }

  export function openPromise(
    path: string,
    options?: { autoClose?: boolean; strictFileNames?: boolean; validateEntrySizes?: boolean },
  ): Promise<ZipFile>;
}
