import { Link } from 'react-router';
import { useSite } from '../../features/site/api/get-site';
import { footerLinks } from './nav-links';

export function Footer() {
  const site = useSite().data;
  const social = site ? Object.entries(site.social).filter(([, url]) => url) : [];
  return (
    <footer className="bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:grid-cols-2">
        <div className="flex items-center gap-3">
          <img src="/logo.svg" alt="" width="44" height="44" />
          <span className="text-lg font-bold">{site?.shortName ?? ''}</span>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link className="hover:underline" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {social.length > 0 && (
          <ul className="flex gap-4 text-sm" aria-label="Social media">
            {social.map(([name, url]) => (
              <li key={name}>
                <a href={url} rel="noopener noreferrer" target="_blank" className="capitalize hover:underline">
                  {name}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="border-t border-brand-800 py-4 text-center text-xs">
        © {new Date().getFullYear()} {site?.name ?? ''}. All rights reserved.
      </p>
    </footer>
  );
}
