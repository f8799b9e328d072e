// What the browse screens share, imported by each of them from here (never from the files below).
// Every page then reaches every shared part and the loaders, so the bundler puts them, and the styles, in
// one chunk instead of one per combination of pages: each chunk costs a name in the first page's preload
// map (docs/decisions/004).
import '../browse.css';

export { AccessRefused } from './access-refused';
export { BrowseTabs } from './browse-tabs';
export { GenreList } from './genre-list';
export { LiveScheduleList } from './live-schedule-list';
export { MediaDetailsView } from './media-details-view';
export { PagedMediaGrid } from './paged-media-grid';
