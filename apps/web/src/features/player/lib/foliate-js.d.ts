// The parts of foliate-js (plain JavaScript, no types of its own) that the book reader uses.
declare module 'foliate-js/view.js' {
  export interface TocItem {
    label: string;
    href: string;
    subitems?: TocItem[] | null;
  }

  export interface RelocateDetail {
    /** The fraction of the whole book read, 0..1. */
    fraction: number;
    cfi: string;
    tocItem?: { label?: string; href?: string } | null;
  }

  export interface FoliateBook {
    toc?: TocItem[] | null;
    dir?: string;
    metadata?: { title?: unknown };
  }

  export interface FoliateRenderer extends HTMLElement {
    setStyles?: (styles: string | [string, string]) => void;
  }

  export class View extends HTMLElement {
    book: FoliateBook;
    renderer: FoliateRenderer;
    open(book: File | Blob | string): Promise<void>;
    init(options: { lastLocation?: string | null; showTextStart?: boolean }): Promise<void>;
    goTo(target: string | number): Promise<unknown>;
    goLeft(): Promise<void>;
    goRight(): Promise<void>;
    prev(): Promise<void>;
    next(): Promise<void>;
    close(): void;
  }
}
