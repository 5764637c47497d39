import { describe, expect, it } from 'vitest';
import { mainPlan, welcomeBackPlan } from '../plan';
import { shortName } from './short-name';
import { stageWindow } from './stage-window';

describe('stageWindow', () => {
  it('counts the levels the current stage needs full', () => {
    expect(stageWindow(mainPlan, 0, [1, 0, 0])).toEqual({ levels: 1, positions: 1, places: 2 });
    // A Main member at stage 1 (Associate) needs levels 1 and 2 full: 2 + 4 places.
    expect(stageWindow(mainPlan, 1, [2, 3, 1, 0])).toEqual({ levels: 2, positions: 5, places: 6 });
  });

  it('covers every counted level once the last stage is completed', () => {
    const full = [2, 4, 8, 16];
    expect(stageWindow(welcomeBackPlan, welcomeBackPlan.stages.length, full)).toEqual({
      levels: 4,
      positions: 30,
      places: 30,
    });
  });
});

describe('shortName', () => {
  it('keeps the first name and the surname’s initial', () => {
    expect(shortName('chidi  eze')).toBe('Chidi E.');
    expect(shortName('Ada Ngozi Obi')).toBe('Ada O.');
    expect(shortName('Dayo')).toBe('Dayo');
    expect(shortName('  ')).toBe('A member');
  });
});
