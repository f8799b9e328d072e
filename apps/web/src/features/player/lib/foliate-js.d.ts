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
    sections: { linear?: string | null; size?: number | null }[];
    landmarks?: { type: string[]; href: string }[] | null;
    dir?: string;
    metadata?: { title?: unknown };
  }

  /** The paginator's own relocate event: the page on screen within its section. */
  export interface RendererRelocateDetail {
    index: number;
    /** Fraction of the section before the page (scroll offset in scrolled mode). */
    fraction?: number;
    /** Fraction of the section the page shows (paginated mode only). */
    size?: number;
  }

  export interface FoliateRenderer extends HTMLElement {
    setStyles?: (styles: string | [string, string]) => void;
  }

  export class View extends HTMLElement {
    book: FoliateBook;
    renderer: FoliateRenderer;
    /** What the last relocate event said. */
    lastLocation: RelocateDetail | null;
    resolveNavigation(target: string | number): { index: number } | null | undefined;
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
