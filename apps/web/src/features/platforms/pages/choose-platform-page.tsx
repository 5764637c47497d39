import { Link, useSearchParams } from 'react-router';
import { Carousel } from '../../../components/ui/carousel';
import { DocumentTitle } from '../../../components/ui/document-title';
import { PlatformOptions } from '../components/platform-options';
import { chooserSlides } from '../components/chooser-slides';

/** /getstarted: the sign-up entry. A share link's `?ref=CODE` is carried on to the chosen sign-up form. */
export function ChoosePlatformPage() {
  const [params] = useSearchParams();
  const ref = params.get('ref');
  const query = ref ? `?${new URLSearchParams({ ref })}` : '';
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <DocumentTitle title="Choose a platform" />
      <h1 className="text-center text-2xl font-bold tracking-wide text-brand-900 sm:text-3xl">
        CHOOSE PLATFORM OF CHOICE
      </h1>
      <Carousel
        label="Our platforms"
        slides={chooserSlides}
        intervalMs={6000}
        className="mt-6 overflow-hidden rounded-xl"
      />
      <div className="mt-8">
        <PlatformOptions
          targets={{ main: `/mainsignup${query}`, welcomeback: `/welcomebacksignup${query}` }}
        />
      </div>
      <p className="mt-6 text-center text-slate-700">
        Not sure yet? Read about the{' '}
        <Link className="font-semibold text-brand-800 underline" to="/main">
          Main platform
        </Link>{' '}
        and the{' '}
        <Link className="font-semibold text-brand-800 underline" to="/welcomeback">
          Welcome Back platform
        </Link>
        .
      </p>
    </div>
  );
}
