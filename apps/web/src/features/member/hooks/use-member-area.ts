import { createContext, useContext } from 'react';
import type { MemberArea } from '../member-area';

export const MemberAreaContext = createContext<MemberArea | null>(null);

/** The programme whose member area the page is in (set by the member layout). */
export function useMemberArea(): MemberArea {
  const area = useContext(MemberAreaContext);
  if (!area) throw new Error('useMemberArea is used outside the member layout');
  return area;
}
