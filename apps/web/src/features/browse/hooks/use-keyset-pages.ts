// The keyset pages hook moved to lib/media (the home page's "See all" lists use it too).
export * from '../../../lib/media/use-keyset-pages';
