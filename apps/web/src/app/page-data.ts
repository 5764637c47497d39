// The narrow entry: the contracts' index would bring zod into the first download.
export {
  PLANS_DATA_ID,
  QUERY_DATA_ID,
  ROUTER_DATA_ID,
  SITE_DATA_ID,
  TIME_ZONE_COOKIE,
} from '@coop/core/page-data';

/** Reads a JSON block the server wrote into the page (see @coop/core/contracts page-data). */
export function readJsonBlock<T>(id: string): T | null {
  const text = document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : null;
}
