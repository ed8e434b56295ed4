import { describe, expect, it } from 'vitest';
import { MAX_FOLLOW_UPS } from '../../../../contract/campaigns';
import {
  addFollowUp,
  changeFollowUp,
  DELAY_PROBLEM,
  delayProblem,
  type FollowUpDraft,
  moveFollowUp,
  removeFollowUp,
  stepWithoutTemplate,
} from './follow-up-steps';

const step = (templateId: number): FollowUpDraft => ({
  key: `k${templateId}`,
  delayDays: templateId,
  businessDays: true,
  templateId,
});

describe('follow-up steps', () => {
  it('adds up to the limit and no more', () => {
    let steps: FollowUpDraft[] = [];
    for (let i = 0; i < MAX_FOLLOW_UPS + 2; i++) steps = addFollowUp(steps);
    expect(steps).toHaveLength(MAX_FOLLOW_UPS);
    // Each step keeps its own key, so React keeps its inputs with it when it moves.
    expect(new Set(steps.map((s) => s.key)).size).toBe(MAX_FOLLOW_UPS);
    expect(steps[0]).toMatchObject({ delayDays: 3, businessDays: true, templateId: null });
  });

  it('moves a step by one and leaves the ends alone', () => {
    const steps = [step(1), step(2), step(3)];
    expect(moveFollowUp(steps, 0, 1).map((s) => s.templateId)).toEqual([2, 1, 3]);
    expect(moveFollowUp(steps, 2, -1).map((s) => s.templateId)).toEqual([1, 3, 2]);
    expect(moveFollowUp(steps, 0, -1).map((s) => s.templateId)).toEqual([1, 2, 3]);
    expect(moveFollowUp(steps, 2, 1).map((s) => s.templateId)).toEqual([1, 2, 3]);
    // The input is not changed in place.
    expect(steps.map((s) => s.templateId)).toEqual([1, 2, 3]);
  });

  it('removes and changes one step', () => {
    const steps = [step(1), step(2), step(3)];
    expect(removeFollowUp(steps, 1).map((s) => s.templateId)).toEqual([1, 3]);
    expect(changeFollowUp(steps, 2, { businessDays: false })[2]).toEqual({ ...step(3), businessDays: false });
  });

  it('checks the delay is a whole number of days from 1 to 365', () => {
    expect(delayProblem({ delayDays: 1 })).toBeNull();
    expect(delayProblem({ delayDays: 365 })).toBeNull();
    expect(delayProblem({ delayDays: 0 })).toBe(DELAY_PROBLEM);
    expect(delayProblem({ delayDays: 366 })).toBe(DELAY_PROBLEM);
    expect(delayProblem({ delayDays: 1.5 })).toBe(DELAY_PROBLEM);
    expect(delayProblem({ delayDays: null })).toBe(DELAY_PROBLEM);
  });

  it('names the first step without a template by its number', () => {
    expect(stepWithoutTemplate([{ templateId: 4 }, { templateId: null }])).toBe(3);
    expect(stepWithoutTemplate([{ templateId: 4 }])).toBeNull();
  });
});
