import { Link, type LinkProps } from 'react-router';

const variants = {
  primary: 'bg-brand-800 text-white hover:bg-brand-900',
  accent: 'bg-accent-400 text-brand-900 hover:bg-accent-500',
  outline: 'border-2 border-brand-800 text-brand-800 hover:bg-brand-50',
  light: 'border-2 border-white text-white hover:bg-white/10',
};

/** A link that looks like a button (calls to action: Get Started, REGISTER NOW, Login). */
export function ButtonLink({
  variant = 'primary',
  className = '',
  ...props
}: LinkProps & { variant?: keyof typeof variants }) {
  return (
    <Link
      className={`inline-flex min-h-11 items-center justify-center rounded-md px-5 py-2.5 text-center font-semibold tracking-wide ${variants[variant]} ${className}`}
      {...props}
    />
  );
}
