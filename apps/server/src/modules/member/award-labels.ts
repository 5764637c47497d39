import { getPlan, type Programme } from '@coop/core';

/** The plan's own name for an award kind ("Laptop award"), so the member sees the words of the stage table. */
export function awardLabel(programme: Programme, kind: string): string {
  for (const stage of getPlan(programme).stages) {
    const award = stage.awards.find((a) => a.kind === kind);
    if (award) return award.label;
  }
  return kind.replace(/_/g, ' ');
}
