/**
 * A CSS custom property: the height of a bar a page keeps fixed at the bottom of the screen (the product page's
 * sticky Add to Cart on phones), which the button keeps above.
 */
export const STICKY_BAR_ROOM = '--sticky-bar-room';
