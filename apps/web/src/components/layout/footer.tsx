import { Link } from 'react-router';
import { useSite } from '../../lib/site-context';
import { footerLinks } from './nav-links';
import { SocialIcons } from './social-icons';

/** The public footer (spec 2.3): logo and short name, the site's links, social icons when configured, the current year. */
export function Footer() {
  const site = useSite();
  return (
    <footer className="bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-[1fr_2fr]">
        <div>
          <div className="flex items-center gap-3">
            <img src="/logo.svg" alt="" width="44" height="44" className="rounded-full bg-white p-0.5" />
            <span className="text-lg font-bold">{site.shortName}</span>
          </div>
          <SocialIcons social={site.social} className="mt-5" />
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link className="inline-block py-2 hover:underline" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-brand-800 px-4 py-4 text-center text-sm">
        © {new Date().getFullYear()} {site.name}. All rights reserved.
      </p>
    </footer>
  );
}
