import { useSite } from '../../features/site/api/get-site';

/**
 * The page's name in the browser tab and in what a screen reader announces on arrival. React 19 moves a
 * rendered <title> into the document head.
 */
export function DocumentTitle({ title }: { title: string }) {
  const site = useSite().data;
  return <title>{site ? `${title} | ${site.shortName}` : title}</title>;
}
