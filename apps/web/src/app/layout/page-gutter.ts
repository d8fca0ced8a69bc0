/**
 * The side padding of the page's content and footer from a tablet's width up: at least 80 px of
 * margin beside the content, where the floating community link (bottom-left) and the support
 * chat's button (bottom-right) sit without covering a card, a note or a checkbox. A wide screen's
 * own margin counts towards it, so from about 1380 px the usual 24 px remain.
 */
export const PAGE_GUTTER = 'sm:px-[max(1.5rem,min(5rem,calc(5rem_-_(100vw_-_80rem)_/_2)))]';
