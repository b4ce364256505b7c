import { useEffect } from 'react';

export const SHOP_NAME = 'Threadline';

export interface PageMeta {
  /** The document's title, with the shop's name. */
  title: string;
  description: string;
}

/** The meta of the page last rendered without a document (the build's prerender, the API's server render). */
let renderedMeta: PageMeta | undefined;

/** The title and description the page just rendered asked for (then forgotten): its HTML file's head. */
export function takeRenderedMeta(): PageMeta | undefined {
  const meta = renderedMeta;
  renderedMeta = undefined;
  return meta;
}

function documentTitle(title: string): string {
  return title ? `${title} · ${SHOP_NAME}` : SHOP_NAME;
}

/** Sets the page title and meta description (every page has both), also in the HTML the server sends. */
export function usePageMeta(title: string, description: string): void {
  if (typeof document === 'undefined') renderedMeta = { title: documentTitle(title), description };
  useEffect(() => {
    document.title = documentTitle(title);
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    tag.content = description;
  }, [title, description]);
}
