/**
 * How a member appears to the people above them in the matrix and in a sponsor's wallet history: the first
 * name and the surname's initial ("Chidi E."), enough to recognise a friend without showing a full name.
 */
export function shortName(fullName: string): string {
  const words = fullName.split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return 'A member';
  const capital = (w: string) => w[0]!.toUpperCase() + w.slice(1);
  const last = words.length > 1 ? words[words.length - 1]! : null;
  return last ? `${capital(first)} ${last[0]!.toUpperCase()}.` : capital(first);
}
