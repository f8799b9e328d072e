// Where a thumbnail is served from is the domain's (the server names the featured cover with it too).
export { THUMBNAIL_FIELDS, thumbnailSrcSet, thumbnailUrl } from '@member/domain';

/**
 * How wide a card's picture is drawn (components/media/media-card.css, media-shelf.css, media-grid.css):
 * the browser picks from `srcset` with it before the layout is known.
 */
export const CARD_IMAGE_SIZES = '(min-width: 900px) 200px, 176px';
