import { useSite } from '../../lib/site-context';

/**
 * The page's name in the browser tab and in what a screen reader announces on arrival. React 19 moves a
 * rendered <title> into the document head.
 */
export function DocumentTitle({ title }: { title: string }) {
  const site = useSite();
  return <title>{`${title} | ${site.shortName}`}</title>;
}
